/**
 * The changes of PUT /customers/{id}: every field is optional. A new e-mail needs the current password
 * and mails the old address; a default address must be one of the customer's.
 */
import type { z } from 'zod';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import { channelOf, siteUrlOf, type LocaleCode } from '../../../lib/channels.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import { sendMail } from '../../mail/outbox.ts';
import { refuse, tooManyRequests } from '../shared/errors.ts';
import { idFromIri } from '../shared/ids.ts';
import type { ShopContext, ShopDeps } from '../shared/deps.ts';
import type { personalDataRequest } from '../../../lib/shop-api/requests/customers.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import { canonicalEmail } from '../shared/email.ts';
import { emailChangedMail } from '../../mail/templates/customers.ts';
import { verifyPassword } from '../shared/passwords.ts';
import { emailTaken, hasAddress, isUniqueViolation, passwordHashOf, updateCustomer, type CustomerRow } from './repository.ts';

/** Whether a password typed to prove it is the customer is theirs; wrong guesses are limited per customer (429). */
export async function isCurrentPassword(c: ShopContext, deps: ShopDeps, customerId: number, password: string): Promise<boolean> {
  const key = String(customerId);
  const limit = await deps.limits.currentPasswordCustomer.consume(key);
  if (!limit.allowed)
    throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'currentPassword', limit.retryAfterSeconds), limit.retryAfterSeconds);
  const hash = await passwordHashOf(deps.db, customerId);
  const right = hash !== null && (await verifyPassword(password, hash));
  if (right) await deps.limits.currentPasswordCustomer.refund(key);
  return right;
}

export async function changePersonalData(
  c: ShopContext,
  deps: ShopDeps,
  customer: CustomerRow,
  body: z.infer<ReturnType<typeof personalDataRequest>>,
): Promise<void> {
  const lang = c.get('lang');
  // A new e-mail is a new way into the account (login, reset links): whoever changes it proves they know
  // the password, so a stolen access token alone cannot take the account over.
  const newEmail = body.email !== undefined && canonicalEmail(body.email) !== canonicalEmail(customer.email) ? body.email.trim() : null;
  if (newEmail !== null) {
    if (body.currentPassword === undefined) throw refuse(lang, { path: 'currentPassword', code: 'NOT_BLANK' });
    if (!(await isCurrentPassword(c, deps, customer.id, body.currentPassword)))
      throw refuse(lang, { path: 'currentPassword', code: 'WRONG_PASSWORD' });
    if (await emailTaken(deps.db, canonicalEmail(newEmail))) throw refuse(lang, { path: 'email', code: 'EMAIL_ALREADY_USED' });
  }
  let defaultAddressId: number | null | undefined;
  if (body.defaultAddress !== undefined) {
    defaultAddressId = body.defaultAddress === null ? null : idFromIri(body.defaultAddress, `${SHOP_API_PREFIX}/addresses`);
    if (body.defaultAddress !== null && (defaultAddressId === null || !(await hasAddress(deps.db, customer.id, defaultAddressId)))) {
      throw refuse(lang, { path: 'defaultAddress', code: 'ADDRESS_NOT_FOUND' });
    }
  }
  const changes = {
    gender: body.gender,
    first_name: body.firstName,
    last_name: body.lastName,
    birthday: body.birthday,
    subscribed_to_newsletter: body.subscribedToNewsletter,
    preferred_language: body.preferredLanguage,
    ...(newEmail === null ? {} : { email: newEmail, email_canonical: canonicalEmail(newEmail) }),
    default_address_id: defaultAddressId,
  };
  if (Object.values(changes).some((value) => value !== undefined)) {
    const now = deps.clock();
    try {
      await deps.db.transaction(async (tx) => {
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
}
