/**
 * The footer's newsletter form (src/layouts/parts/Footer.astro) on every page: its sign-up code
 * (islands/shared/newsletter/footer.ts, through ./on-demand.ts, which keeps its list of files out of every
 * page's scripts) loads when the shopper reaches for the form, not with the page. A
 * submit made before the code is there waits for it; should it fail to load, the form submits as it does
 * without JavaScript (the newsletter page, with the e-mail typed).
 */
const forms = document.querySelectorAll<HTMLFormElement>('form[data-newsletter]');
let ready = false;
let loading: Promise<void> | undefined;
const load = () =>
  (loading ??= import('./on-demand.ts')
    .then(({ loadNewsletterForm }) => loadNewsletterForm())
    .then(({ enhanceNewsletterForm }) => {
      forms.forEach(enhanceNewsletterForm);
      ready = true;
    }));

for (const form of forms) {
  form.addEventListener('focusin', () => void load().catch(() => {}), { once: true });
  form.addEventListener('submit', (event) => {
    if (ready) return;
    event.preventDefault();
    load().then(
      () => form.requestSubmit(),
      () => form.submit(),
    );
  });
}
