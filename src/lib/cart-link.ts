/**
 * Links that pre-fill the cart: the cart page reads `variantId` (exactly 8 digits; several
 * as repeated parameters or comma-separated; anything else is ignored), `quantity` (1 when missing or not
 * a number), `targetQuantity` (set the line to that quantity instead of adding) and `interval` (0 when
 * missing, not a number or not one of the delivery frequencies), then removes them from the address.
 * With several variants, each parameter given as a list applies by position, a single value to all.
 */
import { CART_LINK_DEFAULTS, VARIANT_CODE } from './constants.ts';
import { isDeliveryInterval } from './catalogue/frequencies.ts';

const CART_LINK_PARAMS = ['variantId', 'quantity', 'targetQuantity', 'interval'] as const;

export interface CartLinkLine {
  variantCode: string;
  quantity: number;
  /** Set the line to this quantity rather than add; null to add `quantity`. */
  targetQuantity: number | null;
  /** Days between deliveries; 0 for a one-off purchase. */
  interval: number;
}

/** All values of a parameter, repeated or comma-separated, in order. */
function listOf(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim());
}
const wholeNumber = (text: string | undefined): number | null => (text !== undefined && /^\d+$/.test(text) ? Number(text) : null);
/** The value for position `index`: its own when the list has one there, the single value otherwise. */
const at = (list: string[], index: number): string | undefined => (list.length === 1 ? list[0] : list[index]);

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
    const interval = wholeNumber(at(intervals, index));
    lines.push({
      variantCode,
      quantity: quantity !== null && quantity > 0 ? quantity : CART_LINK_DEFAULTS.quantity,
      targetQuantity: wholeNumber(at(targets, index)),
      interval: interval !== null && isDeliveryInterval(interval) ? interval : CART_LINK_DEFAULTS.interval,
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
