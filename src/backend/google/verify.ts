/**
 * Checks a Google ID token the way Google's documentation asks: its signature against Google's published
 * keys (a JWKS, fetched and cached by jose), issuer accounts.google.com or https://accounts.google.com, the
 * shop's client id as audience, not expired, and an e-mail Google says it verified. Outside production the
 * embedded issuer's tokens (embedded.ts) are checked against its own keys instead.
 */
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { EMBEDDED_GOOGLE_ISSUER, embeddedGoogleKeys } from './embedded.ts';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleSignInSettings {
  /** The shop's OAuth client id: the audience of every token it accepts. */
  clientId: string;
  /** Google's keys (https://www.googleapis.com/oauth2/v3/certs in production); unset, only the embedded issuer. */
  jwksUrl?: string | undefined;
  /** Whether the embedded issuer's tokens are accepted: never in production. */
  embedded: boolean;
}

export interface GoogleIdentity {
  email: string;
  givenName: string;
  familyName: string;
}

/** The token does not prove who the shopper is (forged, expired, for another site, unverified e-mail…). */
export class GoogleTokenRefused extends Error {}
/** Google's keys could not be fetched: nothing is wrong with the token as far as we know. */
export class GoogleKeysUnavailable extends Error {}

/** Google sends email_verified as a boolean; older tokens carried the string "true". */
const claims = z.object({
  sub: z.string().min(1),
  email: z.email().max(255),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

/** A little leeway for the clocks of Google's servers and ours. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** Beyond any real ID token (about 1 kB): a bigger one is not decoded at all. */
const MAX_TOKEN_LENGTH = 8192;

export function googleTokenVerifier(settings: GoogleSignInSettings, options: { googleKeys?: JWTVerifyGetKey } = {}) {
  const googleKeys = options.googleKeys ?? (settings.jwksUrl ? createRemoteJWKSet(new URL(settings.jwksUrl)) : undefined);
  let embeddedKeys: JWTVerifyGetKey | undefined;

  return async function verify(token: string, now: Date): Promise<GoogleIdentity> {
    if (token.length > MAX_TOKEN_LENGTH) throw new GoogleTokenRefused('token too long');
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw new GoogleTokenRefused('not a JWT');
    }
    const embedded = issuer === EMBEDDED_GOOGLE_ISSUER;
    if (embedded && !settings.embedded) throw new GoogleTokenRefused('the embedded issuer is not accepted here');
    if (embedded) embeddedKeys ??= createLocalJWKSet((await embeddedGoogleKeys()).jwks);
    const keys = embedded ? embeddedKeys : googleKeys;
    if (!keys) throw new GoogleTokenRefused(`issuer ${String(issuer)} is not accepted`);
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: embedded ? EMBEDDED_GOOGLE_ISSUER : GOOGLE_ISSUERS,
        audience: settings.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['iat', 'exp', 'sub', 'email'],
        currentDate: now,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (error) {
      // A failed fetch of the keys (network, timeout, an answer that is no JWKS) says nothing of the token.
      if (
        error instanceof errors.JWKSTimeout ||
        error instanceof errors.JWKSInvalid ||
        error instanceof TypeError ||
        (error instanceof errors.JOSEError && /JSON Web Key Set HTTP response/.test(error.message))
      )
        throw new GoogleKeysUnavailable('Google keys unavailable', { cause: error });
      if (error instanceof errors.JOSEError) throw new GoogleTokenRefused(error.code, { cause: error });
      throw new GoogleKeysUnavailable('Google keys unavailable', { cause: error });
    }
    const parsed = claims.safeParse(payload);
    if (!parsed.success) throw new GoogleTokenRefused('claims');
    const { email, email_verified, given_name, family_name } = parsed.data;
    // Only a mailbox Google checked may open the account that bears its address.
    if (email_verified !== true && email_verified !== 'true') throw new GoogleTokenRefused('e-mail not verified');
    return { email, givenName: given_name?.trim() ?? '', familyName: family_name?.trim() ?? '' };
  };
}
