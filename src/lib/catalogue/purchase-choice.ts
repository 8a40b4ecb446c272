/**
 * The shopper's choice on a product page (buy once or a delivery frequency, and a quantity) carried in the
 * page's address, with the cart link's names (`interval`, `quantity`): choosing another format keeps it,
 * and a reload too. The product page's island reads it; a value the product cannot take (a frequency of a
 * product that cannot be subscribed, 0 or 150 bags) is left out, so the page keeps its own default for it.
 */
import { isCartQuantity } from '../cart-link.ts';
import { CART_QUANTITY, DELIVERY_FREQUENCIES } from '../constants.ts';
import { isDeliveryInterval } from './frequencies.ts';

export interface PurchaseChoice {
  /** Days between deliveries, 0 to buy once. */
  interval: number;
  quantity: number;
}

/** What the product offers: buying once, subscribing, or both. */
interface Offer {
  buyOnce: boolean;
  subscribe: boolean;
}

const PARAMS = { interval: 'interval', quantity: 'quantity' } as const;
const wholeNumber = (text: string | null): number | null => (text !== null && /^\d{1,4}$/.test(text) ? Number(text) : null);

/** The choice an address carries, value by value: what is missing or not offered is absent. */
export function purchaseChoiceOf(search: string, offer: Offer): Partial<PurchaseChoice> {
  const params = new URLSearchParams(search);
  const interval = wholeNumber(params.get(PARAMS.interval));
  const quantity = wholeNumber(params.get(PARAMS.quantity));
  const intervalOffered = interval !== null && (interval === 0 ? offer.buyOnce : offer.subscribe && isDeliveryInterval(interval));
  return {
    ...(intervalOffered ? { interval } : {}),
    ...(quantity !== null && isCartQuantity(quantity) ? { quantity } : {}),
  };
}

/**
 * An address carrying the choice (its other parameters and its fragment kept); a choice equal to the page's
 * default leaves the address clean.
 */
export function withPurchaseChoice(href: string, choice: PurchaseChoice, defaults: PurchaseChoice): string {
  const url = new URL(href, 'http://relative.invalid');
  for (const name of ['interval', 'quantity'] as const) {
    if (choice[name] === defaults[name]) url.searchParams.delete(PARAMS[name]);
    else url.searchParams.set(PARAMS[name], String(choice[name]));
  }
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/** The page's default choice: one bag, bought once when the product can be, else delivered every month. */
export const defaultPurchaseChoice = (offer: Offer): PurchaseChoice => ({
  interval: offer.buyOnce ? 0 : DELIVERY_FREQUENCIES[1].days,
  quantity: CART_QUANTITY.min,
});
