/**
 * Google one-click sign-in through the shop API: POST /authentication-token { googleToken, captchaToken }.
 * The embedded issuer and captcha stand in for Google (the default outside production); a second platform
 * checks captchas with reCAPTCHA's siteverify, answered here by a local fake that records what it got.
 * Runs on PGlite, and on a PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { preparePlatform } from '../../src/backend/platform.ts';
import { issueEmbeddedIdToken } from '../../src/backend/google/embedded.ts';
import { issueEmbeddedCaptchaToken } from '../../src/backend/google/captcha.ts';
import { EMBEDDED_GOOGLE_CLIENT_ID } from '../../src/lib/captcha/embedded.ts';
import { authentication } from '../../src/lib/shop-api/authentication.ts';
import { customer as customerSchema } from '../../src/lib/shop-api/customers.ts';
import { jwtError } from '../../src/lib/shop-api/errors.ts';
import { appRequest, randomClientAddress, seededDatabase, shopApi, testPlatform, uniqueEmail, type TestPlatform } from './platform.ts';
import { testDatabaseUrl } from '../support/test-database.ts';

const SITE = 'http://localhost:4321';
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

beforeAll(async () => {
  platform = await testPlatform();
  api = shopApi(platform);
  return () => platform.db.close();
});

const googleToken = (email: string, extra: Partial<Parameters<typeof issueEmbeddedIdToken>[0]> = {}) =>
  issueEmbeddedIdToken({
    clientId: EMBEDDED_GOOGLE_CLIENT_ID,
    email,
    givenName: 'Camille',
    familyName: 'Martin',
    now: new Date(),
    ...extra,
  });
const captcha = (action = 'login') => issueEmbeddedCaptchaToken(action, new Date());
/** From a fresh address unless one is given: the refusals of one test never count against another's. */
const signIn = (body: Record<string, unknown>, options: { query?: string; address?: string } = {}) =>
  api.call('POST', '/authentication-token', {
    body,
    ...(options.query ? { query: options.query } : {}),
    headers: { 'x-forwarded-for': options.address ?? randomClientAddress() },
  });
const profileOf = async (auth: { customer: string; token: string }) =>
  customerSchema.parse((await api.call('GET', auth.customer.replace('/api/v2/shop', ''), { token: auth.token })).body);

