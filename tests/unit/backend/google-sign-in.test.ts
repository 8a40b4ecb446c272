/**
 * Google ID token verification (google/verify.ts), the sign-in settings (config.ts) and the captcha checks
 * (authentication/captcha.ts), on fixed clocks. "Google" here is a key pair of the test, served as a local
 * JWKS, signing tokens the way Google does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import { GoogleKeysUnavailable, GoogleTokenRefused, googleTokenVerifier } from '../../../src/backend/google/verify.ts';
import { issueEmbeddedIdToken } from '../../../src/backend/google/embedded.ts';
import { embeddedCaptchaAction, issueEmbeddedCaptchaToken } from '../../../src/backend/google/captcha.ts';
import { captchaCheck, CaptchaUnavailable } from '../../../src/backend/shop/authentication/captcha.ts';
import type { ConfigError } from '../../../src/backend/config/checks.ts';
import { readSignInSettings } from '../../../src/backend/config/sign-in.ts';
import { EMBEDDED_GOOGLE_CLIENT_ID } from '../../../src/lib/captcha/embedded.ts';

const CLIENT_ID = '1234-shop.apps.googleusercontent.com';
const NOW = new Date('2026-11-23T10:00:00Z');
let googleKeys: JWTVerifyGetKey;
let googlePrivateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googlePrivateKey = pair.privateKey;
  googleKeys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'google-1', alg: 'RS256' }] });
});

const googleToken = (
  claims: Record<string, unknown> = {},
  { issuer = 'https://accounts.google.com', audience = CLIENT_ID, iat = NOW } = {},
) =>
  new SignJWT({ email: 'camille@gmail.com', email_verified: true, given_name: 'Camille', family_name: 'Martin', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject('108123456789')
    .setIssuedAt(Math.floor(iat.getTime() / 1000))
    .setExpirationTime(Math.floor(iat.getTime() / 1000) + 3600)
    .sign(googlePrivateKey);

const production = () => googleTokenVerifier({ clientId: CLIENT_ID, embedded: false }, { googleKeys });
const refusedBy = async (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(GoogleTokenRefused);

describe('Google ID token verification', () => {
  it("takes Google's token for the shop's client id, from either issuer spelling", async () => {
    for (const issuer of ['https://accounts.google.com', 'accounts.google.com'])
      expect(await production()(await googleToken({}, { issuer }), NOW)).toEqual({
        email: 'camille@gmail.com',
        givenName: 'Camille',
        familyName: 'Martin',
      });
    // Older tokens say "true" in a string; names may be missing.
    const bare = await googleToken({ email_verified: 'true', given_name: undefined, family_name: undefined });
    expect(await production()(bare, NOW)).toEqual({ email: 'camille@gmail.com', givenName: '', familyName: '' });
  });

  it('refuses a token made for another site (audience)', async () => {
    await refusedBy(production()(await googleToken({}, { audience: 'other.apps.googleusercontent.com' }), NOW));
  });

  it('refuses another issuer signing with the same key', async () => {
    await refusedBy(production()(await googleToken({}, { issuer: 'https://evil.example' }), NOW));
  });

  it('refuses an expired token, beyond half a minute of clock leeway', async () => {
    const token = await googleToken();
    expect(await production()(token, new Date(NOW.getTime() + 3600_000 + 20_000))).toMatchObject({ email: 'camille@gmail.com' });
    await refusedBy(production()(token, new Date(NOW.getTime() + 3600_000 + 60_000)));
  });

  it('refuses an e-mail Google did not verify, or no e-mail', async () => {
    await refusedBy(production()(await googleToken({ email_verified: false }), NOW));
    await refusedBy(production()(await googleToken({ email_verified: 'false' }), NOW));
    await refusedBy(production()(await googleToken({ email: undefined }), NOW));
  });

  it('refuses a token signed by another key, an unsigned one and garbage', async () => {
    const stranger = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: 'camille@gmail.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject('1')
      .setIssuedAt(Math.floor(NOW.getTime() / 1000))
      .setExpirationTime(Math.floor(NOW.getTime() / 1000) + 3600)
      .sign(stranger.privateKey);
    await refusedBy(production()(forged, NOW));
    const [header, payload] = (await googleToken()).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    await refusedBy(production()(none, NOW));
    await refusedBy(production()(`${header}.${payload}.c2lnbmF0dXJl`, NOW));
    await refusedBy(production()('garbage', NOW));
  });

  it('refuses the embedded issuer in production, and takes it elsewhere', async () => {
    const embeddedToken = await issueEmbeddedIdToken({ clientId: CLIENT_ID, email: 'lotte@example.com', now: NOW });
    await refusedBy(production()(embeddedToken, NOW));
    const local = googleTokenVerifier({ clientId: CLIENT_ID, embedded: true });
    expect(await local(embeddedToken, NOW)).toMatchObject({ email: 'lotte@example.com' });
    // With no Google keys configured, a Google token cannot be checked: refused.
    await refusedBy(local(await googleToken(), NOW));
  });

  it("says Google's keys are unavailable when they cannot be fetched, rather than blaming the token", async () => {
    const verify = googleTokenVerifier({ clientId: CLIENT_ID, embedded: false, jwksUrl: 'http://127.0.0.1:9/certs' });
    await expect(verify(await googleToken(), NOW)).rejects.toBeInstanceOf(GoogleKeysUnavailable);
  });
});

describe('Google sign-in settings', () => {
  const production = { NODE_ENV: 'production' };
  /** A reCAPTCHA secret key's shape (production refuses a made-up one: config/checks.ts weakSecret). */
  const captchaSecret = '6LbIqhcvyTecfpdOeQSk4kZse4LR0j6xl61SUtvQ';
  const problemsOf = (env: Record<string, string>) => {
    try {
      readSignInSettings(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('outside production: on, with the embedded issuer and captcha', () => {
    expect(readSignInSettings({})).toEqual({
      google: { clientId: EMBEDDED_GOOGLE_CLIENT_ID, jwksUrl: undefined, embedded: true },
      captcha: { kind: 'embedded' },
    });
    expect(readSignInSettings({ GOOGLE_SIGN_IN: 'off', CAPTCHA: 'off' })).toEqual({ google: null, captcha: { kind: 'off' } });
  });

  it('outside production with the developer tools off (a deployment others reach): no embedded issuer, Google with a client id', () => {
    expect(readSignInSettings({ OUTBOX_PAGE: 'off' }).google).toBeNull();
    expect(readSignInSettings({ OUTBOX_PAGE: 'off', GOOGLE_CLIENT_ID: CLIENT_ID }).google).toEqual({
      clientId: CLIENT_ID,
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      embedded: false,
    });
  });

  it("in production: off without a client id, and Google's keys and reCAPTCHA's siteverify with one", () => {
    expect(readSignInSettings(production).google).toBeNull();
    expect(readSignInSettings({ ...production, GOOGLE_CLIENT_ID: CLIENT_ID, CAPTCHA_SECRET: captchaSecret })).toEqual({
      google: { clientId: CLIENT_ID, jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs', embedded: false },
      captcha: { kind: 'siteverify', secret: captchaSecret, verifyUrl: 'https://www.google.com/recaptcha/api/siteverify', minScore: 0.5 },
    });
  });

  it('in production: refuses Google sign-in without a captcha secret, or switched on without a client id', () => {
    expect(problemsOf({ ...production, GOOGLE_CLIENT_ID: CLIENT_ID })).toEqual([expect.stringContaining('CAPTCHA_SECRET is not set')]);
    expect(problemsOf({ ...production, GOOGLE_SIGN_IN: 'on', CAPTCHA_SECRET: captchaSecret })).toEqual([
      expect.stringContaining('GOOGLE_CLIENT_ID is not set'),
    ]);
    expect(
      problemsOf({ ...production, GOOGLE_CLIENT_ID: CLIENT_ID, CAPTCHA_SECRET: captchaSecret, GOOGLE_JWKS_URL: 'http://keys.example' }),
    ).toEqual([expect.stringContaining('GOOGLE_JWKS_URL must be an https://')]);
    expect(problemsOf({ ...production, CAPTCHA: 'off' })).toEqual([expect.stringContaining('CAPTCHA cannot be turned off')]);
    expect(problemsOf({ CAPTCHA_MIN_SCORE: '2' })).toEqual([expect.stringContaining('CAPTCHA_MIN_SCORE')]);
  });
});

describe('captcha checks', () => {
  it('embedded: a token of the embedded captcha, for this action, at most two minutes old', async () => {
    const check = captchaCheck({ kind: 'embedded' });
    const token = issueEmbeddedCaptchaToken('login', NOW);
    expect(await check(token, 'login', NOW)).toBe(true);
    expect(await check(token, 'register', NOW)).toBe(false);
    expect(await check(token, 'login', new Date(NOW.getTime() + 121_000))).toBe(false);
    expect(await check(undefined, 'login', NOW)).toBe(false);
    expect(await check(issueEmbeddedCaptchaToken('login', NOW, 'another-site-key'), 'login', NOW)).toBe(false);
    expect(embeddedCaptchaAction(`${token}x`, NOW)).toBeNull();
    expect(embeddedCaptchaAction('a.b.c', NOW)).toBeNull();
  });

  it('siteverify: posts secret and response as a form to reCAPTCHA, and reads success, action and score', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const answer = (body: unknown, status = 200) =>
      (async (url: string | URL | Request, init?: RequestInit) => {
        calls.push({ url: String(url), init: init! });
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch;
    const settings = {
      kind: 'siteverify',
      secret: 'shop-secret',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      minScore: 0.5,
    } as const;

    expect(await captchaCheck(settings, answer({ success: true, score: 0.7, action: 'login' }))('tok', 'login', NOW)).toBe(true);
    expect(calls[0]!.url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(calls[0]!.init.method).toBe('POST');
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(String(calls[0]!.init.body)).toBe('secret=shop-secret&response=tok');

    expect(await captchaCheck(settings, answer({ success: true }))('tok', 'login', NOW)).toBe(true);
    expect(await captchaCheck(settings, answer({ success: true, score: 0.3, action: 'login' }))('tok', 'login', NOW)).toBe(false);
    expect(await captchaCheck(settings, answer({ success: true, score: 0.9, action: 'checkout' }))('tok', 'login', NOW)).toBe(false);
    expect(await captchaCheck(settings, answer({ success: false, 'error-codes': ['timeout-or-duplicate'] }))('tok', 'login', NOW)).toBe(
      false,
    );
    calls.length = 0;
    expect(await captchaCheck(settings, answer({ success: true }))(undefined, 'login', NOW)).toBe(false);
    expect(calls).toEqual([]);

    for (const broken of [answer({ success: false, 'error-codes': ['invalid-input-secret'] }), answer({}, 500), answer({ nothing: 1 })])
      await expect(captchaCheck(settings, broken)('tok', 'login', NOW)).rejects.toBeInstanceOf(CaptchaUnavailable);
  });
});
