/** Requests on customers: the e-mail lookup, the account creation, personal data and the password change. */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import {
  always,
  because,
  birthDate,
  confirmed,
  email,
  givenPassword,
  languageCode,
  newPassword,
  optionalGender,
  passwordConfirmation,
  personName,
  reference,
} from './fields.ts';
import { systemClock, type Clock } from './dates.ts';

/** POST /shop/customer/lookup: is there an account for this e-mail (the login's first step)? */
export const lookupRequest = z.object({ email });

/** POST /shop/customers. */
export const registerRequest = (clock: Clock = systemClock) =>
  z.object({
    gender: optionalGender,
    firstName: personName,
    lastName: personName,
    email,
    password: newPassword,
    birthday: birthDate(clock),
    subscribedToNewsletter: z._default(z.boolean(), false),
    /** The terms of use and sale must be accepted: no account without them. */
    acceptTerms: z.boolean().check(z.refine((accepted) => accepted, because('must_accept', 'TERMS_NOT_ACCEPTED'))),
    /** Communication language; the page's language when left out. */
    preferredLanguage: z.optional(languageCode),
    /** The referral code of the sponsor's link the shopper came through (an unknown one is ignored). */
    sponsorCode: z.optional(z.string().check(z.trim(), z.maxLength(32))),
  });

/**
 * PUT on the customer IRI: every field is optional, so the site may send only `defaultAddress`. A new
 * e-mail also needs `currentPassword` (checked by the platform: the e-mail is how an account is
 * recovered, so changing it proves the password).
 */
export const personalDataRequest = (clock: Clock = systemClock) =>
  z.object({
    gender: optionalGender,
    firstName: z.optional(personName),
    lastName: z.optional(personName),
    email: z.optional(email),
    birthday: birthDate(clock),
    subscribedToNewsletter: z.optional(z.boolean()),
    preferredLanguage: z.optional(languageCode),
    defaultAddress: z.nullish(reference),
    currentPassword: z.optional(givenPassword),
  });

/** PUT {customer}/password: the current password, and the new one typed twice. */
export const changePasswordFields = z.object({ currentPassword: givenPassword, newPassword, confirmNewPassword: passwordConfirmation });
export const changePasswordRequest = changePasswordFields.check(z.superRefine(confirmed, always));
