/**
 * POST /shop/authentication-token: an e-mail and its password, or a Google token (one-click login), with
 * an optional captcha token. The platform answers 401 to any credentials it cannot match, well-formed
 * or not (never a 422 that would say which part was wrong); these rules are what the site checks first.
 */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import { email, givenPassword } from './fields.ts';

export const loginRequest = z.object({ email, password: givenPassword });
const captcha = { captchaToken: z.optional(z.string()) };
export const credentialsRequest = z.union([
  z.extend(loginRequest, captcha),
  z.object({ googleToken: z.string().check(z.minLength(1)), ...captcha }),
]);
