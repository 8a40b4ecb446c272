/**
 * Customers: e-mail lookup (the login's first step), registration, personal data and password change.
 * A customer reads and changes only themself: any other id is a 404, as if it did not exist.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { Queryable } from '../db/database.ts';
import { iri, SHOP_API_PREFIX, type Customer } from '../../lib/shop/wire.ts';
import { channelOf, siteUrlOf, type LocaleCode } from '../../lib/channels.ts';
import { pathTo } from '../../i18n/paths.ts';
import { sendMail } from '../mail/outbox.ts';
import { notFound, refuse, tooManyRequests } from './errors.ts';
import { idFromIri, idParam, isoSql, ld, noContent, parseBody, type ShopContext, type ShopDeps, type ShopEnv } from './http.ts';
import { emailChangedMail, welcomeMail } from './mails.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { requireSession, revokeSessions } from './tokens.ts';
import { changePasswordBody, lookupBody, personalDataBody, registerBody } from './validation.ts';
import { tooManyRequestsMessage, type Lang } from './messages.ts';

export const canonicalEmail = (email: string): string => email.trim().toLowerCase();

/** An order counts as a previous order once its checkout completed and it was not cancelled. */
export const COMPLETED_ORDER = `checkout_state = 'completed' AND state IN ('new', 'fulfilled')`;

interface CustomerRow {
  id: number; email: string; first_name: string; last_name: string; gender: 'm' | 'f' | null; birthday: string | null;
  subscribed_to_newsletter: boolean; preferred_language: Lang; default_address_id: number | null; verified: boolean;
  last_order_date: string | null;
}

export async function findCustomer(q: Queryable, id: number): Promise<CustomerRow | null> {
  const [row] = await q.query<CustomerRow>(
    `SELECT c.id, c.email, c.first_name, c.last_name, c.gender, to_char(c.birthday, 'YYYY-MM-DD') AS birthday,
       c.subscribed_to_newsletter, c.preferred_language, c.default_address_id, u.verified,
       (SELECT ${isoSql('max(o.checkout_completed_at)')} FROM shop.orders o WHERE o.customer_id = c.id AND ${COMPLETED_ORDER}) AS last_order_date
     FROM shop.customers c JOIN shop.shop_users u ON u.customer_id = c.id WHERE c.id = $1`,
    [id],
  );
  return row ?? null;
}

