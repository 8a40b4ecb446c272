/**
 * Personal data: the body of PUT on the customer IRI, with the communication language. A new e-mail
 * also needs the current password (the shop API refuses it without), asked only then.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import type { Language } from '../channels.ts';
import type { Customer } from '../shop-api/customers.ts';
import { systemClock, type Clock } from '../shop-api/requests/dates.ts';
import { GENDERS } from '../shop-api/requests/fields.ts';
import { personalDataRequest } from '../shop-api/requests/customers.ts';
import { checkbox } from './fields.ts';

/**
 * The fields, without the rule tying the password to the e-mail (islands extend them, then add it): the
 * request's, every one asked (the API also takes a part of them), the current password left to that rule.
 */
export const personalDataFields = (clock: Clock = systemClock) =>
  z.extend(
    z.required(z.omit(personalDataRequest(clock), { defaultAddress: true }), {
      firstName: true,
      lastName: true,
      email: true,
      preferredLanguage: true,
    }),
    { gender: z.enum(GENDERS), subscribedToNewsletter: checkbox(), currentPassword: z.optional(z.string()) },
  );

/** Whether the e-mail typed is another address than the stored one (the API compares them case-insensitively). */
export const emailChanged = (stored: string | null | undefined, typed: unknown): boolean =>
  typeof stored === 'string' && typeof typed === 'string' && typed.trim().toLowerCase() !== stored.trim().toLowerCase();

type WithPassword = { email: string; currentPassword?: string | undefined };

/**
 * The rule on the current password: required when the e-mail changes from `storedEmail` (without a stored
 * e-mail, never). The output carries it only when one was typed.
 */
export function withEmailPassword<S extends z.ZodMiniType<WithPassword, WithPassword>>(schema: S, storedEmail: string | null = null) {
  return z.pipe(
    schema.check(
      z.superRefine(
        (value: WithPassword, ctx) => {
          if (emailChanged(storedEmail, value.email) && !value.currentPassword)
            ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'required' });
        },
        { when: () => true } as { when: () => boolean },
      ),
    ),
    z.transform(({ currentPassword, ...rest }: z.output<S>): Omit<z.output<S>, 'currentPassword'> & { currentPassword?: string } =>
      currentPassword ? { ...rest, currentPassword } : rest,
    ),
  );
}

export const personalDataSchema = (clock: Clock = systemClock, storedEmail: string | null = null) =>
  withEmailPassword(personalDataFields(clock), storedEmail);
export const PERSONAL_DATA_FIELDS = [
  'gender',
  'firstName',
  'lastName',
  'email',
  'birthday',
  'subscribedToNewsletter',
  'preferredLanguage',
  'currentPassword',
];

export interface PersonalDataFormValues {
  gender: 'm' | 'f' | '';
  firstName: string;
  lastName: string;
  email: string;
  birthday: string;
  subscribedToNewsletter: boolean;
  preferredLanguage: Language;
  /** Asked only when the e-mail changes. */
  currentPassword: string;
}
/** The form filled from the customer (a date-time birthday keeps its date). */
export const personalDataValues = (customer: Customer): PersonalDataFormValues => ({
  gender: customer.gender ?? '',
  firstName: customer.firstName,
  lastName: customer.lastName,
  email: customer.email,
  birthday: customer.birthday?.slice(0, 10) ?? '',
  subscribedToNewsletter: customer.subscribedToNewsletter,
  preferredLanguage: customer.preferredLanguage,
  currentPassword: '',
});
