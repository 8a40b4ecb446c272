/**
 * Coupons: percentage or fixed reductions on the items total, with an optional minimum, validity dates,
 * the first-order rule, personal codes and codes that work once.
 *
 * The 5 € first-order offer (EXIT_INTENT_DISCOUNT) is a personal code (BIENVENUE5-XXXXXX) mailed to a new
 * newsletter subscriber: it works only on its owner's cart (their account, or the account of the e-mail it
 * was sent to), once. The plain BIENVENUE5 is only the model of those codes: typed by anyone, it is refused
 * with a message saying how to get one (the owner of an unused code gets theirs applied instead:
 * carts/coupons.ts). A personal code needs a signed-in cart, since an anonymous one has no owner to check.
 *
 * Eligibility is checked when the coupon is applied and again every time the cart is priced: a coupon
 * whose rule stops holding (items removed below the minimum, expiry passed) stays on the cart as
 * `couponCode` but gives no reduction and is absent from `promotions` until the rule holds again.
 * The first-order rule is checked against the cart's customer: an anonymous cart may apply a first-order
 * code that is not personal (a sponsor's code), and when the cart is later assigned to a customer who
 * already completed an order the coupon is removed from the cart (carts/routes.ts), since that customer
 * can never become eligible again.
 *
 * A referral code rewards a new customer of another household (lib/shop-api/sponsorships.ts): a cart
 * going to an address of the sponsor gets nothing from it. That is checked when the code is applied (on the
 * friend's default address until the cart has its own) and again at completion, which prices the cart
 * with the address it ships to.
 */
import type { Language } from '../../../lib/channels.ts';

export interface Coupon {
  code: string;
  kind: 'percentage' | 'fixed';
  value: number;
  minimumItemsTotal: number;
  startsAt: number | null;
  expiresAt: number | null;
  firstOrderOnly: boolean;
  label: Record<Language, string>;
  /** The only customer who may use it (a personal code). */
  ownerCustomerId?: number | null;
  /** The only e-mail (canonical) whose account may use it: a subscriber's code, given before they had an account. */
  ownerEmail?: string | null;
  /** Works for one completed order only. */
  singleUse?: boolean;
  /** A name kept to explain that the offer is personal: it never applies (BIENVENUE5). */
  reserved?: boolean;
  /** A referral code: its sponsor shares it with friends (sponsorships/), and cannot use it. */
  sponsorCustomerId?: number | null;
}

export type CouponRefusal =
  | 'COUPON_INVALID'
  | 'COUPON_EXPIRED'
  | 'COUPON_MINIMUM'
  | 'COUPON_FIRST_ORDER'
  | 'COUPON_RESERVED'
  | 'COUPON_SIGN_IN'
  | 'COUPON_PERSONAL'
  | 'COUPON_USED'
  | 'COUPON_OWN_REFERRAL'
  | 'COUPON_REFERRAL_SAME_HOUSEHOLD';

/** Codes are matched without regard to case or surrounding spaces. */
export const couponKey = (code: string): string => code.trim().toUpperCase();

export interface CouponContext {
  now: Date;
  itemsTotal: number;
  hasCompletedOrder: boolean;
  /** The cart's customer (null: an anonymous cart) and their canonical e-mail. */
  customer?: { id: number; email: string } | null;
  /** A completed order (another one) already used this single-use code. */
  usedElsewhere?: boolean;
  /** A referral code on a cart that goes to an address of its sponsor (sponsorships/household.ts). */
  shipsToSponsor?: boolean;
}

export const isPersonal = (coupon: Coupon): boolean => coupon.ownerCustomerId != null || coupon.ownerEmail != null;

export function refusalOf(coupon: Coupon | null, context: CouponContext): CouponRefusal | null {
  const { now, itemsTotal, hasCompletedOrder, customer = null } = context;
  if (!coupon || (coupon.startsAt !== null && now.getTime() < coupon.startsAt)) return 'COUPON_INVALID';
  if (coupon.reserved) return 'COUPON_RESERVED';
  if (isPersonal(coupon)) {
    if (!customer) return 'COUPON_SIGN_IN';
    if (coupon.ownerCustomerId !== customer.id && coupon.ownerEmail !== customer.email) return 'COUPON_PERSONAL';
  }
  if (coupon.sponsorCustomerId != null && customer?.id === coupon.sponsorCustomerId) return 'COUPON_OWN_REFERRAL';
  if (coupon.expiresAt !== null && now.getTime() > coupon.expiresAt) return 'COUPON_EXPIRED';
  if (coupon.singleUse && context.usedElsewhere) return 'COUPON_USED';
  if (coupon.firstOrderOnly && hasCompletedOrder) return 'COUPON_FIRST_ORDER';
  if (coupon.sponsorCustomerId != null && context.shipsToSponsor) return 'COUPON_REFERRAL_SAME_HOUSEHOLD';
  if (itemsTotal < coupon.minimumItemsTotal) return 'COUPON_MINIMUM';
  return null;
}

/** The reduction, never more than the items total. */
export function discountOf(coupon: Coupon, itemsTotal: number): number {
  const amount = coupon.kind === 'percentage' ? Math.round((itemsTotal * coupon.value) / 100) : coupon.value;
  return Math.min(amount, itemsTotal);
}
