/**
 * The analytics of every page (page_view, view_item_list, view_item: analytics/page-events.ts), only with
 * the shopper's consent to the audience measure. Nothing is pushed before an answer or after a refusal,
 * and nothing of it is downloaded either: the events' code is a dynamic import made once consent is
 * known. What the page showed before the answer is not kept for later (consent is not asked in order to
 * count the past); the one exception is the page_view, pushed once when the shopper accepts on this page,
 * since the visit to it goes on from there. add_to_cart and view_cart come from the cart store.
 */
import { allows, CONSENT_STORAGE_KEY, parseConsent } from '../lib/marketing/consent.ts';

function analyticsAllowed(): boolean {
  try {
    return allows(parseConsent(localStorage.getItem(CONSENT_STORAGE_KEY)), 'analytics');
  } catch {
    return false;
  }
}

const pushPageEvents = (shown: boolean) =>
  import('./analytics/page-events.ts').then(
    (events) => events.pushPageEvents(shown),
    (error: unknown) => console.warn('The analytics events could not load', error),
  );

function startAnalytics(): void {
  if (analyticsAllowed()) {
    void pushPageEvents(true);
    return;
  }
  // An answer given on this page (the banner's buttons and its form, page-scripts/consent.ts): read once the
  // banner's own handlers have stored it, after the event is done.
  const answered = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('#consent-banner'))
      setTimeout(() => {
        if (analyticsAllowed()) void pushPageEvents(false);
      }, 0);
  };
  document.addEventListener('click', answered);
  document.addEventListener('submit', answered);
}

// Once per document, even were this script bundled twice into a page.
const page = window as { __mgAnalytics?: boolean };
if (!page.__mgAnalytics) {
  page.__mgAnalytics = true;
  startAnalytics();
}
