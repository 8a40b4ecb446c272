/**
 * Login in two steps: the e-mail is looked up first; a known one asks for the password, an unknown one
 * leads to account creation ("not you? change account" goes back to the first step).
 */
import { isShopApiError } from '../shop-api/http.ts';
import { loginRequest } from '../shop-api/requests/authentication.ts';
import { lookupRequest } from '../shop-api/requests/customers.ts';
import type { FormErrors } from './validate.ts';
import { errorsFromFailure } from './violations.ts';

/** Step 1: the e-mail address (body of POST /shop/customer/lookup). */
export const loginEmailSchema = lookupRequest;
/** Step 2: the credentials (body of POST /shop/authentication-token). */
export const loginPasswordSchema = loginRequest;
export const LOGIN_FIELDS = ['email', 'password'] as const;

export type LoginStep = 'email' | 'password' | 'register';
export interface LoginFormValues {
  email: string;
  password: string;
}
export const emptyLogin = (): LoginFormValues => ({ email: '', password: '' });

/** The login page's address that opens at "Mot de passe oublié ?" (a dead reset link leads there). */
export const forgotPasswordHref = (loginPath: string): string => `${loginPath}?step=forgot`;
/** Whether the login page was asked to open at "Mot de passe oublié ?". */
export const opensAtForgotPassword = (search: string): boolean => new URLSearchParams(search).get('step') === 'forgot';

/** The step after the lookup: a known e-mail asks for the password, an unknown one opens registration. */
export const stepAfterLookup = (exists: boolean): LoginStep => (exists ? 'password' : 'register');

/** Wrong credentials (401 on login) are shown under the password: "Votre mot de passe est incorrect." */
const WRONG_PASSWORD = 'wrong_password';

/** Errors of a failed login: wrong credentials (401) under the password, anything else as usual. */
export function loginFailure(failure: unknown): FormErrors {
  if (isShopApiError(failure) && failure.status === 401) return { fields: { password: [{ code: WRONG_PASSWORD }] }, form: [] };
  return errorsFromFailure(failure, LOGIN_FIELDS);
}
