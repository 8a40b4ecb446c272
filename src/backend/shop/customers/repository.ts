/** The SQL of customers and their accounts (shop.customers, shop.shop_users). */
import type { Queryable } from '../../db/database.ts';
import type { Language } from '../../../lib/channels.ts';
import { COMPLETED_ORDER } from '../shared/placed-orders.ts';

export interface CustomerRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  gender: 'm' | 'f' | null;
  birthday: string | null;
  subscribed_to_newsletter: boolean;
  preferred_language: Language;
  default_address_id: number | null;
  verified: boolean;
  last_order_date: string | null;
  /** Whether a placed order of theirs holds a subscription line (subscriptions of their own come later). */
  subscriber: boolean;
}

/** Who signs in: enough to answer a login or a refresh. */
export interface Account {
  id: number;
  email: string;
  verified: boolean;
}

export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export async function findCustomer(q: Queryable, id: number): Promise<CustomerRow | null> {
  // Dates as ISO text in SQL, so both drivers answer the same.
  const [row] = await q.query<CustomerRow>(
    `SELECT c.id, c.email, c.first_name, c.last_name, c.gender, to_char(c.birthday, 'YYYY-MM-DD') AS birthday,
       c.subscribed_to_newsletter, c.preferred_language, c.default_address_id, u.verified,
       (SELECT to_char(max(o.checkout_completed_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM shop.orders o
         WHERE o.customer_id = c.id AND ${COMPLETED_ORDER}) AS last_order_date,
       EXISTS (SELECT 1 FROM shop.orders o JOIN shop.order_items i ON i.order_id = o.id
         WHERE o.customer_id = c.id AND ${COMPLETED_ORDER} AND i.subscription_interval > 0) AS subscriber
     FROM shop.customers c JOIN shop.shop_users u ON u.customer_id = c.id WHERE c.id = $1`,
    [id],
  );
  return row ?? null;
}

/** `email` is canonical (canonicalEmail). */
export async function emailTaken(q: Queryable, email: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM shop.customers WHERE email_canonical = $1', [email])).length > 0;
}

export async function accountOf(q: Queryable, customerId: number): Promise<Account | null> {
  const [row] = await q.query<Account>(
    'SELECT c.id, c.email, u.verified FROM shop.customers c JOIN shop.shop_users u ON u.customer_id = c.id WHERE c.id = $1',
    [customerId],
  );
  return row ?? null;
}

/** The account of a canonical e-mail with its password hash: the login's one query. */
export async function accountByEmail(q: Queryable, email: string): Promise<(Account & { password_hash: string }) | null> {
  const [row] = await q.query<Account & { password_hash: string }>(
    `SELECT c.id, c.email, u.verified, u.password_hash FROM shop.customers c JOIN shop.shop_users u ON u.customer_id = c.id
     WHERE c.email_canonical = $1`,
    [email],
  );
  return row ?? null;
}

/** Who a reset link is mailed to. */
export async function findByEmail(q: Queryable, email: string): Promise<{ id: number; email: string; first_name: string } | null> {
  const [row] = await q.query<{ id: number; email: string; first_name: string }>(
    'SELECT id, email, first_name FROM shop.customers WHERE email_canonical = $1',
    [email],
  );
  return row ?? null;
}

export async function canonicalEmailOf(q: Queryable, customerId: number): Promise<string | null> {
  const [row] = await q.query<{ email_canonical: string }>('SELECT email_canonical FROM shop.customers WHERE id = $1', [customerId]);
  return row?.email_canonical ?? null;
}

export interface NewCustomer {
  email: string;
  emailCanonical: string;
  firstName: string;
  lastName: string;
  gender: 'm' | 'f' | null;
  birthday: string | null;
  subscribedToNewsletter: boolean;
  preferredLanguage: Language;
  passwordHash: string;
  now: Date;
}

/** The customer and their account, in the caller's transaction. */
export async function createCustomer(q: Queryable, customer: NewCustomer): Promise<number> {
  const now = customer.now.toISOString();
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO shop.customers (email, email_canonical, first_name, last_name, gender, birthday, subscribed_to_newsletter,
       preferred_language, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9::timestamptz, $9::timestamptz) RETURNING id`,
    [
      customer.email,
      customer.emailCanonical,
      customer.firstName,
      customer.lastName,
      customer.gender,
      customer.birthday,
      customer.subscribedToNewsletter,
      customer.preferredLanguage,
      now,
    ],
  );
  await q.query('INSERT INTO shop.shop_users (customer_id, password_hash, password_changed_at) VALUES ($1, $2, $3::timestamptz)', [
    row!.id,
    customer.passwordHash,
    now,
  ]);
  return row!.id;
}

/** The personal data a PUT may change: only the columns given are written. */
export interface PersonalData {
  gender?: 'm' | 'f' | null;
  first_name?: string;
  last_name?: string;
  birthday?: string | null;
  subscribed_to_newsletter?: boolean;
  preferred_language?: Language;
  email?: string;
  email_canonical?: string;
  default_address_id?: number | null;
}

export async function updateCustomer(q: Queryable, customerId: number, changes: PersonalData, now: Date): Promise<void> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (!entries.length) return;
  const params: unknown[] = [customerId, ...entries.map(([, value]) => value), now.toISOString()];
  const sets = entries.map(([column], i) => `${column} = $${i + 2}${column === 'birthday' ? '::date' : ''}`);
  sets.push(`updated_at = $${params.length}::timestamptz`);
  await q.query(`UPDATE shop.customers SET ${sets.join(', ')} WHERE id = $1`, params);
}

/** Whether the address is in the customer's address book: only such an address may be their default. */
export async function hasAddress(q: Queryable, customerId: number, addressId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM shop.addresses WHERE id = $1 AND customer_id = $2', [addressId, customerId])).length > 0;
}

export async function passwordHashOf(q: Queryable, customerId: number): Promise<string | null> {
  const [row] = await q.query<{ password_hash: string }>('SELECT password_hash FROM shop.shop_users WHERE customer_id = $1', [customerId]);
  return row?.password_hash ?? null;
}

/** A new password; `verified` when it was set through a mailed link, which proves the mailbox is theirs. */
export const setPassword = (q: Queryable, customerId: number, passwordHash: string, now: Date, { verified = false } = {}) =>
  verified
    ? q.query(
        'UPDATE shop.shop_users SET password_hash = $2, password_changed_at = $3::timestamptz, verified = true WHERE customer_id = $1',
        [customerId, passwordHash, now.toISOString()],
      )
    : q.query('UPDATE shop.shop_users SET password_hash = $2, password_changed_at = $3::timestamptz WHERE customer_id = $1', [
        customerId,
        passwordHash,
        now.toISOString(),
      ]);
