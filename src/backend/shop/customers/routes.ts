/**
 * Customers: e-mail lookup (the login's first step), registration, personal data and password change.
 * A customer reads and changes only themself: any other id is a 404, as if it did not exist.
 */
import { Hono } from 'hono';
import { languageOf, localeCodes, siteUrlOf, type LocaleCode } from '../../../lib/channels.ts';
import { sendMail } from '../../mail/outbox.ts';
import { notFound, refuse, tooManyRequests } from '../shared/errors.ts';
import { ld, noContent, parseBody } from '../shared/request.ts';
import { idParam } from '../shared/ids.ts';
import type { ShopContext, ShopDeps, ShopEnv } from '../shared/deps.ts';
import { changePasswordRequest, lookupRequest, personalDataRequest, registerRequest } from '../../../lib/shop-api/requests/customers.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import { requireSession } from '../sessions/access.ts';
import { revokeSessions } from '../sessions/repository.ts';
import { canonicalEmail } from '../shared/email.ts';
import { customerJson } from './customer.ts';
import { welcomeMail } from '../../mail/templates/customers.ts';
import { startNewsletterSignUp } from '../newsletter/routes.ts';
import { recordReferral } from '../sponsorships/service.ts';
import { hashPassword, PasswordHashingBusy } from '../shared/passwords.ts';
import { changePersonalData, isCurrentPassword } from './personal-data.ts';
import { createCustomer, emailTaken, findCustomer, isUniqueViolation, setPassword } from './repository.ts';

export function customerRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();

  /** The customer of the path, who must be the one authenticated, and the session that asks. */
  const ownCustomerSession = async (c: ShopContext) => {
    const id = idParam(c);
    const session = await requireSession(c, deps);
    if (session.customerId !== id) throw notFound();
    const row = await findCustomer(db, id);
    if (!row) throw notFound();
    return { customer: row, sessionId: session.sessionId };
  };
  const ownCustomer = async (c: ShopContext) => (await ownCustomerSession(c)).customer;

  app.post('/customer/lookup', async (c) => {
    const { email } = await parseBody(c, lookupRequest);
    // It says whether an account exists: counted per address, so nobody can run a list of e-mails through it.
    const limit = await deps.limits.lookupAddress.consume(c.get('clientAddress'));
    if (!limit.allowed)
      throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'lookup', limit.retryAfterSeconds), limit.retryAfterSeconds);
    return c.json({ exists: await emailTaken(db, canonicalEmail(email)) });
  });

  app.post('/customers', async (c) => {
    const lang = c.get('lang');
    const body = await parseBody(c, registerRequest(deps.clock));
    // Counted before the e-mail is looked up and the password hashed (limits/policy.ts registrationAddress).
    const address = c.get('clientAddress');
    const limit = await deps.limits.registrationAddress.consume(address);
    if (!limit.allowed)
      throw tooManyRequests(tooManyRequestsMessage(lang, 'registration', limit.retryAfterSeconds), limit.retryAfterSeconds);
    const email = canonicalEmail(body.email);
    const taken = () => refuse(lang, { path: 'email', code: 'EMAIL_ALREADY_USED' });
    if (await emailTaken(db, email)) throw taken();
    let passwordHash: string;
    try {
      passwordHash = await hashPassword(body.password, deps.passwordCost);
    } catch (error) {
      // Hashing saturated (503, try again in a second): nothing was done, so the retry must not cost a second try.
      if (error instanceof PasswordHashingBusy) await deps.limits.registrationAddress.refund(address);
      throw error;
    }
    const preferredLanguage = body.preferredLanguage ?? lang;
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        const created = await createCustomer(tx, {
          ...body,
          email: body.email.trim(),
          emailCanonical: email,
          gender: body.gender ?? null,
          birthday: body.birthday ?? null,
          preferredLanguage,
          passwordHash,
          now: deps.clock(),
        });
        if (body.sponsorCode) await recordReferral(tx, created, body.sponsorCode, deps.clock());
        // The newsletter box starts the double opt-in: its confirmation brings the 5 € first-order code. In
        // the customer's language, on this site when it speaks it (Dutch is the BE site's).
        if (body.subscribedToNewsletter) {
          const spoken = (l: LocaleCode) => languageOf(l) === preferredLanguage;
          const locale = c.get('channel').locales.find(spoken) ?? localeCodes.find(spoken) ?? c.get('locale');
          await startNewsletterSignUp(tx, { env: deps.env, now: deps.clock() }, { email: body.email, locale });
        }
        const site = siteUrlOf(c.get('channel').code, deps.env) + (preferredLanguage === 'nl' ? '/nl/' : '/');
        await sendMail(tx, welcomeMail(preferredLanguage, body.email.trim(), body.firstName, site), deps.clock());
        return created;
      });
    } catch (error) {
      // Two registrations of one e-mail at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    return ld(c, customerJson((await findCustomer(db, id))!), 201);
  });

  app.get('/customers/:id', async (c) => ld(c, customerJson(await ownCustomer(c))));

  app.put('/customers/:id', async (c) => {
    const customer = await ownCustomer(c);
    await changePersonalData(c, deps, customer, await parseBody(c, personalDataRequest(deps.clock)));
    return ld(c, customerJson((await findCustomer(db, customer.id))!));
  });

  app.put('/customers/:id/password', async (c) => {
    const { customer, sessionId } = await ownCustomerSession(c);
    const body = await parseBody(c, changePasswordRequest);
    if (!(await isCurrentPassword(c, deps, customer.id, body.currentPassword))) {
      throw refuse(c.get('lang'), { path: 'currentPassword', code: 'WRONG_PASSWORD' });
    }
    const passwordHash = await hashPassword(body.newPassword, deps.passwordCost);
    const now = deps.clock();
    await db.transaction(async (tx) => {
      await setPassword(tx, customer.id, passwordHash, now);
      // A new password is how a customer shuts out whoever had the old one: every other session ends (its
      // access tokens at once), the one making the change goes on.
      await revokeSessions(tx, customer.id, now, sessionId);
    });
    return noContent(c);
  });

  return app;
}
