/**
 * Forgotten password: POST /shop/reset-password-requests mails a one-time link (always 202, so the call
 * tells nothing about which e-mails have an account); PATCH /shop/reset-password-requests/{token} sets
 * the new password. Tokens are stored as digests, expire after RESET_TOKEN_TTL_MS and work once.
 */
import { Hono } from 'hono';
import { channelOf, languageOf, siteUrlOf } from '../../lib/channels.ts';
import { pathTo } from '../../i18n/paths.ts';
import { sendMail } from '../mail/outbox.ts';
import { notFound, refuse, tooManyRequests } from './errors.ts';
import { ld, parseBody, tokenParam, type ShopDeps, type ShopEnv } from './http.ts';
import { resetPasswordMail } from './mails.ts';
import { hashPassword } from './passwords.ts';
import { clearFailures } from './throttle.ts';
import { countAll, emailKey } from './limits/store.ts';
import { tooManyRequestsMessage } from './messages.ts';
import { digest, randomToken, revokeAllRefreshTokens } from './tokens.ts';
import { canonicalEmail } from './customers.ts';
import { resetPasswordBody, resetRequestBody } from './validation.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const accepted = { '@context': '/api/v2/contexts/ResetPasswordRequest', '@type': 'ResetPasswordRequest' };

export function resetPasswordRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();

  app.post('/reset-password-requests', async (c) => {
    const body = await parseBody(c, resetRequestBody);
    // Counted for every e-mail, known or not, so a 429 tells nothing about which accounts exist. A refused
    // request changes nothing: the last link mailed stays the valid one.
    const limit = await countAll([[deps.limits.resetAddress, c.get('clientAddress')], [deps.limits.resetEmail, emailKey(canonicalEmail(body.email))]]);
    if (!limit.allowed) {
      const action = limit.limit === 'resetEmail' ? 'resetEmail' : 'resetAddress';
      throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), action, limit.retryAfterSeconds), limit.retryAfterSeconds);
    }
    const [customer] = await db.query<{ id: number; email: string; first_name: string }>(
      'SELECT id, email, first_name FROM shop.customers WHERE email_canonical = $1', [canonicalEmail(body.email)]);
    if (customer) {
      const locale = body.localeCode ?? c.get('locale');
      const token = randomToken(32);
      const now = deps.clock();
      const link = siteUrlOf(channelOf(locale).code, deps.env) + pathTo('forgotPassword', locale, { forgotPassword: token });
      await db.transaction(async (tx) => {
        // Only the latest link works: an older mail lying in the inbox is worth nothing.
        await tx.query('DELETE FROM shop.reset_password_requests WHERE customer_id = $1 AND used_at IS NULL', [customer.id]);
        await tx.query(
          `INSERT INTO shop.reset_password_requests (token_hash, customer_id, created_at, expires_at)
           VALUES ($1, $2, $3::timestamptz, $4::timestamptz)`,
          [digest(token), customer.id, now.toISOString(), new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString()]);
        await sendMail(tx, resetPasswordMail(languageOf(locale), customer.email, customer.first_name, link, RESET_TOKEN_TTL_MS / 60000), now);
      });
    }
    return ld(c, accepted, 202);
  });

  app.patch('/reset-password-requests/:token', async (c) => {
    const token = tokenParam(c);
    const now = deps.clock();
    const [request] = await db.query<{ expired: boolean }>(
      'SELECT expires_at <= $2::timestamptz AS expired FROM shop.reset_password_requests WHERE token_hash = $1 AND used_at IS NULL',
      [digest(token), now.toISOString()]);
    if (!request) throw notFound();
    if (request.expired) throw refuse(c.get('lang'), { path: 'token', code: 'TOKEN_EXPIRED' });
    const body = await parseBody(c, resetPasswordBody);
    const passwordHash = await hashPassword(body.newPassword);
    const done = await db.transaction(async (tx) => {
      // Claimed atomically: two submissions of one link cannot both succeed.
      const [claimed] = await tx.query<{ customer_id: number }>(
        `UPDATE shop.reset_password_requests SET used_at = $2::timestamptz
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING customer_id`,
        [digest(token), now.toISOString()]);
      if (!claimed) return false;
      // Following the mailed link proves the mailbox is the customer's: the account becomes verified.
      await tx.query('UPDATE shop.shop_users SET password_hash = $2, password_changed_at = $3::timestamptz, verified = true WHERE customer_id = $1',
        [claimed.customer_id, passwordHash, now.toISOString()]);
      await revokeAllRefreshTokens(tx, claimed.customer_id, now);
      const [customer] = await tx.query<{ email_canonical: string }>('SELECT email_canonical FROM shop.customers WHERE id = $1', [claimed.customer_id]);
      if (customer) await clearFailures(tx, customer.email_canonical);
      return true;
    });
    if (!done) throw notFound();
    return ld(c, accepted, 202);
  });

  return app;
}
