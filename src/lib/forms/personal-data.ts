/** Personal data (SPEC §2): the body of PUT on the customer IRI, with the communication language. */
import { z } from 'zod';
import type { Customer } from '../shop/wire.ts';
import { birthDate, systemClock, type Clock } from './birthday.ts';
import { checkbox, email, gender, personName } from './fields.ts';

export const LANGUAGES = ['fr', 'nl'] as const;

export const personalDataSchema = (clock: Clock = systemClock) => z.object({
  gender: gender(),
  firstName: personName(),
  lastName: personName(),
  email: email(),
  birthday: birthDate(clock),
  subscribedToNewsletter: checkbox(),
  preferredLanguage: z.enum(LANGUAGES),
});
export type PersonalDataBody = z.output<ReturnType<typeof personalDataSchema>>;
export const PERSONAL_DATA_FIELDS = Object.keys(personalDataSchema().shape);

export interface PersonalDataFormValues {
  gender: 'm' | 'f' | '';
  firstName: string;
  lastName: string;
  email: string;
  birthday: string;
  subscribedToNewsletter: boolean;
  preferredLanguage: 'fr' | 'nl';
}
/** The form filled from the customer (a date-time birthday keeps its date). */
export const personalDataValues = (customer: Customer): PersonalDataFormValues => ({
  gender: customer.gender ?? '', firstName: customer.firstName, lastName: customer.lastName, email: customer.email,
  birthday: customer.birthday?.slice(0, 10) ?? '', subscribedToNewsletter: customer.subscribedToNewsletter, preferredLanguage: customer.preferredLanguage,
});
