/** Account creation (SPEC §3 Register request, §5): the output is the body of POST /shop/customers. */
import { z } from 'zod';
import { birthDate, systemClock, type Clock } from './birthday.ts';
import { checkbox, email, gender, password, personName } from './fields.ts';

export const registerFields = (clock: Clock = systemClock) => z.object({
  gender: gender(),
  firstName: personName(),
  lastName: personName(),
  email: email(),
  password: password(),
  birthday: birthDate(clock),
  subscribedToNewsletter: checkbox(),
  /** The terms of use and sale must be accepted (SPEC §2); the shop API checks it too. */
  acceptTerms: z.literal(true, { error: 'must_accept' }),
});

export const registerSchema = (clock: Clock = systemClock) => registerFields(clock);
export type RegisterBody = z.output<ReturnType<typeof registerSchema>>;
export const REGISTER_FIELDS = Object.keys(registerFields().shape);

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
  gender: '', firstName: '', lastName: '', email: emailAddress, password: '', birthday: '', subscribedToNewsletter: false, acceptTerms: false,
});
