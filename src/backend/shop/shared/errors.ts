/**
 * Error answers of the shop API, shaped like the production API (API Platform + LexikJWT): handlers
 * throw one of these problems and the platform's error handler (app.ts) writes it.
 */
import type { Violation, ViolationCode } from '../../../lib/shop-api/errors.ts';
import { Problem } from '../../problem.ts';
import type { Language } from '../../../lib/channels.ts';
import { violationMessage, type MessageParams } from './messages.ts';

export const LD_JSON = 'application/ld+json; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

const hydraError = (status: number, description: string) =>
  new Problem(
    status,
    {
      '@context': '/api/v2/contexts/Error',
      '@type': 'hydra:Error',
      'hydra:title': 'An error occurred',
      'hydra:description': description,
    },
    { 'Content-Type': LD_JSON },
  );

export const notFound = () => hydraError(404, 'Not Found');
export const badRequest = (description: string) => hydraError(400, description);
/** A service the shop relies on (the payment provider, the relay-point carrier) could not answer. */
export const badGateway = (description: string) => hydraError(502, description);
export const invalidJson = () => badRequest('Invalid JSON');
export const payloadTooLarge = () => hydraError(413, 'Request body too large');
export const unsupportedMediaType = (type: string) => hydraError(415, `The content-type "${type}" is not supported.`);
/** A rate limit (limits/policy.ts) refused the call: the description is for the shopper, in their language. */
export const tooManyRequests = (description: string, retryAfterSeconds: number) =>
  hydraError(429, description).withHeaders({ 'Retry-After': String(retryAfterSeconds) });
/** Password hashing is saturated (shared/passwords.ts): nothing is wrong with the request, try again shortly. */
export const serviceBusy = (description: string, retryAfterSeconds: number) =>
  hydraError(503, description).withHeaders({ 'Retry-After': String(retryAfterSeconds) });

/** LexikJWT's answers: { code, message } in plain JSON. */
const lexik = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Problem(status, { code: status, message }, { 'Content-Type': JSON_TYPE, ...headers });
export const jwtNotFound = () => lexik(401, 'JWT Token not found');
export const jwtInvalid = () => lexik(401, 'Invalid JWT Token');
export const jwtExpired = () => lexik(401, 'Expired JWT Token');
export const invalidCredentials = () => lexik(401, 'Invalid credentials.');
export const invalidRefreshToken = () => lexik(401, 'Invalid JWT Refresh Token');
export const missingRefreshToken = () => lexik(401, 'Missing JWT Refresh Token');
export const tooManyAttempts = (message: string, retryAfterSeconds: number) =>
  lexik(429, message, { 'Retry-After': String(retryAfterSeconds) });
/** The login's answer when password hashing is saturated, in the login's own shape. */
export const loginServiceBusy = (message: string, retryAfterSeconds: number) =>
  lexik(503, message, { 'Retry-After': String(retryAfterSeconds) });

export interface ViolationSpec {
  path: string;
  code: ViolationCode;
  params?: MessageParams;
}

export const violation = (lang: Language, { path, code, params }: ViolationSpec): Violation => ({
  propertyPath: path,
  message: violationMessage(lang, code, params),
  code,
});

export function violationList(violations: Violation[]): Problem {
  return new Problem(
    422,
    {
      '@context': '/api/v2/contexts/ConstraintViolationList',
      '@type': 'ConstraintViolationList',
      'hydra:title': 'An error occurred',
      'hydra:description': violations.map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message)).join('\n'),
      violations,
    },
    { 'Content-Type': LD_JSON },
  );
}

/** One violation, the common case of business rules (coupon refused, variant out of stock…). */
export const refuse = (lang: Language, spec: ViolationSpec) => violationList([violation(lang, spec)]);
