/**
 * What the marketing of a page does once the shopper consented to marketing, loaded only then (a dynamic
 * import from page-scripts/marketing.ts, with the service's client): page_view (and view_item on a
 * product page, view_cart on the cart) sent with the shopper's A/B segments, and the answers acted on —
 * the top header, a popup — and the exit-intent popup the service may choose. The page keeps what must
 * work without consent (exit intent's detection, the shop's own offer, the closed campaigns).
 */
import type { LocaleCode } from '../../lib/channels.ts';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import type { MarketingPage } from '../../lib/marketing/pages.ts';
import type { PopupContent } from '../../lib/marketing/popups.ts';
import type { EventAnswer } from '../../lib/marketing/wire.ts';
import { abAttributeOf, campaignHref, storedSegments } from './rules.ts';
import { consentedMarketing } from './service.ts';

/** What the page script hands over: the page, and its own rules for campaigns and popups. */
export interface MarketingPageContext {
  locale: LocaleCode;
  page: MarketingPage;
  path: string;
  closedCampaigns: () => string[];
  closeCampaign: (campaign: string) => void;
  signedUp: () => boolean;
  /** Shows a popup (its island loads then); false when it could not (another dialog is open). */
  showPopup: (popup: PopupContent, campaign?: string) => Promise<boolean>;
}

type Track = ReturnType<typeof consentedMarketing>;
let tracker: Track | null = null;
const trackerOf = (locale: LocaleCode): Track => (tracker ??= consentedMarketing(locale));

const popupOf = (data: NonNullable<EventAnswer['popup']>): PopupContent | null =>
  data.popup_type
    ? {
        type: data.popup_type,
        title: typeof data.title === 'string' && data.title.trim() ? data.title.trim().slice(0, 200) : undefined,
        text: typeof data.text === 'string' && data.text.trim() ? data.text.slice(0, 5000) : undefined,
      }
    : null;

function showTopHeader(context: MarketingPageContext, data: NonNullable<EventAnswer['top_header']>): boolean {
  const bar = document.getElementById('top-header');
  const text = bar?.querySelector<HTMLElement>('[data-top-header-text]');
  if (!bar || !text || typeof data.text !== 'string' || !data.text.trim() || context.closedCampaigns().includes(data.campaign))
    return false;
  const href = campaignHref(data.link, window.location.href);
  const content = document.createTextNode(data.text.trim().slice(0, 200));
  if (href) {
    const link = document.createElement('a');
    link.href = href;
    link.append(content);
    text.replaceChildren(link);
  } else text.replaceChildren(content);
  bar.hidden = false;
  // The room at the page's end is the bar's height as drawn (its text may wrap on a phone).
  document.documentElement.style.setProperty('--top-header-height', `${bar.offsetHeight}px`);
  document.documentElement.classList.add('has-top-header');
  // Slides in from below the screen once drawn hidden there.
  requestAnimationFrame(() => requestAnimationFrame(() => bar.classList.add('is-shown')));
  bar.querySelector('[data-top-header-close]')?.addEventListener(
    'click',
    () => {
      bar.hidden = true;
      bar.classList.remove('is-shown');
      context.closeCampaign(data.campaign);
    },
    { once: true },
  );
  return true;
}

/** What a page event's answer shows: the top header and a popup (abtest and page_view_done are the service module's). */
async function act(context: MarketingPageContext, answer: EventAnswer, report: (campaign: string) => Promise<boolean>) {
  if (context.page === 'quiet') return;
  if (answer.top_header && showTopHeader(context, answer.top_header)) void report(answer.top_header.campaign);
  const popup = answer.popup && popupOf(answer.popup);
  if (
    answer.popup &&
    popup &&
    !context.closedCampaigns().includes(answer.popup.campaign) &&
    !(popup.type === 'exit_intent' && context.signedUp())
  ) {
    if (await context.showPopup(popup, answer.popup.campaign)) void report(answer.popup.campaign);
  }
}

/** The page's events, sent once per page by the page script. */
export async function trackPage(context: MarketingPageContext): Promise<void> {
  const { page, path } = context;
  // The segments kept from earlier visits, marked before the service answers, so a variant shows from the start.
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(STORAGE_KEYS.abTests);
  } catch {
    /* storage refused: no segments kept */
  }
  for (const [test, segment] of storedSegments(kept)) {
    const attribute = abAttributeOf(test);
    if (attribute) document.documentElement.setAttribute(attribute, segment);
  }
  const track = trackerOf(context.locale);
  const viewed = await track('page_view', { path });
  await act(context, viewed.answer, viewed.report);
  const sku = document.querySelector<HTMLElement>('[data-sku]')?.dataset.sku?.slice(0, 100);
  if (page === 'product' && sku) {
    const { answer, report } = await track('view_item', { path, product_code: sku });
    await act(context, answer, report);
  } else if (page === 'cart') {
    const { answer, report } = await track('view_cart', { path });
    await act(context, answer, report);
  }
}

/** The service's exit-intent popup, shown when it has one: whether it had (false: the page shows the shop's own offer). */
export async function serviceExitPopup(context: MarketingPageContext): Promise<boolean> {
  const { answer, report } = await trackerOf(context.locale)('exit_intent', { path: context.path });
  const popup = answer.popup && popupOf(answer.popup);
  if (!answer.popup || !popup) return false;
  if (await context.showPopup(popup, answer.popup.campaign)) void report(answer.popup.campaign);
  return true;
}
