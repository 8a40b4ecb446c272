/**
 * Choosing a format on a product page: the formats are real links to the format's page (they work with
 * JavaScript off). Here, a chosen link carries the shopper's purchase mode, frequency and quantity in its
 * address (the page's island starts from them), and the new page opens where the shopper was: its format
 * list at the same height on the screen as the one they tapped, not back at the top.
 */
import { purchaseChoiceOf, withPurchaseChoice, type PurchaseChoice } from '../lib/catalogue/purchase-choice.ts';
import { STORAGE_KEYS } from '../lib/constants.ts';

const SCROLL_KEY = STORAGE_KEYS.formatSwitch;
interface Pending {
  path: string;
  top: number;
}

const numberOf = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) ? n : fallback;
};

/** The purchase form's current values (its HTML's before the island runs, the island's after), and its defaults. */
function choiceOf(form: HTMLFormElement): { choice: PurchaseChoice; defaults: PurchaseChoice } {
  const defaults = { interval: numberOf(form.dataset.defaultInterval, 0), quantity: numberOf(form.dataset.defaultQuantity, 1) };
  const interval = form.querySelector<HTMLSelectElement | HTMLInputElement>('[name="interval"]');
  const quantity = form.querySelector<HTMLInputElement>('[name="quantity"]');
  return {
    choice: { interval: numberOf(interval?.value, defaults.interval), quantity: numberOf(quantity?.value, defaults.quantity) },
    defaults,
  };
}

/**
 * The choice the address carries, shown by the form's HTML at once: a purchase submitted before the island
 * runs (the form is a cart link) takes it too. What the form offers says what the product offers.
 */
function showCarriedChoice(form: HTMLFormElement): void {
  // A product sold once only has no list to choose from (a hidden field): its quantity alone is carried.
  const interval = form.querySelector<HTMLSelectElement>('select[name="interval"]');
  const quantity = form.querySelector<HTMLInputElement>('[name="quantity"]');
  const offered = interval ? [...interval.options].map((o) => o.value) : [];
  const carried = purchaseChoiceOf(location.search, { buyOnce: offered.includes('0'), subscribe: offered.some((v) => v !== '0') });
  if (interval && carried.interval !== undefined) interval.value = String(carried.interval);
  if (quantity && carried.quantity !== undefined) quantity.value = String(carried.quantity);
}

function readPending(): Pending | null {
  try {
    const raw = sessionStorage.getItem(SCROLL_KEY);
    sessionStorage.removeItem(SCROLL_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null) return null;
    const { path, top } = value as Record<string, unknown>;
    return typeof path === 'string' && typeof top === 'number' && Number.isFinite(top) ? { path, top } : null;
  } catch {
    return null; // storage refused or a stranger's value: the page opens at the top, as a plain link would
  }
}

export function enhanceFormats(list: HTMLElement): void {
  const purchase = document.querySelector<HTMLFormElement>('form[data-purchase]');
  if (purchase) showCarriedChoice(purchase);
  const pending = readPending();
  if (pending && pending.path === location.pathname) window.scrollBy(0, list.getBoundingClientRect().top - pending.top);

  const follow = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-variant]') : null;
    const form = document.querySelector<HTMLFormElement>('form[data-purchase]');
    if (!link || !form) return;
    // The link's own page, without a choice it may carry from an earlier click.
    const path = new URL(link.href).pathname;
    const { choice, defaults } = choiceOf(form);
    link.href = withPurchaseChoice(path, choice, defaults);
    // A new tab or window (a middle click, a modifier key) opens at its top; only this tab's next page keeps the position.
    if (event.type !== 'click' || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path, top: list.getBoundingClientRect().top }));
    } catch {
      /* storage refused: the new page opens at its top */
    }
  };
  list.addEventListener('click', follow);
  list.addEventListener('auxclick', follow);
}
