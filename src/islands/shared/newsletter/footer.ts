/**
 * The footer's newsletter form on every page, without React (a site-wide bit must not load it): sends the
 * sign-up with subscribe.ts and writes the outcome under the field. Its texts come with the markup
 * (data-* attributes of Footer.astro), in the page's language. Without JavaScript the form opens the
 * newsletter page with the e-mail typed.
 */
import { PUBLIC_SHOP_API_URL } from 'astro:env/client';
import { localeCodes, type LocaleCode } from '../../../lib/channels.ts';
import { subscribeToNewsletter } from './subscribe.ts';

interface FooterTexts {
  required: string;
  email: string;
  generic: string;
  sent: string;
  pending: string;
}

/** Sends the form's sign-up in place: loaded by Footer.astro's script when the shopper first reaches for the form. */
export function enhanceNewsletterForm(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form.querySelector<HTMLElement>('[data-newsletter-status]');
  if (!input || !button || !status) return;
  const texts = JSON.parse(form.dataset.texts ?? '{}') as FooterTexts;
  const locale = (localeCodes as readonly string[]).includes(form.dataset.locale ?? '') ? (form.dataset.locale as LocaleCode) : 'fr_FR';
  const label = button.textContent;
  let pending = false;

  const show = (text: string, kind: 'error' | 'sent' | '') => {
    status.textContent = text;
    status.dataset.kind = kind;
    if (kind === 'error') input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };
  input.addEventListener('input', () => {
    if (status.dataset.kind === 'error') show('', '');
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (pending) return;
    pending = true;
    button.disabled = true;
    button.textContent = texts.pending;
    const outcome = await subscribeToNewsletter({ apiUrl: PUBLIC_SHOP_API_URL, locale, email: input.value, source: 'footer' });
    pending = false;
    button.disabled = false;
    button.textContent = label;
    if (outcome.status === 'sent') {
      show(texts.sent.replace('{email}', outcome.email), 'sent');
      input.value = '';
    } else if (outcome.status === 'invalid') {
      show(texts[outcome.error], 'error');
      input.focus();
    } else show(outcome.message ?? texts.generic, 'error');
  });
}
