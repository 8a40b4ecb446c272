/**
 * The embedded stand-in for Google's sign-in, so one-click sign-in runs offline: an RS256 key pair made
 * when the process first needs it (never written anywhere: tokens die with the process), the ID tokens it
 * signs, and the public half as a JWKS. Its issuer is a name Google never uses, and the shop accepts it only
 * outside production (config.ts), so a token of this issuer is worthless against a real shop.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';

export const EMBEDDED_GOOGLE_ISSUER = 'urn:maison-gamelle:embedded-google';
/** Google's ID tokens live an hour. */
const ID_TOKEN_SECONDS = 60 * 60;

interface EmbeddedKeys {
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
  kid: string;
}

let keys: Promise<EmbeddedKeys> | undefined;
export function embeddedGoogleKeys(): Promise<EmbeddedKeys> {
  keys ??= (async () => {
    const pair = await generateKeyPair('RS256');
    const kid = randomUUID();
    const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
    return { privateKey: pair.privateKey, jwks: { keys: [jwk] }, kid };
  })();
  return keys;
}

export interface IdTokenClaims {
  clientId: string;
  email: string;
  givenName?: string | undefined;
  familyName?: string | undefined;
  nonce?: string | undefined;
  /** Google says whether it checked the mailbox; the embedded page always has. */
  emailVerified?: boolean;
  now: Date;
  /** Another issuer than the embedded one: for tests of the issuer check only. */
  issuer?: string;
}

/** An ID token shaped like Google's (RS256, kid, iss/aud/sub/email/email_verified/names, an hour's life). */
export async function issueEmbeddedIdToken(claims: IdTokenClaims): Promise<string> {
  const { privateKey, kid } = await embeddedGoogleKeys();
  const iat = Math.floor(claims.now.getTime() / 1000);
  const email = claims.email.trim().toLowerCase();
  return (
    new SignJWT({
      email,
      email_verified: claims.emailVerified ?? true,
      ...(claims.givenName ? { given_name: claims.givenName } : {}),
      ...(claims.familyName ? { family_name: claims.familyName } : {}),
      ...(claims.nonce ? { nonce: claims.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(claims.issuer ?? EMBEDDED_GOOGLE_ISSUER)
      .setAudience(claims.clientId)
      // Google's subject is a stable account number; the e-mail stands in for it here.
      .setSubject(`embedded-${Buffer.from(email).toString('hex').slice(0, 40)}`)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ID_TOKEN_SECONDS)
      .sign(privateKey)
  );
}
