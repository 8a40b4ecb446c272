/**
 * Signing in (POST /shop/authentication-token) and renewing the token pair: the answer, the token's
 * claims, and the calls. The credentials' rules are in requests/authentication.ts.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { ShopApiError, type HttpClient } from './http.ts';
import { SHOP_API_PREFIX } from './iri.ts';
import type { credentialsRequest } from './requests/authentication.ts';

export type Credentials = z.input<typeof credentialsRequest>;

/** POST /shop/authentication-token answer: token, refresh token, user, customer IRI and, when there is one, the cart. */
export const authentication = z.object({
  token: z.string(),
  refresh_token: z.string(),
  user: z.object({ username: z.string(), verified: z.boolean() }),
  customer: z.string(),
  /** Token of the customer's open cart, when there is one. */
  cart: z.optional(z.nullable(z.string())),
});
export type Authentication = z.infer<typeof authentication>;

/**
 * Claims of the JWT: expiry (seconds since the epoch), username (the e-mail) and `sid`, the session (the
 * login) it belongs to. The site reads no `sid`; the platform refuses a token without one
 * (accessTokenClaims), since only a token tied to a session can be revoked before it expires.
 */
export const tokenClaims = z.object({
  exp: z.number(),
  iat: z.number(),
  username: z.string(),
  customer: z.string(),
  sid: z.optional(z.string()),
});
export const accessTokenClaims = z.extend(tokenClaims, { sid: z.string().check(z.minLength(1), z.maxLength(64)) });

/** The refresh answer: a new token pair (user and customer may be absent). */
const refreshAnswer = z.object({ token: z.string(), refresh_token: z.string() });

export const NO_AUTHENTICATION_DATA = 'no authentication data in response';
const hasAuthenticationData = (body: unknown): boolean =>
  body !== null &&
  typeof body === 'object' &&
  Boolean((body as Record<string, unknown>).customer) &&
  Boolean((body as Record<string, unknown>).user);

export function createAuthenticationClient(http: HttpClient) {
  const path = `${SHOP_API_PREFIX}/authentication-token`;
  const noAuthenticationData = (body: unknown, cause?: unknown) =>
    new ShopApiError({
      status: 200,
      description: NO_AUTHENTICATION_DATA,
      body,
      method: 'POST',
      path,
      code: 'no_authentication_data',
      cause,
    });
  return {
    /** POST /shop/authentication-token; an answer without customer or user is refused ("no authentication data in response"). */
    async login(credentials: Credentials): Promise<Authentication> {
      const body = await http.post(path, { body: credentials, schema: z.unknown(), auth: false });
      if (!hasAuthenticationData(body)) throw noAuthenticationData(body);
      const parsed = authentication.safeParse(body);
      if (!parsed.success) throw noAuthenticationData(body, parsed.error);
      return parsed.data;
    },
    refresh: (refreshToken: string) =>
      http.post(`${path}/refresh`, { body: { refresh_token: refreshToken }, schema: refreshAnswer, auth: false }),
  };
}
