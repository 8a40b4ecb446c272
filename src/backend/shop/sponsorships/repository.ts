/** The SQL of sponsorships: referral codes (shop.coupons with a sponsor), referrals and rewards. */
import type { Queryable } from '../../db/database.ts';
import type { OrderAddress } from '../../../lib/shop-api/orders.ts';
import { COMPLETED_ORDER } from '../shared/placed-orders.ts';

/** What a sponsor's code is made from: the customer's first name (service.ts ensureReferralCode). */
export async function sponsorOf(q: Queryable, customerId: number): Promise<{ id: number; first_name: string } | null> {
  const [row] = await q.query<{ id: number; first_name: string }>('SELECT id, first_name FROM shop.customers WHERE id = $1', [customerId]);
  return row ?? null;
}

/** The customer's referral code, or null before their first visit to their sponsorships. */
export async function referralCodeOf(q: Queryable, sponsorId: number): Promise<string | null> {
  const [row] = await q.query<{ code: string }>('SELECT code FROM shop.coupons WHERE sponsor_customer_id = $1', [sponsorId]);
  return row?.code ?? null;
}

export interface NewCoupon {
  code: string;
  value: number;
  minimum: number;
  labels: { fr: string; nl: string };
  now: Date;
}

/** Inserts the referral code; false when the code was taken (by anyone) or the sponsor has one already. */
export async function insertReferralCode(q: Queryable, sponsorId: number, c: NewCoupon): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO shop.coupons (code, kind, value, minimum_items_total, first_order_only, label_fr, label_nl, sponsor_customer_id, created_at)
     VALUES ($1, 'fixed', $2, $3, true, $4, $5, $6, $7::timestamptz) ON CONFLICT DO NOTHING RETURNING code`,
    [c.code, c.value, c.minimum, c.labels.fr, c.labels.nl, sponsorId, c.now.toISOString()],
  );
  return rows.length > 0;
}

/** The sponsor of a referral code (whatever its case), or null when it is not one. */
export async function sponsorOfCode(q: Queryable, code: string): Promise<number | null> {
  const [row] = await q.query<{ sponsor_customer_id: number }>(
    'SELECT sponsor_customer_id FROM shop.coupons WHERE code = upper($1) AND sponsor_customer_id IS NOT NULL',
    [code.trim()],
  );
  return row?.sponsor_customer_id ?? null;
}

/** A friend's sponsor, once: the first one recorded stays. */
export async function insertReferral(q: Queryable, friendId: number, sponsorId: number, now: Date): Promise<void> {
  if (friendId === sponsorId) return;
  await q.query(
    `INSERT INTO shop.referrals (friend_customer_id, sponsor_customer_id, created_at) VALUES ($1, $2, $3::timestamptz)
     ON CONFLICT (friend_customer_id) DO NOTHING`,
    [friendId, sponsorId, now.toISOString()],
  );
}

/** The sponsor's code for a friend's cart: while they have not ordered and their sponsor was not rewarded. */
export async function referralCouponFor(q: Queryable, friendId: number): Promise<string | null> {
  const [row] = await q.query<{ code: string }>(
    `SELECT k.code FROM shop.referrals r JOIN shop.coupons k ON k.sponsor_customer_id = r.sponsor_customer_id
     WHERE r.friend_customer_id = $1 AND r.rewarded_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM shop.orders o WHERE o.customer_id = $1 AND ${COMPLETED_ORDER})`,
    [friendId],
  );
  return row?.code ?? null;
}

export interface FriendRow {
  first_name: string;
  last_name: string;
  registered_at: string;
  ordered: boolean;
  rewarded_at: string | null;
  /** Why the friend's first paid order brought no reward (household.ts), null otherwise. */
  refusal: 'same_address' | 'same_payment' | null;
  reward_code: string | null;
  reward_value: number | null;
  reward_expires_at: string | null;
  reward_used: boolean;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The sponsor's friends, oldest first, with their state and the reward they brought. */
export async function friendsOf(q: Queryable, sponsorId: number): Promise<FriendRow[]> {
  return q.query<FriendRow>(
    `SELECT c.first_name, c.last_name, ${iso('r.created_at')} AS registered_at,
       EXISTS (SELECT 1 FROM shop.orders o WHERE o.customer_id = c.id AND ${COMPLETED_ORDER}) AS ordered,
       ${iso('r.rewarded_at')} AS rewarded_at, r.refusal, k.code AS reward_code, k.value AS reward_value, ${iso('k.expires_at')} AS reward_expires_at,
       EXISTS (SELECT 1 FROM shop.orders o WHERE o.coupon_code = k.code AND ${COMPLETED_ORDER}) AS reward_used
     FROM shop.referrals r JOIN shop.customers c ON c.id = r.friend_customer_id
       LEFT JOIN shop.coupons k ON k.code = r.reward_coupon_code
     WHERE r.sponsor_customer_id = $1 ORDER BY r.created_at, r.friend_customer_id`,
    [sponsorId],
  );
}

/** The friend's referral, locked until the transaction ends (a payment confirmed twice at once rewards once). */
export async function lockReferral(q: Queryable, friendId: number) {
  const [row] = await q.query<{ sponsor_customer_id: number; rewarded_at: string | null; refusal: string | null }>(
    'SELECT sponsor_customer_id, rewarded_at, refusal FROM shop.referrals WHERE friend_customer_id = $1 FOR UPDATE',
    [friendId],
  );
  return row ?? null;
}

/** Whether the order is the customer's first one (their earliest completed order that was not cancelled). */
export async function isFirstOrder(q: Queryable, customerId: number, orderId: number): Promise<boolean> {
  const [row] = await q.query<{ id: number }>(
    `SELECT id FROM shop.orders WHERE customer_id = $1 AND ${COMPLETED_ORDER} ORDER BY checkout_completed_at, id LIMIT 1`,
    [customerId],
  );
  return row?.id === orderId;
}

/** The sponsor's reward: a personal code worth the reward, once, until it expires; the referral says it was given. */
export async function giveReward(
  q: Queryable,
  referral: { friendId: number; sponsorId: number; orderId: number },
  c: NewCoupon & { expiresAt: Date },
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO shop.coupons (code, kind, value, minimum_items_total, first_order_only, label_fr, label_nl, owner_customer_id, single_use,
       expires_at, created_at)
     VALUES ($1, 'fixed', $2, $3, false, $4, $5, $6, true, $7::timestamptz, $8::timestamptz) ON CONFLICT DO NOTHING RETURNING code`,
    [c.code, c.value, c.minimum, c.labels.fr, c.labels.nl, referral.sponsorId, c.expiresAt.toISOString(), c.now.toISOString()],
  );
  if (rows.length === 0) return false;
  await q.query(
    `UPDATE shop.referrals SET first_order_id = $2, rewarded_at = $3::timestamptz, reward_coupon_code = $4 WHERE friend_customer_id = $1`,
    [referral.friendId, referral.orderId, c.now.toISOString(), c.code],
  );
  return true;
}

