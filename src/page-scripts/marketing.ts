/**
 * Marketing on every page, without React (src/islands/marketing/Marketing.astro):
 *
 * - Once the shopper consented to marketing (a stored answer, or the banner's answer given on this page),
 *   the page sends page_view (and view_item on a product page, view_cart on the cart) to the marketing-event
 *   service with the shopper's A/B segments, and acts on the answer: the top header, a popup, the A/B test
 *   (marked on <html data-ab-{test}>), page_view_done. Before an answer or after a refusal nothing is sent,
 *   the rule of the tag manager. All of that, with the service's client, is a dynamic import made once
 *   consent is known (./marketing/consented.ts): a page without it downloads none of it.
 * - Exit intent (src/lib/marketing/exit-intent.ts) shows the 5 € newsletter offer: the service's exit-intent
 *   popup with consent, the shop's own without (or when the service has none or fails). At most once per
 *   visit, never again once the shopper signed up for the newsletter, never on the checkout funnel or the
 *   account pages, never over another dialog.
 *   Switches: the site setting PUBLIC_EXIT_INTENT (on by default), and at run time a page or the tag
 *   manager sets `window.__mgExitIntent = false` to turn it off (read at each trigger, so setting it late
 *   still counts).
 * - Popups are a React island (src/islands/marketing/MarketingPopup.tsx), loaded only when one shows
 *   (./on-demand.ts).
 */
import { PUBLIC_EXIT_INTENT } from 'astro:env/client';
import { localeCodes, type LocaleCode } from '../lib/channels.ts';
import { STORAGE_KEYS } from '../lib/constants.ts';
import { allows, CONSENT_STORAGE_KEY, parseConsent } from '../lib/marketing/consent.ts';
import { exitIntentStep, initialExitIntent, type ExitSignal } from '../lib/marketing/exit-intent.ts';
import type { Alternates, PopupContent } from '../lib/marketing/popups.ts';
import type { MarketingPageContext } from './marketing/consented.ts';
import { exitIntentOn, mayShowExitPopup, pageKindOf, parseClosedCampaigns } from './marketing/rules.ts';

declare global {
  interface Window {
    /** `false` turns exit intent off on this page (a page, the tag manager); anything else leaves it on. */
    __mgExitIntent?: unknown;
  }
}

const read = (storage: () => Storage, key: string): string | null => {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
};
const write = (storage: () => Storage, key: string, value: string): void => {
  try {
    storage().setItem(key, value);
  } catch {
    /* storage refused (private mode): the rule holds for this page only */
  }
};
const local = () => window.localStorage;
const session = () => window.sessionStorage;