export async function hasCompletedOrder(q: Queryable, customerId: number): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM shop.orders WHERE customer_id = $1 AND ${COMPLETED_ORDER} LIMIT 1`, [customerId]);
  return rows.length > 0;
}

export function customerJson(row: CustomerRow): Customer & { '@context': string } {
  return {
    '@context': '/api/v2/contexts/Customer',
    '@id': iri.customer(row.id),
    '@type': 'Customer',
    id: row.id,
    email: row.email,
    // For marketing tags, which must never carry the e-mail itself.
    emailHashed: createHash('sha256').update(canonicalEmail(row.email)).digest('hex'),
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`,
    gender: row.gender,
    birthday: row.birthday,
    subscribedToNewsletter: row.subscribed_to_newsletter,
    defaultAddress: row.default_address_id === null ? null : iri.address(row.default_address_id),
    newCustomer: row.last_order_date === null,
    subscriber: false,
    lastOrderDate: row.last_order_date,
    user: { verified: row.verified },
    preferredLanguage: row.preferred_language,
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export function customerRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();

  /** The customer of the path, who must be the one authenticated, and the session that asks. */
  const ownCustomerSession = async (c: Parameters<typeof requireSession>[0]) => {
    const id = idParam(c);
    const session = await requireSession(c, deps);
    if (session.customerId !== id) throw notFound();
    const row = await findCustomer(db, id);
    if (!row) throw notFound();
    return { customer: row, sessionId: session.sessionId };
  };
  const ownCustomer = async (c: Parameters<typeof requireSession>[0]) => (await ownCustomerSession(c)).customer;

  /** Whether a password typed to prove it is the customer is theirs; wrong guesses are limited per customer (429). */
  const isCurrentPassword = async (c: ShopContext, customerId: number, password: string) => {
    const key = String(customerId);
    const limit = await deps.limits.currentPasswordCustomer.consume(key);
    if (!limit.allowed) throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'currentPassword', limit.retryAfterSeconds), limit.retryAfterSeconds);
    const [user] = await db.query<{ password_hash: string }>('SELECT password_hash FROM shop.shop_users WHERE customer_id = $1', [customerId]);
    const right = Boolean(user) && (await verifyPassword(password, user!.password_hash));
    if (right) await deps.limits.currentPasswordCustomer.refund(key);
    return right;
  };

  app.post('/customer/lookup', async (c) => {
    const { email } = await parseBody(c, lookupBody);
    // It says whether an account exists: counted per address, so nobody can run a list of e-mails through it.
    const limit = await deps.limits.lookupAddress.consume(c.get('clientAddress'));
    if (!limit.allowed) throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'lookup', limit.retryAfterSeconds), limit.retryAfterSeconds);
    const rows = await db.query('SELECT 1 FROM shop.customers WHERE email_canonical = $1', [canonicalEmail(email)]);
    return c.json({ exists: rows.length > 0 });
  });

  app.post('/customers', async (c) => {
    const lang = c.get('lang');
    const body = await parseBody(c, registerBody(deps.clock()));
    const email = canonicalEmail(body.email);
    const emailTaken = () => refuse(lang, { path: 'email', code: 'EMAIL_ALREADY_USED' });
    if ((await db.query('SELECT 1 FROM shop.customers WHERE email_canonical = $1', [email])).length) throw emailTaken();
    const passwordHash = await hashPassword(body.password);
    const now = deps.clock().toISOString();
    const preferredLanguage = body.preferredLanguage ?? lang;
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO shop.customers (email, email_canonical, first_name, last_name, gender, birthday, subscribed_to_newsletter,
             preferred_language, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9::timestamptz, $9::timestamptz) RETURNING id`,
          [body.email.trim(), email, body.firstName, body.lastName, body.gender ?? null, body.birthday ?? null,
            body.subscribedToNewsletter, preferredLanguage, now],
        );
        await tx.query('INSERT INTO shop.shop_users (customer_id, password_hash, password_changed_at) VALUES ($1, $2, $3::timestamptz)',
          [row!.id, passwordHash, now]);
        const site = siteUrlOf(c.get('channel').code, deps.env) + (preferredLanguage === 'nl' ? '/nl/' : '/');
        await sendMail(tx, welcomeMail(preferredLanguage, body.email.trim(), body.firstName, site), deps.clock());
        return row!.id;
      });
    } catch (error) {
      // Two registrations of one e-mail at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    return ld(c, customerJson((await findCustomer(db, id))!), 201);
  });

  app.get('/customers/:id', async (c) => ld(c, customerJson(await ownCustomer(c))));

  app.put('/customers/:id', async (c) => {
    const lang = c.get('lang');
    const customer = await ownCustomer(c);
    const body = await parseBody(c, personalDataBody(deps.clock()));
    // A new e-mail is a new way into the account (login, reset links): whoever changes it proves they know
    // the password, so a stolen access token alone cannot take the account over.
    const newEmail = body.email !== undefined && canonicalEmail(body.email) !== canonicalEmail(customer.email) ? body.email.trim() : null;
    if (newEmail !== null) {
      if (body.currentPassword === undefined) throw refuse(lang, { path: 'currentPassword', code: 'NOT_BLANK' });
      if (!(await isCurrentPassword(c, customer.id, body.currentPassword))) throw refuse(lang, { path: 'currentPassword', code: 'WRONG_PASSWORD' });
    }
    const sets: string[] = [];
    const params: unknown[] = [customer.id];
    const set = (column: string, value: unknown, cast = '') => { params.push(value); sets.push(`${column} = $${params.length}${cast}`); };
    if (body.gender !== undefined) set('gender', body.gender);
    if (body.firstName !== undefined) set('first_name', body.firstName);
    if (body.lastName !== undefined) set('last_name', body.lastName);
    if (body.birthday !== undefined) set('birthday', body.birthday, '::date');
    if (body.subscribedToNewsletter !== undefined) set('subscribed_to_newsletter', body.subscribedToNewsletter);
    if (body.preferredLanguage !== undefined) set('preferred_language', body.preferredLanguage);
    if (newEmail !== null) {
      const taken = await db.query('SELECT 1 FROM shop.customers WHERE email_canonical = $1', [canonicalEmail(newEmail)]);
      if (taken.length) throw refuse(lang, { path: 'email', code: 'EMAIL_ALREADY_USED' });
      set('email', newEmail);
      set('email_canonical', canonicalEmail(newEmail));
    }
    if (body.defaultAddress !== undefined) {
      const addressId = body.defaultAddress === null ? null : idFromIri(body.defaultAddress, `${SHOP_API_PREFIX}/addresses`);
      if (body.defaultAddress !== null) {
        const own = addressId !== null && (await db.query('SELECT 1 FROM shop.addresses WHERE id = $1 AND customer_id = $2', [addressId, customer.id])).length > 0;
        if (!own) throw refuse(lang, { path: 'defaultAddress', code: 'ADDRESS_NOT_FOUND' });
      }
      set('default_address_id', addressId);
    }
    if (sets.length) {
      const now = deps.clock();
      set('updated_at', now.toISOString(), '::timestamptz');
      try {
        await db.transaction(async (tx) => {
          await tx.query(`UPDATE shop.customers SET ${sets.join(', ')} WHERE id = $1`, params);
          // The old address hears of it, in the language the customer now prefers: if it was not them, the
          // real owner learns it from the one mailbox the taker does not control.
          if (newEmail !== null) {
            const mailLang = body.preferredLanguage ?? customer.preferred_language;
            const channel = c.get('channel').code;
            const locale: LocaleCode = mailLang === 'nl' ? 'nl_BE' : channel === 'BE' ? 'fr_BE' : 'fr_FR';
            const contact = siteUrlOf(channelOf(locale).code, deps.env) + pathTo('contact', locale);
            await sendMail(tx, emailChangedMail(mailLang, customer.email, body.firstName ?? customer.first_name, contact), now);
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refuse(lang, { path: 'email', code: 'EMAIL_ALREADY_USED' });
        throw error;
      }
    }
    return ld(c, customerJson((await findCustomer(db, customer.id))!));
  });

  app.put('/customers/:id/password', async (c) => {
    const { customer, sessionId } = await ownCustomerSession(c);
    const body = await parseBody(c, changePasswordBody);
    if (!(await isCurrentPassword(c, customer.id, body.currentPassword))) {
      throw refuse(c.get('lang'), { path: 'currentPassword', code: 'WRONG_PASSWORD' });
    }
    const passwordHash = await hashPassword(body.newPassword);
    const now = deps.clock();
    await db.transaction(async (tx) => {
      await tx.query('UPDATE shop.shop_users SET password_hash = $2, password_changed_at = $3::timestamptz WHERE customer_id = $1',
        [customer.id, passwordHash, now.toISOString()]);
      // A new password is how a customer shuts out whoever had the old one: every other session ends (its
      // access tokens at once), the one making the change goes on.
      await revokeSessions(tx, customer.id, now, sessionId);
    });
    return noContent(c);
  });

  return app;
}
