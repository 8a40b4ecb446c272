/**
 * The page's analytics events, pushed to the tag manager's data layer, without React or zod:
 * page_view (path, title, locale), view_item_list for each list of products the page renders
 * (data-item-list-id and -name on the list, data-item on each card) and view_item on a product page
 * (data-viewed-item: the format shown), each with the shopper's classes (Connected or Non-connected; Guest,
 * New client or Old client). add_to_cart and view_cart come from the cart store (stores/analytics.ts).
 *
 * Loaded only once the shopper consented to the audience measure (page-scripts/analytics.ts, a dynamic
 * import): a page without that consent downloads none of it.
 */
import {
  pageView,
  parsePageItem,
  parseRememberedItems,
  rememberItem,
  type PageItem,
  viewItem,
  viewItemList,
} from '../../lib/analytics/events.ts';
import { pushWithConsent, storedShopper } from '../../lib/analytics/data-layer.ts';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { SHELL_ID } from '../../lib/routes/shell.ts';

/**
 * The page's path, without its query. A page served for every runtime id (an order token, a reset token)
 * is reported by its shell's path: the id is the shopper's, and a token must never leave for a third party.
 */
function pagePath(): string {
  const built = document.querySelector('meta[property="og:url"]')?.getAttribute('content');
  try {
    const path = built ? new URL(built).pathname : null;
    if (path?.split('/').includes(SHELL_ID)) return path;
  } catch {
    /* no usable address in the page: its own path then */
  }
  return location.pathname;
}

const itemsIn = (root: ParentNode, selector: string): PageItem[] =>
  [...root.querySelectorAll<HTMLElement>(selector)].flatMap((el) => parsePageItem(el.dataset.item ?? el.dataset.viewedItem) ?? []);

/**
 * A product page's product, kept for this visit (with consent only, as everything analytics keeps): the
 * cart page renders no product data, and its view_cart names the categories of what was seen before.
 */
function remember(item: PageItem): void {
  try {
    const known = parseRememberedItems(sessionStorage.getItem(STORAGE_KEYS.analyticsItems));
    sessionStorage.setItem(STORAGE_KEYS.analyticsItems, JSON.stringify(rememberItem(known, item)));
  } catch {
    /* storage refused: the cart's events go without the categories */
  }
}

/** What the page shows, as events: the product it is about, then its lists of products. */
function shownEvents(): object[] {
  const shopper = storedShopper();
  const lists = [...document.querySelectorAll<HTMLElement>('[data-item-list-id]')].flatMap((list) =>
    viewItemList(
      { item_list_id: list.dataset.itemListId ?? '', item_list_name: list.dataset.itemListName || list.dataset.itemListId || '' },
      itemsIn(list, '[data-item]'),
      shopper,
    ),
  );
  const [viewed] = itemsIn(document, '[data-viewed-item]');
  if (!viewed) return lists;
  remember(viewed);
  return [viewItem(viewed, shopper), ...lists];
}

let pageViewPushed = false;
function pushPageView(): void {
  if (pageViewPushed) return;
  const locale = document.querySelector('meta[property="og:locale"]')?.getAttribute('content') ?? document.documentElement.lang;
  pageViewPushed = pushWithConsent([pageView({ path: pagePath(), title: document.title, locale }, storedShopper())]);
}

/**
 * Pushes the page_view (once), and with it what the page shows when `shown`: not when the consent was
 * given on this page, since what the page showed before the answer is not counted.
 */
export function pushPageEvents(shown: boolean): void {
  pushPageView();
  if (shown) pushWithConsent(shownEvents());
}
