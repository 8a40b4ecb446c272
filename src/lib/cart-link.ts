/**
 * Links that pre-fill the cart: the cart page reads `variantId` (exactly 8 digits; several as repeated
 * parameters or comma-separated; anything else is ignored), `quantity`, `targetQuantity` (set the line to
 * that quantity instead of adding) and `interval` (days between deliveries), then removes them from the
 * address. With several variants, each parameter given as a list applies by position, a single value to all.
 *
 * Only a missing or non-numeric value takes its default (quantity 1, interval 0, no target). A number the
 * shop cannot apply (a quantity outside 1 to 99, an interval that is not one of the ten delivery
 * frequencies) is never replaced by a guess: its line is kept out of the cart and says why in `refused`,
 * so the cart page tells the shopper what was not applied, and the link's other lines are still added.
 */
import { CART_LINK_DEFAULTS, CART_QUANTITY, VARIANT_CODE } from './constants.ts';
import { isDeliveryInterval } from './catalogue/frequencies.ts';

const CART_LINK_PARAMS = ['variantId', 'quantity', 'targetQuantity', 'interval'] as const;

/** A value of the link that was given as a number but cannot be applied. */
interface CartLinkRefusal {
  parameter: 'quantity' | 'targetQuantity' | 'interval';
  value: number;
}

export interface CartLinkLine {
  variantCode: string;
  quantity: number;
  /** Set the line to this quantity rather than add; null to add `quantity`. */
  targetQuantity: number | null;
  /** Days between deliveries; 0 for a one-off purchase. */
  interval: number;
  /** Present when a value of the line cannot be applied: the line is not added (its fields hold the defaults). */
  refused?: CartLinkRefusal[];
}

/** All values of a parameter, repeated or comma-separated, in order. */
function listOf(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim());
}
/** A number written in digits; anything else ("abc", "2.5", "-3") counts as not numeric. */
const wholeNumber = (text: string | undefined): number | null => (text !== undefined && /^\d+$/.test(text) ? Number(text) : null);
/** The value for position `index`: its own when the list has one there, the single value otherwise. */
const at = (list: string[], index: number): string | undefined => (list.length === 1 ? list[0] : list[index]);

/** Whether a cart line may hold this many of a variant (1 to 99, whole). */
export const isCartQuantity = (quantity: number): boolean =>
  Number.isInteger(quantity) && quantity >= CART_QUANTITY.min && quantity <= CART_QUANTITY.max;

export function parseCartLink(search: string | URLSearchParams): CartLinkLine[] {
  const params = typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : search;
  const variants = listOf(params, 'variantId');
  const quantities = listOf(params, 'quantity');
  const targets = listOf(params, 'targetQuantity');
  const intervals = listOf(params, 'interval');
  const lines: CartLinkLine[] = [];
  variants.forEach((variantCode, index) => {
    if (!VARIANT_CODE.test(variantCode)) return;
    const quantity = wholeNumber(at(quantities, index));
    const target = wholeNumber(at(targets, index));
    const interval = wholeNumber(at(intervals, index));
    const refused: CartLinkRefusal[] = [];
    if (quantity !== null && !isCartQuantity(quantity)) refused.push({ parameter: 'quantity', value: quantity });
    // A target of 0 empties the line; above 99 it is refused like a quantity.
    if (target !== null && target > CART_QUANTITY.max) refused.push({ parameter: 'targetQuantity', value: target });
    if (interval !== null && interval !== 0 && !isDeliveryInterval(interval)) refused.push({ parameter: 'interval', value: interval });
    const ok = (refusal: CartLinkRefusal['parameter']) => !refused.some((r) => r.parameter === refusal);
    lines.push({
      variantCode,
      quantity: quantity !== null && ok('quantity') ? quantity : CART_LINK_DEFAULTS.quantity,
      targetQuantity: ok('targetQuantity') ? target : null,
      interval: interval !== null && ok('interval') ? interval : CART_LINK_DEFAULTS.interval,
      ...(refused.length > 0 ? { refused } : {}),
    });
  });
  return lines;
}

export const hasCartLink = (search: string): boolean => CART_LINK_PARAMS.some((name) => new URLSearchParams(search).has(name));

/**
 * The address without the cart-link parameters (for history.replaceState). An absolute URL stays
 * absolute; a path stays a path.
 */
export function cleanCartLink(url: string | URL): string {
  const absolute = url instanceof URL || /^[a-z][a-z\d+.-]*:/i.test(url);
  const parsed = new URL(url, 'http://relative.invalid');
  for (const name of CART_LINK_PARAMS) parsed.searchParams.delete(name);
  const search = parsed.searchParams.toString();
  const rest = `${parsed.pathname}${search ? `?${search}` : ''}${parsed.hash}`;
  return absolute ? `${parsed.origin}${rest}` : rest;
}
