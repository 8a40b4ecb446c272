/**
 * The cookie consent, on every page without React: shows the banner until the shopper answers, stores the
 * answer, and only then loads the tag manager (when the build names one, PUBLIC_GTM_ID, and the shopper
 * accepted the audience measure). Nothing is loaded or sent before an answer. Any element with
 * data-consent-open (the footer's "Gérer les cookies") reopens the banner.
 */
import { PUBLIC_GTM_ID } from 'astro:env/client';
import { allows, CONSENT_STORAGE_KEY, consentAnswer, parseConsent, type Consent } from '../lib/marketing/consent.ts';
import { tagManagerScriptUrl } from '../lib/marketing/tag-manager.ts';

function stored(): Consent | null {
  try {
    return parseConsent(localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
}

let tagManagerLoaded = false;
function loadTagManager(consent: Consent | null) {
  if (tagManagerLoaded || !PUBLIC_GTM_ID || !allows(consent, 'analytics')) return;
  tagManagerLoaded = true;
  const page = window as unknown as { dataLayer?: unknown[] };
  page.dataLayer = page.dataLayer ?? [];
  page.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = tagManagerScriptUrl(PUBLIC_GTM_ID);
  document.head.append(script);
}

const banner = document.getElementById('consent-banner');
const choices = document.getElementById('consent-choices') as HTMLFormElement | null;

function answer(choice: Parameters<typeof consentAnswer>[0]) {
  const consent = consentAnswer(choice, new Date());
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    /* storage refused: the answer holds for this page */
  }
  if (banner) banner.hidden = true;
  loadTagManager(consent);
}

function open() {
  if (!banner) return;
  const consent = stored();
  if (choices && consent) {
    (choices.elements.namedItem('analytics') as HTMLInputElement).checked = consent.analytics;
    (choices.elements.namedItem('marketing') as HTMLInputElement).checked = consent.marketing;
  }
  banner.hidden = false;
  banner.querySelector<HTMLButtonElement>('[data-consent="all"]')?.focus();
}

banner?.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('[data-consent]');
  const kind = button?.dataset.consent;
  if (kind === 'all' || kind === 'none') answer(kind);
  else if (kind === 'choose' && choices && button) {
    choices.hidden = !choices.hidden;
    button.setAttribute('aria-expanded', String(!choices.hidden));
  }
});
choices?.addEventListener('submit', (event) => {
  event.preventDefault();
  const checked = (name: string) => (choices.elements.namedItem(name) as HTMLInputElement).checked;
  answer({ analytics: checked('analytics'), marketing: checked('marketing') });
});
document.addEventListener('click', (event) => {
  if ((event.target as Element).closest('[data-consent-open]')) {
    event.preventDefault();
    open();
  }
});

const consent = stored();
if (consent) loadTagManager(consent);
else if (banner) banner.hidden = false;