function start(root: HTMLElement) {
  const locale: LocaleCode = (localeCodes as readonly string[]).includes(root.dataset.locale ?? '')
    ? (root.dataset.locale as LocaleCode)
    : 'fr_FR';
  const page = pageKindOf(root.dataset.page);
  let alternates: Alternates = {};
  try {
    const parsed: unknown = JSON.parse(root.dataset.alternates ?? '{}');
    if (parsed && typeof parsed === 'object') alternates = parsed as Alternates;
  } catch {
    /* no twins: the walls offer what they can */
  }
  const path = window.location.pathname.slice(0, 500);
  const marketingConsent = () => allows(parseConsent(read(local, CONSENT_STORAGE_KEY)), 'marketing');
  const consented = () => import('./marketing/consented.ts');

  // Campaigns the shopper closed stay closed for the visit.
  const closed = () => parseClosedCampaigns(read(session, STORAGE_KEYS.campaignsClosed));
  const close = (campaign: string | undefined) => {
    if (campaign && !closed().includes(campaign)) write(session, STORAGE_KEYS.campaignsClosed, JSON.stringify([...closed(), campaign]));
  };
  const signedUp = () => read(local, STORAGE_KEYS.newsletterSignedUp) !== null;
  const markSignedUp = () => write(local, STORAGE_KEYS.newsletterSignedUp, new Date().toISOString());

  const dialogOpen = () => popupOpen || document.querySelector('dialog[open], [aria-modal="true"], #consent-banner:not([hidden])') !== null;

  let popupOpen = false;
  let container: HTMLElement | null = null;
  /** Shows a popup (the island loads now); resolves once it is on the screen, false when another is open. */
  async function showPopup(popup: PopupContent, campaign?: string): Promise<boolean> {
    if (dialogOpen()) return false;
    popupOpen = true;
    try {
      const { mountMarketingPopup } = await (await import('./on-demand.ts')).loadMarketingPopup();
      if (!container) {
        container = document.createElement('div');
        container.id = 'marketing-popup';
        document.body.append(container);
      }
      await mountMarketingPopup(container, {
        locale,
        alternates,
        popup,
        onClose: () => {
          popupOpen = false;
          close(campaign);
        },
        onSignedUp: markSignedUp,
      });
      return true;
    } catch (error) {
      popupOpen = false;
      console.warn('The marketing popup could not load', error);
      return false;
    }
  }

  const context: MarketingPageContext = { locale, page, path, closedCampaigns: closed, closeCampaign: close, signedUp, showPopup };
  let pageTracked = false;
  async function trackPage() {
    if (pageTracked || !marketingConsent()) return;
    pageTracked = true;
    await (await consented()).trackPage(context);
  }
  void trackPage();
  // The banner's answer given on this page: its own handlers (page-scripts/consent.ts) sit deeper than the
  // document and have stored it by the time these run.
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('#consent-banner [data-consent]')) void trackPage();
  });
  document.addEventListener('submit', (event) => {
    if (event.target instanceof Element && event.target.id === 'consent-choices') void trackPage();
  });

  // A sign-up from the footer's form (page-scripts' footer.ts marks its status "sent") counts as one too.
  for (const status of document.querySelectorAll<HTMLElement>('form[data-newsletter] [data-newsletter-status]')) {
    new MutationObserver(() => {
      if (status.dataset.kind === 'sent') markSignedUp();
    }).observe(status, { attributes: true, attributeFilter: ['data-kind'] });
  }

  async function showExitPopup() {
    write(session, STORAGE_KEYS.exitIntentShown, '1');
    if (marketingConsent()) {
      const chosen = await consented()
        .then(({ serviceExitPopup }) => serviceExitPopup(context))
        .catch(() => false);
      if (chosen) return;
    }
    // Without consent, or when the service has no popup (or failed): the shop's own offer.
    await showPopup({ type: 'exit_intent' });
  }

  if (!exitIntentOn(PUBLIC_EXIT_INTENT, window.__mgExitIntent) || page === 'quiet') return;
  let state = initialExitIntent(true);
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Feeds a signal; true when the popup is to show now. */
  function feed(signal: ExitSignal): boolean {
    const step = exitIntentStep(state, signal);
    state = step.state;
    if (state.softDueAt !== null && timer === null) {
      timer = setTimeout(
        () => {
          timer = null;
          feed({ type: 'tick', at: Date.now() });
        },
        Math.max(0, state.softDueAt - signal.at),
      );
    }
    if (!step.trigger) return false;
    const allowed = mayShowExitPopup({
      siteSwitch: PUBLIC_EXIT_INTENT,
      pageSwitch: window.__mgExitIntent,
      page,
      shownThisVisit: read(session, STORAGE_KEYS.exitIntentShown) !== null,
      signedUp: signedUp(),
      dialogOpen: dialogOpen(),
    });
    if (!allowed) {
      // Not now (another dialog is open): a later signal may still show it.
      state = { ...state, fired: false };
      return false;
    }
    void showExitPopup();
    return true;
  }

  document.addEventListener('mouseout', (event) => {
    if (event.relatedTarget === null) feed({ type: 'mouseleave', clientY: event.clientY, at: Date.now() });
  });
  document.addEventListener('mouseover', (event) => {
    if (event.relatedTarget === null) feed({ type: 'mouseenter', at: Date.now() });
  });
  // Scrolling up is a sign of leaving on a phone only: on a computer it is reading.
  const phone = window.matchMedia('(pointer: coarse), (max-width: 767.98px)');
  window.addEventListener(
    'scroll',
    () => {
      if (!phone.matches) return;
      feed({
        type: 'scroll',
        scrollY: window.scrollY,
        viewportHeight: window.innerHeight,
        pageHeight: document.documentElement.scrollHeight,
        at: Date.now(),
      });
    },
    { passive: true },
  );
  // A link to another site in the same tab: the offer shows at once, and the shopper stays on the page
  // (following the link again leaves: exit intent fires once per page).
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (!link || link.hasAttribute('download')) return;
    const ownOrigins = (root.dataset.ownOrigins ?? '').split(' ').filter(Boolean);
    if (
      feed({
        type: 'link',
        href: link.href,
        target: link.getAttribute('target'),
        pageUrl: window.location.href,
        ownOrigins,
        at: Date.now(),
      })
    )
      event.preventDefault();
  });
}

const root = document.getElementById('marketing-root');
if (root) start(root);