/** The friend's first paid order brought no reward, and why (household.ts): their sponsor's page says so. */
export async function refuseReward(
  q: Queryable,
  referral: { friendId: number; orderId: number },
  refusal: 'same_address' | 'same_payment',
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE shop.referrals SET first_order_id = $2, refusal = $3, refused_at = $4::timestamptz
     WHERE friend_customer_id = $1 AND rewarded_at IS NULL AND refusal IS NULL`,
    [referral.friendId, referral.orderId, refusal, now.toISOString()],
  );
}

/** An address as household.ts compares them. */
interface Place {
  street: string;
  postcode: string;
  countryCode: string;
}

/**
 * The sponsor's addresses: their address book, the delivery and billing addresses of their placed orders
 * and their subscriptions' delivery addresses (a subscription's address may change after its first order).
 */
export async function sponsorAddresses(q: Queryable, sponsorId: number): Promise<Place[]> {
  return q.query<Place>(
    `SELECT street, postcode, country_code AS "countryCode" FROM shop.addresses WHERE customer_id = $1
     UNION
     SELECT a->>'street', a->>'postcode', a->>'countryCode'
       FROM shop.orders o CROSS JOIN LATERAL (VALUES (o.shipping_address), (o.billing_address)) AS placed (a)
       WHERE o.customer_id = $1 AND o.checkout_state = 'completed' AND a IS NOT NULL
     UNION
     SELECT shipping_address->>'street', shipping_address->>'postcode', shipping_address->>'countryCode'
       FROM shop.subscriptions WHERE customer_id = $1`,
    [sponsorId],
  );
}

/** The customer's default address (the one the checkout offers first), or null. */
export async function defaultAddressOf(q: Queryable, customerId: number): Promise<Place | null> {
  const [row] = await q.query<Place>(
    `SELECT a.street, a.postcode, a.country_code AS "countryCode"
     FROM shop.customers c JOIN shop.addresses a ON a.id = c.default_address_id WHERE c.id = $1`,
    [customerId],
  );
  return row ?? null;
}

/** Where the order ships (the copy it keeps), or null before its address step. */
export async function shippingAddressOf(q: Queryable, orderId: number): Promise<OrderAddress | null> {
  const [row] = await q.query<{ shipping_address: OrderAddress | null }>('SELECT shipping_address FROM shop.orders WHERE id = $1', [
    orderId,
  ]);
  return row?.shipping_address ?? null;
}

/** What identifies the means of a payment: the card (never its number) and the provider's customer and mandate. */
export interface PaymentInstrument {
  card_brand: string | null;
  card_last4: string | null;
  card_expiry: string | null;
  provider_customer_id: string | null;
  provider_mandate_id: string | null;
}
const INSTRUMENT = 'card_brand, card_last4, card_expiry, provider_customer_id, provider_mandate_id';

/** The instrument of the order's paid payment (the last one, if it was paid more than once), or null. */
export async function paidInstrumentOf(q: Queryable, orderId: number): Promise<PaymentInstrument | null> {
  const [row] = await q.query<PaymentInstrument>(
    `SELECT ${INSTRUMENT} FROM shop.payments WHERE order_id = $1 AND state = 'completed' ORDER BY id DESC LIMIT 1`,
    [orderId],
  );
  return row ?? null;
}

/**
 * Every instrument the sponsor used or tried, on any of their orders (a refused card is still theirs), and the
 * cards their subscriptions are charged on.
 */
export async function sponsorInstruments(q: Queryable, sponsorId: number): Promise<PaymentInstrument[]> {
  return q.query<PaymentInstrument>(
    `SELECT p.card_brand, p.card_last4, p.card_expiry, p.provider_customer_id, p.provider_mandate_id
       FROM shop.payments p JOIN shop.orders o ON o.id = p.order_id
       WHERE o.customer_id = $1 AND (p.card_last4 IS NOT NULL OR p.provider_customer_id IS NOT NULL OR p.provider_mandate_id IS NOT NULL)
     UNION
     SELECT ${INSTRUMENT} FROM shop.subscriptions WHERE customer_id = $1`,
    [sponsorId],
  );
}

/** What the reward mail needs of the sponsor and of the friend. */
export async function peopleOf(q: Queryable, sponsorId: number, friendId: number) {
  const [row] = await q.query<{ email: string; first_name: string; preferred_language: 'fr' | 'nl'; friend_first_name: string }>(
    `SELECT s.email, s.first_name, s.preferred_language, f.first_name AS friend_first_name
     FROM shop.customers s, shop.customers f WHERE s.id = $1 AND f.id = $2`,
    [sponsorId, friendId],
  );
  return row ?? null;
}
