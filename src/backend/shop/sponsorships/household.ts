/**
 * Whether a friend is their sponsor in disguise (lib/shop-api/sponsorships.ts): a referral rewards a new
 * customer of another household only, so
 * - the friend's discount is refused when their delivery address is an address of the sponsor (their
 *   address book, the addresses of their placed orders, their subscriptions' delivery address);
 * - the sponsor's reward is refused when the friend's first paid order ships to such an address, or was paid
 *   with a payment instrument the sponsor used (the same card, or the same customer or mandate at the
 *   payment provider).
 *
 * Addresses are compared on street, postcode and country, the way a carrier reads them: case, accents,
 * spaces, punctuation, word order and the usual abbreviations of street types do not matter. The second
 * line of the street (a flat, a box) is left out on purpose: it is the cheapest thing to vary, so two flats of
 * one building count as one household.
 */
import type { Queryable } from '../../db/database.ts';
import type { OrderAddress } from '../../../lib/shop-api/orders.ts';
import {
  defaultAddressOf,
  type PaymentInstrument,
  paidInstrumentOf,
  shippingAddressOf,
  sponsorAddresses,
  sponsorInstruments,
} from './repository.ts';

/** What of an address locates a household. */
export interface AddressPlace {
  street: string;
  postcode: string;
  countryCode: string;
}

/** Why a sponsor was not rewarded for a friend (shop.referrals.refusal). */
export type RewardRefusal = 'same_address' | 'same_payment';

/** Street types as they are often shortened (French and Belgian addresses), in their folded spelling. */
const STREET_WORDS: Record<string, string> = {
  av: 'avenue',
  ave: 'avenue',
  bd: 'boulevard',
  bld: 'boulevard',
  blvd: 'boulevard',
  boul: 'boulevard',
  bvd: 'boulevard',
  r: 'rue',
  pl: 'place',
  ch: 'chemin',
  chem: 'chemin',
  rte: 'route',
  all: 'allee',
  imp: 'impasse',
  fg: 'faubourg',
  fbg: 'faubourg',
  sq: 'square',
  crs: 'cours',
  st: 'saint',
  ste: 'sainte',
  str: 'straat',
  ln: 'laan',
};

/** Lower case, without accents or ligatures: "Œuvre Saint-Éloi" → "oeuvre saint-eloi". */
const fold = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/œ/g, 'oe').replace(/æ/g, 'ae').replace(/ß/g, 'ss');

/** The words and numbers of a street, abbreviations spelt out, in alphabetical order: "12, Meir" = "Meir 12". */
const streetWords = (street: string): string =>
  (fold(street).match(/\p{L}+|\p{N}+/gu) ?? [])
    .map((word) => STREET_WORDS[word] ?? word)
    .sort()
    .join(' ');

/** A postcode's letters and digits, without a country prefix ("L-1111" = "1111", "1012 ab" = "1012AB"). */
const postcodeKey = (postcode: string): string =>
  fold(postcode)
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/^\p{L}{1,2}(?=\p{N})/u, '')
    .toUpperCase();

/** One key per household place: two addresses with the same key are the same door for the carrier. */
export function addressKey(address: AddressPlace): string {
  return [address.countryCode.trim().toUpperCase(), postcodeKey(address.postcode), streetWords(address.street)].join('|');
}

/** Whether two addresses are the same place (addressKey). */
export const samePlace = (a: AddressPlace, b: AddressPlace): boolean => addressKey(a) === addressKey(b);

/**
 * Whether two payments used the same instrument: the same card (brand, last four digits and expiry; the expiry
 * only when both know it), or the same customer or mandate at the provider. A payment without a card (PayPal,
 * transfer) is compared on the provider's customer and mandate alone.
 */
export function sameInstrument(a: PaymentInstrument, b: PaymentInstrument): boolean {
  const sameCard =
    a.card_last4 !== null &&
    a.card_last4 === b.card_last4 &&
    (a.card_brand ?? '').toLowerCase() === (b.card_brand ?? '').toLowerCase() &&
    (a.card_expiry === null || b.card_expiry === null || a.card_expiry === b.card_expiry);
  const sameCustomer = a.provider_customer_id !== null && a.provider_customer_id === b.provider_customer_id;
  const sameMandate = a.provider_mandate_id !== null && a.provider_mandate_id === b.provider_mandate_id;
  return sameCard || sameCustomer || sameMandate;
}

/** Whether the address is one of the sponsor's. */
async function isSponsorAddress(q: Queryable, sponsorId: number, address: AddressPlace): Promise<boolean> {
  const key = addressKey(address);
  return (await sponsorAddresses(q, sponsorId)).some((a) => addressKey(a) === key);
}

/**
 * Whether the friend's cart goes to one of the sponsor's addresses: the address the cart ships to once
 * given, before that the friend's default address (the one the checkout offers first).
 */
export async function shipsToSponsor(
  q: Queryable,
  sponsorId: number,
  order: { customer_id: number | null; shipping_address: OrderAddress | null },
): Promise<boolean> {
  const address = order.shipping_address ?? (order.customer_id === null ? null : await defaultAddressOf(q, order.customer_id));
  return address !== null && (await isSponsorAddress(q, sponsorId, address));
}

/** Why the friend's paid order brings their sponsor nothing, or null when the friend is of another household. */
export async function rewardRefusal(q: Queryable, sponsorId: number, orderId: number): Promise<RewardRefusal | null> {
  const address = await shippingAddressOf(q, orderId);
  if (address && (await isSponsorAddress(q, sponsorId, address))) return 'same_address';
  const paid = await paidInstrumentOf(q, orderId);
  if (paid && (await sponsorInstruments(q, sponsorId)).some((used) => sameInstrument(used, paid))) return 'same_payment';
  return null;
}
