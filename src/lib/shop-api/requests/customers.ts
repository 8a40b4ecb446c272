/** Requests on customers: the e-mail lookup, the account creation, personal data and the password change. */
import { z } from 'zod';
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
    subscribedToNewsletter: z.boolean().default(false),
    /** The terms of use and sale must be accepted: no account without them. */
    acceptTerms: z.boolean().refine((accepted) => accepted, because('must_accept', 'TERMS_NOT_ACCEPTED')),
    /** Communication language; the page's language when left out. */
    preferredLanguage: languageCode.optional(),
    /** The referral code of the sponsor's link the shopper came through (an unknown one is ignored). */
    sponsorCode: z.string().trim().max(32).optional(),
  });

/**
 * PUT on the customer IRI: every field is optional, so the site may send only `defaultAddress`. A new
 * e-mail also needs `currentPassword` (checked by the platform: the e-mail is how an account is
 * recovered, so changing it proves the password).
 */
export const personalDataRequest = (clock: Clock = systemClock) =>
  z.object({
    gender: optionalGender,
    firstName: personName.optional(),
    lastName: personName.optional(),
    email: email.optional(),
    birthday: birthDate(clock),
    subscribedToNewsletter: z.boolean().optional(),
    preferredLanguage: languageCode.optional(),
    defaultAddress: reference.nullish(),
    currentPassword: givenPassword.optional(),
  });

/** PUT {customer}/password: the current password, and the new one typed twice. */
export const changePasswordFields = z.object({ currentPassword: givenPassword, newPassword, confirmNewPassword: passwordConfirmation });
export const changePasswordRequest = changePasswordFields.superRefine(confirmed, always);
