/**
 * The SQL of newsletter sign-ups (shop.newsletter_subscribers) and of the personal 5 € codes given with
 * them (shop.coupons rows owned by a customer or an e-mail).
 */
import type { Queryable } from '../../db/database.ts';
import type { LocaleCode } from '../../../lib/channels.ts';
import { COMPLETED_ORDER } from '../shared/placed-orders.ts';

/** The model of the personal codes: its kind, value and labels are copied into each of them. */
export const WELCOME_OFFER_MODEL = 'BIENVENUE5';

/**
 * A sign-up asked for: pending until its link is followed. A new request replaces the pending link (the
 * latest mail is the one that works). Null when the e-mail is already confirmed: nothing to send.
 */
export async function requestSignUp(
  q: Queryable,
  sign: { email: string; canonical: string; locale: LocaleCode; tokenHash: string; now: Date; expiresAt: Date },
): Promise<'pending' | 'confirmed'> {
  const [row] = await q.query<{ confirmed: boolean }>(
    `INSERT INTO shop.newsletter_subscribers (email, email_canonical, locale_code, token_hash, token_expires_at, requested_at)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)
     ON CONFLICT (email_canonical) DO UPDATE SET
       email = CASE WHEN shop.newsletter_subscribers.confirmed_at IS NULL THEN EXCLUDED.email ELSE shop.newsletter_subscribers.email END,
       locale_code = CASE WHEN shop.newsletter_subscribers.confirmed_at IS NULL THEN EXCLUDED.locale_code ELSE shop.newsletter_subscribers.locale_code END,
       token_hash = CASE WHEN shop.newsletter_subscribers.confirmed_at IS NULL THEN EXCLUDED.token_hash ELSE NULL END,
       token_expires_at = CASE WHEN shop.newsletter_subscribers.confirmed_at IS NULL THEN EXCLUDED.token_expires_at ELSE NULL END,
       requested_at = EXCLUDED.requested_at
     RETURNING confirmed_at IS NOT NULL AS confirmed`,
    [sign.email, sign.canonical, sign.locale, sign.tokenHash, sign.expiresAt.toISOString(), sign.now.toISOString()],
  );
  return row!.confirmed ? 'confirmed' : 'pending';
}

export interface Subscriber {
  id: number;
  email: string;
  email_canonical: string;
  locale_code: LocaleCode;
  expired: boolean;
}

/** The pending sign-up of a link (locked until the transaction ends), or null: unknown, used or replaced. */
export async function findPendingSignUp(q: Queryable, tokenHash: string, now: Date): Promise<Subscriber | null> {
  const [row] = await q.query<Subscriber>(
    `SELECT id, email, email_canonical, locale_code, token_expires_at <= $2::timestamptz AS expired
     FROM shop.newsletter_subscribers WHERE token_hash = $1 AND confirmed_at IS NULL FOR UPDATE`,
    [tokenHash, now.toISOString()],
  );
  return row ?? null;
}

/** The link works once: confirming clears it. The customer of that e-mail, if any, becomes a subscriber too. */
export async function confirmSignUp(q: Queryable, subscriber: Subscriber, now: Date): Promise<void> {
  await q.query(
    `UPDATE shop.newsletter_subscribers SET confirmed_at = $2::timestamptz, token_hash = NULL, token_expires_at = NULL WHERE id = $1`,
    [subscriber.id, now.toISOString()],
  );
  await q.query('UPDATE shop.customers SET subscribed_to_newsletter = true, updated_at = $2::timestamptz WHERE email_canonical = $1', [
    subscriber.email_canonical,
    now.toISOString(),
  ]);
}

/** The account of an e-mail and whether it has ordered already (a completed order that was not cancelled). */
export async function accountOf(q: Queryable, canonical: string): Promise<{ id: number; ordered: boolean } | null> {
  const [row] = await q.query<{ id: number; ordered: boolean }>(
    `SELECT c.id, EXISTS (SELECT 1 FROM shop.orders o WHERE o.customer_id = c.id AND ${COMPLETED_ORDER}) AS ordered
     FROM shop.customers c WHERE c.email_canonical = $1`,
    [canonical],
  );
  return row ?? null;
}

/**
 * Gives the subscriber their personal code, made from the model (BIENVENUE5): first order only, once, for
 * their account or the account they will open with this e-mail. Null when the e-mail had a code already
 * (one per e-mail, ever) or the offer was withdrawn (the model deleted).
 */
export async function giveWelcomeCoupon(
  q: Queryable,
  subscriber: Subscriber,
  owner: { code: string; customerId: number | null; now: Date },
): Promise<{ code: string; amount: number } | null> {
  const [given] = await q.query<{ welcome_coupon_code: string | null }>(
    'SELECT welcome_coupon_code FROM shop.newsletter_subscribers WHERE id = $1',
    [subscriber.id],
  );
  if (given?.welcome_coupon_code) return null;
  const [coupon] = await q.query<{ code: string; value: number }>(
    `INSERT INTO shop.coupons (code, kind, value, minimum_items_total, first_order_only, label_fr, label_nl,
       owner_customer_id, owner_email, single_use, created_at)
     SELECT $1, kind, value, minimum_items_total, true, label_fr, label_nl, $2, $3, true, $4::timestamptz
     FROM shop.coupons WHERE code = $5 AND kind = 'fixed'
     RETURNING code, value`,
    [owner.code, owner.customerId, subscriber.email_canonical, owner.now.toISOString(), WELCOME_OFFER_MODEL],
  );
  if (!coupon) return null;
  await q.query('UPDATE shop.newsletter_subscribers SET welcome_coupon_code = $2 WHERE id = $1', [subscriber.id, coupon.code]);
  return { code: coupon.code, amount: coupon.value };
}

/**
 * The unused personal welcome code of a customer (theirs, or given to their e-mail), so that typing the
 * plain BIENVENUE5 applies it.
 */
export async function welcomeCouponOf(q: Queryable, customerId: number): Promise<string | null> {
  const [row] = await q.query<{ code: string }>(
    `SELECT k.code FROM shop.coupons k JOIN shop.customers c ON c.id = $1
     WHERE k.code LIKE $2 AND (k.owner_customer_id = c.id OR k.owner_email = c.email_canonical)
       AND NOT EXISTS (SELECT 1 FROM shop.orders o WHERE o.coupon_code = k.code AND ${COMPLETED_ORDER})
     ORDER BY k.created_at LIMIT 1`,
    [customerId, `${WELCOME_OFFER_MODEL}-%`],
  );
  return row?.code ?? null;
}
