/**
 * Sessions of the shop API: the refresh grace window (tabs refreshing together), revocation of the other
 * sessions on a password change (access tokens included), the absolute lifetime of a session, and the
 * e-mail change that needs the current password and warns the old address. Runs on PGlite, and on a
 * PostgreSQL server when TEST_DATABASE_URL is set (the parallel refreshes then really race for the row lock).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decode, sign } from 'hono/jwt';
import { shopApi, testClock, testPlatform, uniqueEmail, type TestPlatform } from './platform.ts';
import { authentication, tokenClaims } from '../../src/lib/shop-api/authentication.ts';
import { customer as customerSchema } from '../../src/lib/shop-api/customers.ts';
import { jwtError, violationList } from '../../src/lib/shop-api/errors.ts';
import { REFRESH_GRACE_MS, SESSION_MAX_LIFETIME_MS } from '../../src/backend/shop/sessions/refresh.ts';
import { digest } from '../../src/backend/shop/shared/random.ts';
import { linksOf } from '../../src/backend/mail/outbox.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

beforeAll(async () => {
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
});
afterEach(() => clock.reset());
afterAll(async () => {
  await platform.db.close();
});

const customerPath = (customerIri: string) => customerIri.replace('/api/v2/shop', '');
const refresh = (token: string) => api.call('POST', '/authentication-token/refresh', { body: { refresh_token: token } });
const me = (auth: { customer: string; token: string }) => api.call('GET', customerPath(auth.customer), { token: auth.token });
const expectJwtError = (res: { status: number; body: unknown }, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(401);
  expect(jwtError.parse(res.body).message).toBe(message);
};
const expectViolation = (res: { status: number; body: unknown }, propertyPath: string, code: string, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  const found = violationList.parse(res.body).violations.find((v) => v.propertyPath === propertyPath);
  expect(found, JSON.stringify(res.body)).toMatchObject({ code, message });
};
const mailsTo = async (to: string) => {
  const res = await platform.get(`/outbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body.mails as { to: string; subject: string; text: string; html: string }[];
};

describe('refresh grace window', () => {
  it('answers 10 parallel refreshes of one token with one new pair; the session goes on', async () => {
    clock.set('2026-05-04T09:00:00Z');
    const shopper = await api.signUp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(shopper.refresh_token)));
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.map((a) => a.body)),
    ).toEqual(Array(10).fill(200));
    const pairs = answers.map((a) => authentication.parse(a.body));
    expect(new Set(pairs.map((p) => p.refresh_token)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.token)).size).toBe(1);
    const pair = pairs[0]!;
    expect(pair.refresh_token).not.toBe(shopper.refresh_token);
    expect(pair.customer).toBe(shopper.customer);

    expect((await me(pair)).status).toBe(200);
    clock.advance(60 * 1000);
    const next = authentication.parse((await refresh(pair.refresh_token)).body);
    expect((await me(next)).status).toBe(200);
  });

  it('gives the same pair to a repeat inside the window; a replay after it revokes the session, new tokens included', async () => {
    clock.set('2026-05-04T10:00:00Z');
    const shopper = await api.signUp();
    const first = authentication.parse((await refresh(shopper.refresh_token)).body);
    clock.advance(REFRESH_GRACE_MS - 1000);
    expect(authentication.parse((await refresh(shopper.refresh_token)).body)).toMatchObject({
      token: first.token,
      refresh_token: first.refresh_token,
    });

    clock.advance(1000);
    expectJwtError(await refresh(shopper.refresh_token), 'Invalid JWT Refresh Token');
    expectJwtError(await refresh(first.refresh_token), 'Invalid JWT Refresh Token');
    // The access tokens of the session die with it, not an hour later.
    expectJwtError(await me(first), 'Invalid JWT Token');
    expectJwtError(await me(shopper), 'Invalid JWT Token');
    // Another login is another session, untouched.
    const again = await api.login(shopper.email, shopper.password);
    expect((await me(again)).status).toBe(200);
  });

  it('keeps the pair only encrypted, and only for the window', async () => {
    clock.set('2026-05-04T11:00:00Z');
    const shopper = await api.signUp();
    const pair = authentication.parse((await refresh(shopper.refresh_token)).body);
    const rowOf = async (token: string) =>
      (
        await platform.db.query<{ grace_sealed: string | null; grace_until: string | null }>(
          'SELECT grace_sealed, grace_until FROM shop.refresh_tokens WHERE token_hash = $1',
          [digest(token)],
        )
      )[0]!;
    const sealed = (await rowOf(shopper.refresh_token)).grace_sealed;
    expect(sealed).toBeTruthy();
    expect(sealed).not.toContain(pair.refresh_token);
    expect(sealed).not.toContain(pair.token.split('.')[1]);
    expect(Buffer.from(sealed!.split('.').pop()!, 'base64url').toString('latin1')).not.toContain(pair.refresh_token);

    // Any later rotation sweeps the pairs whose window has passed.
    clock.advance(REFRESH_GRACE_MS + 1000);
    const other = await api.signUp();
    expect((await refresh(other.refresh_token)).status).toBe(200);
    expect(await rowOf(shopper.refresh_token)).toEqual({ grace_sealed: null, grace_until: null });
  });
});

describe('revocation of sessions', () => {
  it('a password change ends every other session at once; the one that changed it goes on', async () => {
    const shopper = await api.signUp();
    const stolen = await api.login(shopper.email, shopper.password);
    expect((await me(stolen)).status).toBe(200);

    const res = await api.call('PUT', `${customerPath(shopper.customer)}/password`, {
      token: shopper.token,
      body: { currentPassword: shopper.password, newPassword: 'nouveau-9', confirmNewPassword: 'nouveau-9' },
    });
    expect(res.status).toBe(204);

    expectJwtError(await me(stolen), 'Invalid JWT Token');
    expectJwtError(await refresh(stolen.refresh_token), 'Invalid JWT Refresh Token');
    expect((await me(shopper)).status).toBe(200);
    const renewed = authentication.parse((await refresh(shopper.refresh_token)).body);
    expect((await me(renewed)).status).toBe(200);
  });

  it('a password reset through the mailed link ends every session, access tokens included', async () => {
    const shopper = await api.signUp();
    expect((await api.call('POST', '/reset-password-requests', { body: { email: shopper.email, localeCode: 'fr_FR' } })).status).toBe(202);
    const [mail] = await mailsTo(shopper.email);
    const token = /\/mot-de-passe-oublie\/([A-Za-z0-9_-]+)\//.exec(mail!.text)![1]!;
    expect(
      (await api.call('PATCH', `/reset-password-requests/${token}`, { body: { newPassword: 'neuf-123', confirmNewPassword: 'neuf-123' } }))
        .status,
    ).toBe(202);
    expectJwtError(await me(shopper), 'Invalid JWT Token');
    expectJwtError(await refresh(shopper.refresh_token), 'Invalid JWT Refresh Token');
  });

  it('carries the session in the access token and refuses a well-signed token without one', async () => {
    const shopper = await api.signUp();
    const claims = tokenClaims.parse(decode(shopper.token).payload);
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    const refreshed = authentication.parse((await refresh(shopper.refresh_token)).body);
    expect(tokenClaims.parse(decode(refreshed.token).payload).sid).toBe(claims.sid);
    const { sid: _sid, ...withoutSession } = decode(shopper.token).payload as Record<string, unknown>;
    const unrevocable = await sign(withoutSession, 'api-test-secret', 'HS256');
    expectJwtError(await me({ customer: shopper.customer, token: unrevocable }), 'Invalid JWT Token');
  });
});

describe('absolute session lifetime', () => {
  it('ends a session 90 days after the login, however often it is refreshed', async () => {
    expect(SESSION_MAX_LIFETIME_MS).toBe(90 * DAY);
    const login = new Date('2026-01-10T08:00:00Z');
    clock.set(login);
    const shopper = await api.signUp();
    let pair = { token: shopper.token, refresh_token: shopper.refresh_token, customer: shopper.customer };
    for (const day of [29, 58, 87]) {
      clock.set(new Date(login.getTime() + day * DAY));
      const res = await refresh(pair.refresh_token);
      expect(res.status, `refresh on day ${day}`).toBe(200);
      pair = authentication.parse(res.body);
    }
    // Half an hour before the end: the access token stops at the session's end, not after its hour.
    clock.set(new Date(login.getTime() + SESSION_MAX_LIFETIME_MS - 30 * 60 * 1000));
    pair = authentication.parse((await refresh(pair.refresh_token)).body);
    expect(tokenClaims.parse(decode(pair.token).payload).exp * 1000).toBe(login.getTime() + SESSION_MAX_LIFETIME_MS);
    clock.set(new Date(login.getTime() + SESSION_MAX_LIFETIME_MS - 1000));
    expect((await me(pair)).status).toBe(200);

    clock.set(new Date(login.getTime() + SESSION_MAX_LIFETIME_MS));
    expectJwtError(await refresh(pair.refresh_token), 'Invalid JWT Refresh Token');
    expectJwtError(await me(pair), 'Expired JWT Token');
    // A new login starts a new session.
    expect((await me(await api.login(shopper.email, shopper.password))).status).toBe(200);
  });
});

describe('e-mail change', () => {
  it('needs the current password: missing, empty or wrong is a violation on currentPassword', async () => {
    const shopper = await api.signUp();
    const other = await api.signUp();
    const put = (body: Record<string, unknown>, query?: string) =>
      api.call('PUT', customerPath(shopper.customer), { token: shopper.token, body, query });
    const newEmail = uniqueEmail('nouveau');
    expectViolation(await put({ email: newEmail }), 'currentPassword', 'NOT_BLANK', 'Ce champ est obligatoire.');
    expectViolation(await put({ email: newEmail, currentPassword: '' }), 'currentPassword', 'NOT_BLANK', 'Ce champ est obligatoire.');
    expectViolation(
      await put({ email: newEmail, currentPassword: 'pas-le-bon' }),
      'currentPassword',
      'WRONG_PASSWORD',
      'Le mot de passe fourni est différent de celui en cours.',
    );
    expectViolation(
      await put({ email: newEmail, currentPassword: 'pas-le-bon' }, 'channelCode=BE&locale=nl_BE'),
      'currentPassword',
      'WRONG_PASSWORD',
      'Het opgegeven wachtwoord verschilt van het huidige wachtwoord.',
    );
    // Whether another account has an e-mail is told only to whoever knows the password.
    expectViolation(await put({ email: other.email }), 'currentPassword', 'NOT_BLANK', 'Ce champ est obligatoire.');
    expect(await mailsTo(shopper.email)).toHaveLength(1); // the welcome mail only

    // Other personal data, and the same e-mail in another case, need no password.
    const renamed = await put({ firstName: 'Jeanne', email: shopper.email.toUpperCase() });
    expect(customerSchema.parse(renamed.body)).toMatchObject({ firstName: 'Jeanne', email: shopper.email });

    const changed = await put({ email: newEmail, currentPassword: shopper.password });
    expect(customerSchema.parse(changed.body).email).toBe(newEmail);
    expect((await api.login(newEmail, shopper.password)).customer).toBe(shopper.customer);
  });

  it('warns the old address, in the customer’s language, without any text the customer typed', async () => {
    const shopper = await api.signUp();
    // Names registration now refuses (LINK_NOT_ALLOWED), as an account may still hold them from before.
    await platform.db.query('UPDATE shop.customers SET first_name = $1, last_name = $2 WHERE id = $3', [
      'www.pirate.example',
      'https://pirate.example/x',
      shopper.profile.id,
    ]);
    const newEmail = uniqueEmail('nouveau');
    const res = await api.call('PUT', customerPath(shopper.customer), {
      token: shopper.token,
      body: { email: ` ${newEmail} `, currentPassword: shopper.password },
    });
    expect(res.status).toBe(200);
    const [notice] = await mailsTo(shopper.email);
    expect(notice!.to).toBe(shopper.email);
    expect(notice!.subject).toBe('L’adresse e-mail de votre compte Maison Gamelle a été modifiée');
    expect(notice!.text).toMatch(/^Bonjour,\n\nL’adresse e-mail de votre compte Maison Gamelle vient d’être modifiée\./);
    for (const part of [notice!.text, notice!.html]) {
      expect(part).not.toContain(newEmail);
      expect(part).not.toContain('pirate');
    }
    expect(linksOf(notice!.html)).toEqual(['http://localhost:4321/nous-contacter/']);
    expect(await mailsTo(newEmail)).toEqual([]);

    // In Dutch when the customer prefers it (here set in the same change), on the Belgian site.
    const dutch = await api.signUp();
    const nlEmail = uniqueEmail('nieuw');
    expect(
      (
        await api.call('PUT', customerPath(dutch.customer), {
          token: dutch.token,
          query: 'channelCode=BE&locale=fr_BE',
          body: { email: nlEmail, currentPassword: dutch.password, preferredLanguage: 'nl' },
        })
      ).status,
    ).toBe(200);
    const [nlNotice] = await mailsTo(dutch.email);
    expect(nlNotice!.subject).toBe('Het e-mailadres van je Maison Gamelle-account is gewijzigd');
    expect(nlNotice!.text).toMatch(/^Dag Camille,\n\nHet e-mailadres van je Maison Gamelle-account is zonet gewijzigd\./);
    expect(linksOf(nlNotice!.html)).toEqual(['http://localhost:4322/nl/contacteer-ons/']);
  });
});
