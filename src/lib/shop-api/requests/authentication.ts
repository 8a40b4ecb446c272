/**
 * POST /shop/authentication-token: an e-mail and its password, or a Google token (one-click login), with
 * an optional captcha token. The platform answers 401 to any credentials it cannot match, well-formed
 * or not (never a 422 that would say which part was wrong); these rules are what the site checks first.
 */
import { z } from 'zod';
import { email, givenPassword } from './fields.ts';

export const loginRequest = z.object({ email, password: givenPassword });
const captcha = { captchaToken: z.string().optional() };
export const credentialsRequest = z.union([loginRequest.extend(captcha), z.object({ googleToken: z.string().min(1), ...captcha })]);
