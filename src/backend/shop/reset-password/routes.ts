/**
 * Forgotten password: POST /shop/reset-password-requests mails a one-time link (always 202, so the call
 * tells nothing about which e-mails have an account); GET /shop/reset-password-requests/{token} says
 * whether a link still works (`usable`: false when used, expired, replaced or unknown, an ordinary answer
 * rather than an error), so the reset page shows a dead link as such before the shopper types anything; PATCH /shop/reset-password-requests/{token} sets
 * the new password. Tokens are stored as digests, expire after RESET_TOKEN_TTL_MS and work once.
 */
import { Hono } from 'hono';
import { channelOf, languageOf, siteUrlOf } from '../../../lib/channels.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import { sendMail } from '../../mail/outbox.ts';
import { notFound, refuse, tooManyRequests } from '../shared/errors.ts';
import { ld, parseBody } from '../shared/request.ts';
import { tokenParam } from '../shared/ids.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import { resetPasswordRequest, resetRequest } from '../../../lib/shop-api/requests/reset-password.ts';
import { digest, randomToken } from '../shared/random.ts';
import { countAll, emailKey } from '../limits/store.ts';
import { resetPasswordMail } from '../../mail/templates/customers.ts';
import { hashPassword } from '../shared/passwords.ts';
import { canonicalEmail } from '../shared/email.ts';
import { canonicalEmailOf, findByEmail, setPassword } from '../customers/repository.ts';
import { clearFailures } from '../sessions/throttle.ts';
import { revokeSessions } from '../sessions/repository.ts';
import { claimResetRequest, findResetRequest, replaceResetRequest } from './repository.ts';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const accepted = { '@context': '/api/v2/contexts/ResetPasswordRequest', '@type': 'ResetPasswordRequest' };

export function resetPasswordRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();

  app.post('/reset-password-requests', async (c) => {
    const body = await parseBody(c, resetRequest);
    // Counted for every e-mail, known or not, so a 429 tells nothing about which accounts exist. A refused
    // request changes nothing: the last link mailed stays the valid one.
    const limit = await countAll([
      [deps.limits.resetAddress, c.get('clientAddress')],
      [deps.limits.resetEmail, emailKey(canonicalEmail(body.email))],
    ]);
    if (!limit.allowed) {
      const action = limit.limit === 'resetEmail' ? 'resetEmail' : 'resetAddress';
      throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), action, limit.retryAfterSeconds), limit.retryAfterSeconds);
    }
    const customer = await findByEmail(db, canonicalEmail(body.email));
    if (customer) {
      const locale = body.localeCode ?? c.get('locale');
      const token = randomToken(32);
      const now = deps.clock();
      const link = siteUrlOf(channelOf(locale).code, deps.env) + pathTo('forgotPassword', locale, { forgotPassword: token });
      await db.transaction(async (tx) => {
        await replaceResetRequest(tx, {
          tokenHash: digest(token),
          customerId: customer.id,
          now,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        });
        await sendMail(
          tx,
          resetPasswordMail(languageOf(locale), customer.email, customer.first_name, link, RESET_TOKEN_TTL_MS / 60000),
          now,
        );
      });
    }
    return ld(c, accepted, 202);
  });

  app.get('/reset-password-requests/:token', async (c) => {
    const token = tokenParam(c);
    const request = await findResetRequest(db, digest(token), deps.clock());
    return ld(c, {
      ...accepted,
      '@id': `${SHOP_API_PREFIX}/reset-password-requests/${token}`,
      usable: request !== null && !request.expired,
    });
  });

  app.patch('/reset-password-requests/:token', async (c) => {
    const token = tokenParam(c);
    const now = deps.clock();
    const request = await findResetRequest(db, digest(token), now);
    if (!request) throw notFound();
    if (request.expired) throw refuse(c.get('lang'), { path: 'token', code: 'TOKEN_EXPIRED' });
    const body = await parseBody(c, resetPasswordRequest);
    const passwordHash = await hashPassword(body.newPassword, deps.passwordCost);
    const done = await db.transaction(async (tx) => {
      const customerId = await claimResetRequest(tx, digest(token), now);
      if (customerId === null) return false;
      // Following the mailed link proves the mailbox is the customer's: the account becomes verified.
      await setPassword(tx, customerId, passwordHash, now, { verified: true });
      await revokeSessions(tx, customerId, now);
      const email = await canonicalEmailOf(tx, customerId);
      if (email) await clearFailures(tx, email);
      return true;
    });
    if (!done) throw notFound();
    return ld(c, accepted, 202);
  });

  return app;
}
