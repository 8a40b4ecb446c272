/** Account creation: the register request (lib/shop-api/requests), with the gender the form asks for. */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { systemClock, type Clock } from '../shop-api/requests/dates.ts';
import { GENDERS } from '../shop-api/requests/fields.ts';
import { registerRequest } from '../shop-api/requests/customers.ts';

/** The API takes an account without a gender; the form asks for one (it is how mails address the customer). */
export const registerFields = (clock: Clock = systemClock) => z.extend(registerRequest(clock), { gender: z.enum(GENDERS) });

export const registerSchema = (clock: Clock = systemClock) => registerFields(clock);

export interface RegisterFormValues {
  gender: 'm' | 'f' | '';
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  birthday: string;
  subscribedToNewsletter: boolean;
  acceptTerms: boolean;
}
export const emptyRegister = (emailAddress = ''): RegisterFormValues => ({
  gender: '',
  firstName: '',
  lastName: '',
  email: emailAddress,
  password: '',
  birthday: '',
  subscribedToNewsletter: false,
  acceptTerms: false,
});
/** The fields server violations land on: the form's (the language is the page's, not an input). */
export const REGISTER_FIELDS = Object.keys(emptyRegister());