describe('Google sign-in with the embedded issuer', () => {
  it('opens a verified account named after the token the first time, and signs into it the next', async () => {
    const email = uniqueEmail('google');
    const first = await signIn({ googleToken: await googleToken(email.toUpperCase()), captchaToken: captcha() });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const auth = authentication.parse(first.body);
    expect(auth.user).toEqual({ username: email, verified: true });
    expect(auth.refresh_token).toBeTruthy();
    const profile = await profileOf(auth);
    expect(profile).toMatchObject({ email, firstName: 'Camille', lastName: 'Martin' });

    const again = await signIn({ googleToken: await googleToken(email), captchaToken: captcha() });
    expect(again.status).toBe(200);
    expect(authentication.parse(again.body).customer).toBe(auth.customer);
    // No password was ever set: none opens the account.
    const byPassword = await signIn({ email, password: '!google' });
    expect(byPassword.status).toBe(401);
  });

  it("signs an existing customer into their own account, in the shopper's language for a new one", async () => {
    const registered = await api.signUp();
    const res = await signIn({ googleToken: await googleToken(registered.email), captchaToken: captcha() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(authentication.parse(res.body).customer).toBe(registered.customer);
    expect(authentication.parse(res.body).user.verified).toBe(true);

    const dutch = uniqueEmail('google-nl');
    const nl = await signIn({ googleToken: await googleToken(dutch), captchaToken: captcha() }, { query: 'locale=nl_BE' });
    expect(nl.status).toBe(200);
    expect((await profileOf(authentication.parse(nl.body))).preferredLanguage).toBe('nl');
  });

  it('takes an unproven account from whoever registered the address first: their password and sessions end', async () => {
    const squatter = await api.signUp();
    const res = await signIn({ googleToken: await googleToken(squatter.email), captchaToken: captcha() });
    expect(res.status).toBe(200);
    expect((await signIn({ email: squatter.email, password: squatter.password })).status).toBe(401);
    const refresh = await api.call('POST', '/authentication-token/refresh', { body: { refresh_token: squatter.refresh_token } });
    expect(refresh.status).toBe(401);
  });

  it('refuses a token it cannot trust with 401 and a message in the shopper language', async () => {
    const email = uniqueEmail('refused');
    const cases = [
      'not-a-token',
      await googleToken(email, { clientId: 'another-site.apps.googleusercontent.com' }),
      await googleToken(email, { issuer: 'https://accounts.google.com' }),
      await googleToken(email, { now: new Date(Date.now() - 2 * 60 * 60 * 1000) }),
      await googleToken(email, { emailVerified: false }),
    ];
    for (const token of cases) {
      const res = await signIn({ googleToken: token, captchaToken: captcha() });
      expect(res.status, token).toBe(401);
      expect(jwtError.parse(res.body).message).toBe(
        'Votre connexion Google n’a pas pu être vérifiée. Merci de réessayer ou de vous connecter avec votre adresse e-mail.',
      );
    }
    const nl = await signIn({ googleToken: 'not-a-token', captchaToken: captcha() }, { query: 'locale=nl_BE' });
    expect(jwtError.parse(nl.body).message).toBe(
      'Je aanmelding met Google kon niet worden gecontroleerd. Probeer het opnieuw of meld je aan met je e-mailadres.',
    );
    // None of them opened an account.
    expect((await api.call('POST', '/customer/lookup', { body: { email } })).body).toEqual({ exists: false });
  });

  it('asks the captcha of the login action: missing, forged or for another action is a 400', async () => {
    const token = await googleToken(uniqueEmail('captcha'));
    const forged = `${captcha().split('.')[0]}.AAAA`;
    for (const captchaToken of [undefined, '', forged, captcha('register')]) {
      const res = await signIn({ googleToken: token, ...(captchaToken === undefined ? {} : { captchaToken }) });
      expect(res.status, String(captchaToken)).toBe(400);
      expect(res.body['hydra:description']).toBe('La vérification anti-robot a échoué. Merci de réessayer.');
    }
    const nl = await signIn({ googleToken: token }, { query: 'locale=nl_BE' });
    expect(nl.body['hydra:description']).toBe('De controle tegen robots is mislukt. Probeer het opnieuw.');
  });

  it('answers a malformed Google body with a 400, not the password login message', async () => {
    for (const googleToken of ['', 42, {}, 'x'.repeat(10_001)]) {
      const res = await signIn({ googleToken, captchaToken: captcha() });
      expect(res.status).toBe(400);
      expect(res.body['hydra:description']).toBe('The key "googleToken" must be a non-empty string.');
    }
  });

  it('answers any generated Google or captcha token with a well-formed 400 or 401, never a 5xx', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.jsonValue({ maxDepth: 2 }).map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
    );
    const jwtLike = fc.tuple(segment, segment, segment).map((parts) => parts.join('.'));
    // Real tokens with one part swapped for something generated: they reach the signature and claim checks.
    const tampered = fc.tuple(fc.integer({ min: 0, max: 2 }), segment).map(async ([index, part]) => {
      const parts = (await googleToken(uniqueEmail())).split('.');
      parts[index] = part;
      return parts.join('.');
    });
    const token = fc.oneof(fc.string({ maxLength: 100 }), jwtLike, tampered);
    // Mostly a good captcha, so the token itself is checked.
    const captchaOrNot = fc.oneof(
      { arbitrary: fc.constant(null).map(() => captcha()), weight: 4 },
      { arbitrary: fc.constant(undefined), weight: 1 },
      { arbitrary: fc.oneof(fc.string({ maxLength: 60 }), jwtLike), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(token, captchaOrNot, async (googleToken, captchaToken) => {
        const res = await signIn({ googleToken: await googleToken, ...(captchaToken === undefined ? {} : { captchaToken }) });
        expect([400, 401], JSON.stringify(res.body)).toContain(res.status);
      }),
      { numRuns: 150 },
    );
  });

  it('counts Google sign-ins against the address like password sign-ins: the eleventh failure is refused', async () => {
    const address = randomClientAddress();
    for (let i = 0; i < 10; i++) expect((await signIn({ googleToken: 'bad', captchaToken: captcha() }, { address })).status).toBe(401);
    const refused = await signIn({ googleToken: await googleToken(uniqueEmail()), captchaToken: captcha() }, { address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The password login shares the count.
    expect((await signIn({ email: uniqueEmail(), password: 'whatever1' }, { address })).status).toBe(429);
  });

  it('serves the authorisation page that sends the site an ID token, for the shop sites only', async () => {
    const params = new URLSearchParams({
      client_id: EMBEDDED_GOOGLE_CLIENT_ID,
      redirect_uri: `${SITE}/connexion`,
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: 'n-1',
      state: '?redirect=/mon-compte',
    });
    const page = await platform.request(`/google/o/oauth2/v2/auth?${params}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('name="email"');

    const email = uniqueEmail('page');
    const form = new URLSearchParams({ ...Object.fromEntries(params), email, given_name: 'Lotte', family_name: 'Peeters' });
    const posted = await platform.request('/google/o/oauth2/v2/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(posted.status).toBe(303);
    const location = new URL(posted.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/connexion`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe('?redirect=/mon-compte');
    const res = await signIn({ googleToken: fragment.get('id_token'), captchaToken: captcha() });
    expect(res.status).toBe(200);
    expect(await profileOf(authentication.parse(res.body))).toMatchObject({ email, firstName: 'Lotte', lastName: 'Peeters' });

    for (const [name, value] of [
      ['redirect_uri', 'https://evil.example/steal'],
      ['client_id', 'another-client'],
      ['response_type', 'code'],
    ] as const) {
      const wrong = new URLSearchParams(params);
      wrong.set(name, value);
      expect((await platform.request(`/google/o/oauth2/v2/auth?${wrong}`)).status, name).toBe(400);
      const post = await platform.request('/google/o/oauth2/v2/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...Object.fromEntries(wrong), email }).toString(),
      });
      expect(post.status, name).toBe(400);
    }
  });

  it('serves its keys and a captcha script, and issues captcha tokens to the sites', async () => {
    const keys = await platform.request('/google/oauth2/v3/certs');
    expect(keys.body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    const script = await platform.request('/captcha/api.js');
    expect(script.headers.get('content-type')).toContain('javascript');
    const issued = await platform.request('/captcha/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ sitekey: 'maison-gamelle-embedded-captcha', action: 'login' }),
    });
    expect(issued.status).toBe(200);
    expect(issued.headers.get('access-control-allow-origin')).toBe(SITE);
    const res = await signIn({ googleToken: await googleToken(uniqueEmail()), captchaToken: issued.body.token });
    expect(res.status).toBe(200);
    const otherKey = await platform.request('/captcha/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sitekey: 'another', action: 'login' }),
    });
    expect(otherKey.status).toBe(400);
  });
});

describe("Google sign-in against Google's wire formats: its keys from a JWKS address, the captcha by siteverify", () => {
  const SHOP_CLIENT_ID = 'shop-test.apps.googleusercontent.com';
  let google: Server;
  let keysDown = true;
  let signingKey: CryptoKey;
  let jwks: JSONWebKeySet;
  const received: Array<{ contentType: string | undefined; form: Record<string, string> }> = [];
  let other: Awaited<ReturnType<typeof preparePlatform>>;
  let call: ReturnType<typeof appRequest>;

  /** A token as Google signs it, for the shop's client id. */
  const fromGoogle = (email: string, audience = SHOP_CLIENT_ID) =>
    new SignJWT({ email, email_verified: true, given_name: 'Jules', family_name: 'Dubois' })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-key-1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(audience)
      .setSubject('108000000000000000001')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(signingKey);

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    signingKey = pair.privateKey;
    jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'google-key-1', alg: 'RS256', use: 'sig' }] };
    // Google's keys (https://www.googleapis.com/oauth2/v3/certs), and reCAPTCHA's answers: a person scores
    // 0.9 for the login, a bot 0.1, any other token fails.
    google = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/oauth2/v3/certs') {
        if (keysDown) res.writeHead(503).end();
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
        return;
      }
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        received.push({ contentType: req.headers['content-type'], form });
        const answer =
          form.secret !== 'the-shop-secret'
            ? { success: false, 'error-codes': ['invalid-input-secret'] }
            : form.response === 'person'
              ? { success: true, score: 0.9, action: 'login', hostname: 'localhost', challenge_ts: new Date().toISOString() }
              : form.response === 'bot'
                ? { success: true, score: 0.1, action: 'login' }
                : form.response === 'other-action'
                  ? { success: true, score: 0.9, action: 'register' }
                  : { success: false, 'error-codes': ['invalid-input-response'] };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    const { port } = google.address() as AddressInfo;
    other = await preparePlatform({
      ...seededDatabase(),
      databaseUrl: testDatabaseUrl(),
      env: {
        JWT_SECRET: 'api-test-secret',
        TRUST_PROXY: '1',
        CAPTCHA_SECRET: 'the-shop-secret',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
        GOOGLE_CLIENT_ID: SHOP_CLIENT_ID,
        GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
      },
    });
    call = appRequest(other.app, randomClientAddress());
  });
  afterAll(async () => {
    await other.close();
    await new Promise((resolve) => google.close(resolve));
  });

  const post = (body: Record<string, unknown>) =>
    call('/api/v2/shop/authentication-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("answers 502 while Google's keys cannot be fetched, in the shopper's language", async () => {
    const res = await post({ googleToken: await fromGoogle(uniqueEmail()), captchaToken: 'person' });
    expect(res.status).toBe(502);
    expect(res.body['hydra:description']).toBe(
      'La connexion avec Google est momentanément indisponible. Merci de réessayer ou de vous connecter avec votre adresse e-mail.',
    );
    keysDown = false;
  });

  it("takes Google's tokens checked against its published keys, and no token for another client id", async () => {
    const email = uniqueEmail('gmail');
    const res = await post({ googleToken: await fromGoogle(email), captchaToken: 'person' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(authentication.parse(res.body).user).toEqual({ username: email, verified: true });
    expect((await post({ googleToken: await fromGoogle(email, 'other.apps.googleusercontent.com'), captchaToken: 'person' })).status).toBe(
      401,
    );
    // Outside production the embedded issuer still works, for the shop's client id.
    const embedded = await googleToken(uniqueEmail(), { clientId: SHOP_CLIENT_ID });
    expect((await post({ googleToken: embedded, captchaToken: 'person' })).status).toBe(200);
  });

  it('posts the secret and the token as a form, and signs in a person', async () => {
    received.length = 0;
    const res = await post({ googleToken: await fromGoogle(uniqueEmail()), captchaToken: 'person' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(received).toEqual([
      { contentType: 'application/x-www-form-urlencoded', form: { secret: 'the-shop-secret', response: 'person' } },
    ]);
  });

  it('refuses a bot, a token for another action, a failed token and a missing one, without asking for the last', async () => {
    const token = await fromGoogle(uniqueEmail());
    for (const captchaToken of ['bot', 'other-action', 'forged'])
      expect((await post({ googleToken: token, captchaToken })).status, captchaToken).toBe(400);
    received.length = 0;
    const missing = await post({ googleToken: token });
    expect(missing.status).toBe(400);
    expect(missing.body['hydra:description']).toBe('La vérification anti-robot a échoué. Merci de réessayer.');
    expect(received).toEqual([]);
    // The embedded captcha's tokens mean nothing here.
    expect((await post({ googleToken: token, captchaToken: captcha() })).status).toBe(400);
  });

  it('serves no embedded captcha when a real one is configured', async () => {
    expect((await call('/captcha/api.js')).status).toBe(404);
  });
});

describe('Google sign-in switched off', () => {
  // GOOGLE_SIGN_IN=off, or a deployment with the developer tools off and no Google client id of its own.
  for (const setting of [{ GOOGLE_SIGN_IN: 'off' }, { OUTBOX_PAGE: 'off' }]) {
    it(`answers 400 in the shopper language, and the embedded Google is not there (${JSON.stringify(setting)})`, async () => {
      const off = await preparePlatform({
        ...seededDatabase(),
        databaseUrl: testDatabaseUrl(),
        env: { JWT_SECRET: 'api-test-secret', TRUST_PROXY: '1', ...setting },
      });
      try {
        const call = appRequest(off.app, randomClientAddress());
        const res = await call('/api/v2/shop/authentication-token?locale=nl_BE', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ googleToken: await googleToken(uniqueEmail()), captchaToken: captcha() }),
        });
        expect(res.status).toBe(400);
        expect(res.body['hydra:description']).toBe('Aanmelden met Google wordt niet aangeboden. Meld je aan met je e-mailadres.');
        expect((await call('/google/oauth2/v3/certs')).status).toBe(404);
      } finally {
        await off.close();
      }
    });
  }
});
