/**
 * Customers: e-mail lookup (the login's first step), registration, personal data and password change.
 * A customer reads and changes only themself: any other id is a 404, as if it did not exist.
 */
import { Hono } from 'hono';
import { SHOP_API_PREFIX } from '../../../lib/shop/wire.ts';
import { channelOf, siteUrlOf, type LocaleCode } from '../../../lib/channels.ts';
import { pathTo } from '../../../i18n/paths.ts';
import { sendMail } from '../../mail/outbox.ts';
import { notFound, refuse, tooManyRequests } from '../shared/errors.ts';
import { ld, noContent, parseBody } from '../shared/request.ts';
import { idFromIri, idParam } from '../shared/ids.ts';
import type { ShopContext, ShopDeps, ShopEnv } from '../shared/deps.ts';
import { changePasswordBody, lookupBody, personalDataBody, registerBody } from '../shared/validation.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import { requireSession } from '../sessions/access.ts';
import { revokeSessions } from '../sessions/repository.ts';
import { canonicalEmail, customerJson } from './customer.ts';
import { emailChangedMail, welcomeMail } from './mails.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  createCustomer, emailTaken, findCustomer, hasAddress, isUniqueViolation, passwordHashOf, setPassword, updateCustomer,
} from './repository.ts';

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

  /** Whether a password typed to prove it is the customer is theirs; wrong guesses are limited per customer (429). */
  const isCurrentPassword = async (c: ShopContext, customerId: number, password: string) => {
    const key = String(customerId);
    const limit = await deps.limits.currentPasswordCustomer.consume(key);
    if (!limit.allowed) throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'currentPassword', limit.retryAfterSeconds), limit.retryAfterSeconds);
    const hash = await passwordHashOf(db, customerId);
    const right = hash !== null && (await verifyPassword(password, hash));
    if (right) await deps.limits.currentPasswordCustomer.refund(key);
    return right;
  };

  app.post('/customer/lookup', async (c) => {
    const { email } = await parseBody(c, lookupBody);
    // It says whether an account exists: counted per address, so nobody can run a list of e-mails through it.
    const limit = await deps.limits.lookupAddress.consume(c.get('clientAddress'));
    if (!limit.allowed) throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'lookup', limit.retryAfterSeconds), limit.retryAfterSeconds);
    return c.json({ exists: await emailTaken(db, canonicalEmail(email)) });
  });

  app.post('/customers', async (c) => {
    const lang = c.get('lang');
    const body = await parseBody(c, registerBody(deps.clock()));
    const email = canonicalEmail(body.email);
    const taken = () => refuse(lang, { path: 'email', code: 'EMAIL_ALREADY_USED' });
    if (await emailTaken(db, email)) throw taken();
    const passwordHash = await hashPassword(body.password);
    const preferredLanguage = body.preferredLanguage ?? lang;
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        const created = await createCustomer(tx, {
          ...body, email: body.email.trim(), emailCanonical: email, gender: body.gender ?? null, birthday: body.birthday ?? null,
          preferredLanguage, passwordHash, now: deps.clock(),
        });
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
    const lang = c.get('lang');
    const customer = await ownCustomer(c);
    const body = await parseBody(c, personalDataBody(deps.clock()));
    // A new e-mail is a new way into the account (login, reset links): whoever changes it proves they know
    // the password, so a stolen access token alone cannot take the account over.
    const newEmail = body.email !== undefined && canonicalEmail(body.email) !== canonicalEmail(customer.email) ? body.email.trim() : null;
    if (newEmail !== null) {
      if (body.currentPassword === undefined) throw refuse(lang, { path: 'currentPassword', code: 'NOT_BLANK' });
      if (!(await isCurrentPassword(c, customer.id, body.currentPassword))) throw refuse(lang, { path: 'currentPassword', code: 'WRONG_PASSWORD' });
      if (await emailTaken(db, canonicalEmail(newEmail))) throw refuse(lang, { path: 'email', code: 'EMAIL_ALREADY_USED' });
    }
    let defaultAddressId: number | null | undefined;
    if (body.defaultAddress !== undefined) {
      defaultAddressId = body.defaultAddress === null ? null : idFromIri(body.defaultAddress, `${SHOP_API_PREFIX}/addresses`);
      if (body.defaultAddress !== null && (defaultAddressId === null || !(await hasAddress(db, customer.id, defaultAddressId)))) {
        throw refuse(lang, { path: 'defaultAddress', code: 'ADDRESS_NOT_FOUND' });
      }
    }
    const changes = {
      gender: body.gender, first_name: body.firstName, last_name: body.lastName, birthday: body.birthday,
      subscribed_to_newsletter: body.subscribedToNewsletter, preferred_language: body.preferredLanguage,
      ...(newEmail === null ? {} : { email: newEmail, email_canonical: canonicalEmail(newEmail) }), default_address_id: defaultAddressId,
    };
    if (Object.values(changes).some((value) => value !== undefined)) {
      const now = deps.clock();
      try {
        await db.transaction(async (tx) => {
          await updateCustomer(tx, customer.id, changes, now);
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
      await setPassword(tx, customer.id, passwordHash, now);
      // A new password is how a customer shuts out whoever had the old one: every other session ends (its
      // access tokens at once), the one making the change goes on.
      await revokeSessions(tx, customer.id, now, sessionId);
    });
    return noContent(c);
  });

  return app;
}
