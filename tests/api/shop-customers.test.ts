import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'hono/jwt';
import { randomClientAddress, shopApi, testClock, testPlatform, uniqueEmail, type TestPlatform } from './platform.ts';
import { REFRESH_GRACE_MS } from '../../src/backend/shop/sessions/refresh.ts';
import { hashPassword } from '../../src/backend/shop/shared/passwords.ts';
import { PASSWORD_COST } from '../../src/backend/config/passwords.ts';
import { authentication, tokenClaims } from '../../src/lib/shop-api/authentication.ts';
import { customer as customerSchema, customerLookup } from '../../src/lib/shop-api/customers.ts';
import { hydraError, jwtError, throttledError, violationList } from '../../src/lib/shop-api/errors.ts';
import { resetLinkState } from '../../src/lib/shop-api/reset-password.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

beforeAll(async () => {
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
});

const customerPath = (customerIri: string) => customerIri.replace('/api/v2/shop', '');
const expectViolation = (res: { status: number; body: unknown }, propertyPath: string, code: string, message?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  const found = violationList.parse(res.body).violations.find((v) => v.propertyPath === propertyPath);
  expect(found, JSON.stringify(res.body)).toBeDefined();
  expect(found!.code).toBe(code);
  if (message) expect(found!.message).toBe(message);
};
const expectJwtError = (res: { status: number; body: unknown }, message: string) => {
  expect(res.status).toBe(401);
  expect(jwtError.parse(res.body).message).toBe(message);
};
const expectNotFound = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(404);
  expect(hydraError.parse(res.body)['hydra:description']).toBe('Not Found');
};
const mailsTo = async (to: string) => {
  const res = await platform.get(`/outbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body.mails as { id: number; to: string; subject: string; text: string; html: string; createdAt: string }[];
};
const resetTokenIn = (text: string) => /\/(?:mot-de-passe-oublie|wachtwoord-vergeten)\/([A-Za-z0-9_-]+)\//.exec(text)![1]!;

describe('customer lookup and registration', () => {
  it('tells whether an e-mail has an account, and nothing more', async () => {
    const { email } = await api.register();
    const known = await api.call('POST', '/customer/lookup', { body: { email: email.toUpperCase() } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ exists: true });
    expect(customerLookup.parse((await api.call('POST', '/customer/lookup', { body: { email: uniqueEmail() } })).body)).toEqual({
      exists: false,
    });
    expectViolation(
      await api.call('POST', '/customer/lookup', { body: { email: 'not-an-email' } }),
      'email',
      'INVALID_EMAIL',
      "L'email est invalide.",
    );
    expectViolation(await api.call('POST', '/customer/lookup', { body: {} }), 'email', 'NOT_BLANK');
  });

  it('registers a customer and sends a welcome mail', async () => {
    const email = uniqueEmail('Inscription');
    const res = await api.call('POST', '/customers', {
      body: {
        gender: 'f',
        firstName: 'Léa',
        lastName: 'Dubois',
        email,
        password: 'abcde',
        birthday: '1985-06-15',
        subscribedToNewsletter: true,
        acceptTerms: true,
        preferredLanguage: 'nl',
      },
    });
    expect(res.status).toBe(201);
    const customer = customerSchema.parse(res.body);
    expect(customer).toMatchObject({
      '@id': iri.customer(customer.id),
      email,
      firstName: 'Léa',
      lastName: 'Dubois',
      fullName: 'Léa Dubois',
      gender: 'f',
      birthday: '1985-06-15',
      subscribedToNewsletter: true,
      defaultAddress: null,
      newCustomer: true,
      subscriber: false,
      lastOrderDate: null,
      user: { verified: false },
      preferredLanguage: 'nl',
    });
    expect(customer.emailHashed).toMatch(/^[0-9a-f]{64}$/);
    const [welcome] = await mailsTo(email);
    expect(welcome!.subject).toBe('Welkom bij Maison Gamelle');
  });

  it('refuses a second account for an e-mail, whatever its case', async () => {
    const { email } = await api.register();
    const res = await api.call('POST', '/customers', {
      body: { firstName: 'A', lastName: 'B', email: email.toUpperCase(), password: 'abcdef', acceptTerms: true },
    });
    expectViolation(res, 'email', 'EMAIL_ALREADY_USED');
  });

  it('keeps one account when four registrations of one e-mail arrive at once', async () => {
    const email = uniqueEmail('twice');
    const spellings = [email, email.toUpperCase(), email, ` ${email} `];
    // All four pass the first "is it taken?" check before any has written: the unique index decides.
    const answers = await Promise.all(
      spellings.map((spelling, i) =>
        api.call('POST', '/customers', {
          body: { firstName: `Camille${'e'.repeat(i)}`, lastName: 'Martin', email: spelling, password: 'croquettes5', acceptTerms: true },
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    for (const refused of answers.filter((r) => r.status === 422))
      expectViolation(refused, 'email', 'EMAIL_ALREADY_USED', 'Cet email est déjà utilisé.');
    const created = customerSchema.parse(answers.find((r) => r.status === 201)!.body);
    const rows = await platform.db.query<{ id: number; users: number }>(
      `SELECT c.id, (SELECT count(*)::int FROM shop.shop_users u WHERE u.customer_id = c.id) AS users FROM shop.customers c WHERE c.email_canonical = $1`,
      [email.toLowerCase()],
    );
    expect(rows).toEqual([{ id: created.id, users: 1 }]);
    // The refused ones rolled back whole: one welcome mail, to the account that exists.
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(['Bienvenue chez Maison Gamelle']);
    expect((await api.login(email, 'croquettes5')).customer).toBe(created['@id']);
  });

  it('validates every field of the registration', async () => {
    const res = await api.call('POST', '/customers', {
      body: {
        gender: 'x',
        firstName: '',
        lastName: 'L'.repeat(256),
        email: 'nope',
        password: '1234',
        birthday: '2999-01-01',
        acceptTerms: false,
        preferredLanguage: 'de',
        subscribedToNewsletter: 'yes',
      },
    });
    expect(res.status).toBe(422);
    const byPath = Object.fromEntries(violationList.parse(res.body).violations.map((v) => [v.propertyPath, v.code]));
    expect(byPath).toEqual({
      gender: 'INVALID_CHOICE',
      firstName: 'NOT_BLANK',
      lastName: 'TOO_LONG',
      email: 'INVALID_EMAIL',
      password: 'TOO_SHORT',
      birthday: 'DATE_NOT_IN_PAST',
      acceptTerms: 'TERMS_NOT_ACCEPTED',
      preferredLanguage: 'INVALID_CHOICE',
      subscribedToNewsletter: 'INVALID_TYPE',
    });
    expectViolation(
      await api.call('POST', '/customers', { body: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'abcdef' } }),
      'acceptTerms',
      'NOT_BLANK',
    );
    const tooOld = await api.call('POST', '/customers', {
      body: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'abcdef', acceptTerms: true, birthday: '1890-01-01' },
    });
    expectViolation(tooOld, 'birthday', 'DATE_TOO_OLD');
    const notADate = await api.call('POST', '/customers', {
      body: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'abcdef', acceptTerms: true, birthday: '2001-02-29' },
    });
    expectViolation(notADate, 'birthday', 'INVALID_DATE');
    expectViolation(await api.call('POST', '/customers', { body: { password: 'p'.repeat(256) } }), 'password', 'TOO_LONG');
  });
});

describe('authentication', () => {
  it('logs in and answers a signed token with its claims', async () => {
    const { email, password, profile } = await api.register();
    const res = await api.call('POST', '/authentication-token', { body: { email, password, captchaToken: 'ignored', googleToken: null } });
    expect(res.status).toBe(200);
    const auth = authentication.parse(res.body);
    expect(auth).toMatchObject({ customer: iri.customer(profile.id), user: { username: email, verified: false }, cart: null });
    const { header, payload } = decode(auth.token);
    expect(header.alg).toBe('HS256');
    const claims = tokenClaims.parse(payload);
    expect(claims).toMatchObject({ username: email, customer: iri.customer(profile.id) });
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('signs in with a password hashed at another cost: each hash keeps its own parameters', async () => {
    // This platform makes cheap hashes (PASSWORD_HASH_COST=test); an account hashed at the real cost still signs in.
    const { email, password } = await api.register();
    const stored = async () =>
      (
        await platform.db.query<{ password_hash: string }>(
          'SELECT u.password_hash FROM shop.shop_users u JOIN shop.customers c ON c.id = u.customer_id WHERE c.email = $1',
          [email],
        )
      )[0]!.password_hash;
    expect(await stored()).toMatch(/^scrypt\$1024\$/);
    await platform.db.query(
      'UPDATE shop.shop_users SET password_hash = $2 WHERE customer_id = (SELECT id FROM shop.customers WHERE email = $1)',
      [email, await hashPassword(password, PASSWORD_COST)],
    );
    expect(await stored()).toMatch(/^scrypt\$32768\$/);
    expect((await api.call('POST', '/authentication-token', { body: { email, password } })).status).toBe(200);
    expect((await api.call('POST', '/authentication-token', { body: { email, password: `${password}!` } })).status).toBe(401);
  });

  it('answers 401 Invalid credentials for a wrong password or an unknown e-mail, and 400 without credentials', async () => {
    const { email } = await api.register();
    for (const body of [
      { email, password: 'wrong-one' },
      { email: uniqueEmail(), password: 'whatever' },
      { email: 'x'.repeat(300), password: 'p' },
    ]) {
      const res = await api.call('POST', '/authentication-token', { body });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 401, message: 'Invalid credentials.' });
    }
    expect((await api.call('POST', '/authentication-token', { body: { email } })).status).toBe(400);
    expect((await api.call('POST', '/authentication-token', { body: { email: 1, password: 2 } })).status).toBe(400);
  });

  it('guards the customer with the bearer token: missing, invalid, forged and expired tokens', async () => {
    const me = await api.signUp();
    const path = customerPath(me.customer);
    expectJwtError(await api.call('GET', path), 'JWT Token not found');
    expectJwtError(await api.call('GET', path, { headers: { authorization: 'Basic abc' } }), 'JWT Token not found');
    expectJwtError(await api.call('GET', path, { token: 'abc.def.ghi' }), 'Invalid JWT Token');
    const [h, p] = me.token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...decode(me.token).payload, customer: iri.customer(1) })).toString('base64url')}.${me.token.split('.')[2]}`;
    expectJwtError(await api.call('GET', path, { token: forged }), 'Invalid JWT Token');
    expectJwtError(await api.call('GET', path, { token: `${h}.${p}.` }), 'Invalid JWT Token');
    const { sign } = await import('hono/jwt');
    const now = Math.floor(Date.now() / 1000);
    const ghost = await sign(
      { iat: now, exp: now + 60, username: 'ghost@example.com', customer: iri.customer(2_000_000_000) },
      'api-test-secret',
      'HS256',
    );
    expectJwtError(await api.call('POST', '/orders', { token: ghost, body: {} }), 'Invalid JWT Token');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expectJwtError(await api.call('GET', path, { token: `${none}.${p}.` }), 'Invalid JWT Token');
    clock.advance(2 * 3600 * 1000);
    try {
      expectJwtError(await api.call('GET', path, { token: me.token }), 'Expired JWT Token');
    } finally {
      clock.reset();
    }
    expect((await api.call('GET', path, { token: me.token })).status).toBe(200);
  });

  it('rotates refresh tokens; replaying a rotated one is refused and revokes the whole family', async () => {
    const me = await api.signUp();
    const refresh = (token: unknown) => api.call('POST', '/authentication-token/refresh', { body: { refresh_token: token } });
    const first = authentication.parse((await refresh(me.refresh_token)).body);
    expect(first.refresh_token).not.toBe(me.refresh_token);
    expect(first.token).not.toBe(me.token);
    expect(first.customer).toBe(me.customer);
    const second = authentication.parse((await refresh(first.refresh_token)).body);

    // A stolen copy of the first token is replayed once the grace window of tabs refreshing together has
    // passed (tests/api/shop-sessions.test.ts): refused, and the live descendant dies with it.
    clock.advance(REFRESH_GRACE_MS + 1000);
    try {
      expectJwtError(await refresh(me.refresh_token), 'Invalid JWT Refresh Token');
      expectJwtError(await refresh(second.refresh_token), 'Invalid JWT Refresh Token');
      expectJwtError(await refresh(first.refresh_token), 'Invalid JWT Refresh Token');

      // Another login is another family, untouched.
      const other = await api.login(me.email, me.password);
      expect((await refresh(other.refresh_token)).status).toBe(200);
      expectJwtError(await refresh('unknown'), 'Invalid JWT Refresh Token');
      expectJwtError(await refresh(undefined), 'Missing JWT Refresh Token');
      expectJwtError(await refresh(12), 'Missing JWT Refresh Token');
    } finally {
      clock.reset();
    }
  });

  it('expires refresh tokens after 30 days', async () => {
    const me = await api.signUp();
    clock.advance(31 * 24 * 3600 * 1000);
    try {
      expectJwtError(
        await api.call('POST', '/authentication-token/refresh', { body: { refresh_token: me.refresh_token } }),
        'Invalid JWT Refresh Token',
      );
    } finally {
      clock.reset();
    }
  });

  it('throttles an account after 5 failures from one address within 15 minutes; the owner still signs in from theirs', async () => {
    // The window is real time (the counters are rate-limiter-flexible's): its end is in shop-throttle.test.ts.
    const { email, password } = await api.register();
    const from = (address: string) => (pw: string, query?: string) =>
      api.call('POST', '/authentication-token', { body: { email, password: pw }, query, headers: { 'x-forwarded-for': address } });
    const stranger = from(randomClientAddress());
    for (let i = 0; i < 5; i += 1) expect((await stranger('wrong')).status).toBe(401);
    // Locked for that address for the rest of the window, even with the right password.
    const locked = await stranger(password);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(throttledError.parse(locked.body).message).toBe(
      `Trop de tentatives de connexion infructueuses. Merci de réessayer dans ${Math.ceil(retryAfter / 60)} minutes.`,
    );
    const nl = await stranger(password, 'channelCode=BE&locale=nl_BE');
    expect(throttledError.parse(nl.body).message).toMatch(/^Te veel mislukte inlogpogingen/);
    // The owner, from their own address, is not locked out; a success forgets their failures.
    const owner = from(randomClientAddress());
    for (let i = 0; i < 4; i += 1) expect((await owner('wrong')).status).toBe(401);
    expect(authentication.parse((await owner(password)).body).user.username).toBe(email);
    for (let i = 0; i < 4; i += 1) expect((await owner('wrong')).status).toBe(401);
    expect((await owner(password)).status).toBe(200);
    expect((await stranger(password)).status).toBe(429);
    // Unknown e-mails are throttled alike.
    const unknown = uniqueEmail();
    const address = randomClientAddress();
    const guess = () =>
      api.call('POST', '/authentication-token', { body: { email: unknown, password: 'x' }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 5; i += 1) expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(429);
  });
});

describe('personal data', () => {
  it('reads and updates only one’s own customer', async () => {
    const me = await api.signUp();
    const other = await api.signUp();
    const res = await api.call('GET', customerPath(me.customer), { token: me.token });
    expect(customerSchema.parse(res.body).email).toBe(me.email);
    expectNotFound(await api.call('GET', customerPath(other.customer), { token: me.token }));
    expectNotFound(await api.call('PUT', customerPath(other.customer), { token: me.token, body: { firstName: 'Pirate' } }));
    expectNotFound(await api.call('GET', '/customers/999999999', { token: me.token }));
    expectNotFound(await api.call('GET', '/customers/abc', { token: me.token }));

    const newEmail = uniqueEmail('nouveau');
    const updated = await api.call('PUT', customerPath(me.customer), {
      token: me.token,
      body: {
        gender: 'm',
        firstName: 'Jean',
        lastName: 'Dupont',
        birthday: '1990-01-31',
        subscribedToNewsletter: true,
        preferredLanguage: 'nl',
        email: newEmail,
        currentPassword: me.password,
      },
    });
    expect(customerSchema.parse(updated.body)).toMatchObject({
      gender: 'm',
      firstName: 'Jean',
      fullName: 'Jean Dupont',
      birthday: '1990-01-31',
      subscribedToNewsletter: true,
      preferredLanguage: 'nl',
      email: newEmail,
    });
    // A partial PUT changes only what it names; null clears.
    const cleared = await api.call('PUT', customerPath(me.customer), { token: me.token, body: { birthday: null, gender: '' } });
    expect(customerSchema.parse(cleared.body)).toMatchObject({ birthday: null, gender: null, firstName: 'Jean' });
    expect((await api.login(newEmail, me.password)).customer).toBe(me.customer);

    expectViolation(
      await api.call('PUT', customerPath(me.customer), { token: me.token, body: { email: other.email, currentPassword: me.password } }),
      'email',
      'EMAIL_ALREADY_USED',
    );
    expectViolation(
      await api.call('PUT', customerPath(me.customer), { token: me.token, body: { firstName: '' } }),
      'firstName',
      'NOT_BLANK',
    );
  });

  it('sets the default address to one of the customer’s own addresses only', async () => {
    const me = await api.signUp();
    const other = await api.signUp();
    const address = {
      firstName: 'Jean',
      lastName: 'Dupont',
      countryCode: 'FR',
      street: '1 rue de Rivoli',
      city: 'Paris',
      postcode: '75001',
      phoneNumber: '+33612345678',
    };
    const mine = (await api.call('POST', '/addresses', { token: me.token, body: address })).body;
    const theirs = (await api.call('POST', '/addresses', { token: other.token, body: address })).body;
    const res = await api.call('PUT', customerPath(me.customer), { token: me.token, body: { defaultAddress: mine['@id'] } });
    expect(customerSchema.parse(res.body).defaultAddress).toBe(mine['@id']);
    expect((await api.call('GET', `/addresses/${mine.id}`, { token: me.token })).body.isDefault).toBe(true);
    for (const defaultAddress of [theirs['@id'], '/api/v2/shop/addresses/999999999', 'nonsense']) {
      expectViolation(
        await api.call('PUT', customerPath(me.customer), { token: me.token, body: { defaultAddress } }),
        'defaultAddress',
        'ADDRESS_NOT_FOUND',
      );
    }
    expect(
      customerSchema.parse((await api.call('PUT', customerPath(me.customer), { token: me.token, body: { defaultAddress: null } })).body)
        .defaultAddress,
    ).toBeNull();
  });

  it('changes the password with the current one; a wrong one gets the exact message', async () => {
    const me = await api.signUp();
    const path = `${customerPath(me.customer)}/password`;
    expectViolation(
      await api.call('PUT', path, {
        token: me.token,
        body: { currentPassword: 'wrong', newPassword: 'nouveau1', confirmNewPassword: 'nouveau1' },
      }),
      'currentPassword',
      'WRONG_PASSWORD',
      'Le mot de passe fourni est différent de celui en cours.',
    );
    expectViolation(
      await api.call('PUT', path, {
        token: me.token,
        query: 'channelCode=BE&locale=nl_BE',
        body: { currentPassword: 'wrong', newPassword: 'nouveau1', confirmNewPassword: 'nouveau1' },
      }),
      'currentPassword',
      'WRONG_PASSWORD',
      'Het opgegeven wachtwoord verschilt van het huidige wachtwoord.',
    );
    expectViolation(
      await api.call('PUT', path, {
        token: me.token,
        body: { currentPassword: me.password, newPassword: 'nouveau1', confirmNewPassword: 'nouveau2' },
      }),
      'confirmNewPassword',
      'PASSWORDS_NOT_EQUAL',
    );
    expectViolation(
      await api.call('PUT', path, {
        token: me.token,
        body: { currentPassword: me.password, newPassword: 'abc', confirmNewPassword: 'abc' },
      }),
      'newPassword',
      'TOO_SHORT',
    );
    expectJwtError(
      await api.call('PUT', path, { body: { currentPassword: me.password, newPassword: 'nouveau1', confirmNewPassword: 'nouveau1' } }),
      'JWT Token not found',
    );
    const other = await api.signUp();
    expectNotFound(
      await api.call('PUT', `${customerPath(other.customer)}/password`, {
        token: me.token,
        body: { currentPassword: other.password, newPassword: 'nouveau1', confirmNewPassword: 'nouveau1' },
      }),
    );

    const ok = await api.call('PUT', path, {
      token: me.token,
      body: { currentPassword: me.password, newPassword: 'nouveau1', confirmNewPassword: 'nouveau1' },
    });
    expect(ok.status).toBe(204);
    expect((await api.call('POST', '/authentication-token', { body: { email: me.email, password: me.password } })).status).toBe(401);
    expect((await api.login(me.email, 'nouveau1')).customer).toBe(me.customer);
  });
});

describe('password reset through the outbox', () => {
  it('mails a one-time link to the reset page; the new password works and the sessions end', async () => {
    const me = await api.signUp();
    const res = await api.call('POST', '/reset-password-requests', { body: { email: me.email, localeCode: 'fr_FR' } });
    expect(res.status).toBe(202);
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail!.text).toMatch(/http:\/\/localhost:4321\/mot-de-passe-oublie\/[A-Za-z0-9_-]{40,}\//);
    const token = resetTokenIn(mail!.text);
    expect(mail!.html).toContain(`href="http://localhost:4321/mot-de-passe-oublie/${token}/"`);

    expectViolation(
      await api.call('PATCH', `/reset-password-requests/${token}`, { body: { newPassword: 'neuf-123', confirmNewPassword: 'neuf-124' } }),
      'confirmNewPassword',
      'PASSWORDS_NOT_EQUAL',
    );
    const done = await api.call('PATCH', `/reset-password-requests/${token}`, {
      body: { newPassword: 'neuf-123', confirmNewPassword: 'neuf-123' },
    });
    expect(done.status).toBe(202);
    const auth = await api.login(me.email, 'neuf-123');
    expect(auth.user.verified).toBe(true);
    expect((await api.call('POST', '/authentication-token/refresh', { body: { refresh_token: me.refresh_token } })).status).toBe(401);
    expectNotFound(
      await api.call('PATCH', `/reset-password-requests/${token}`, { body: { newPassword: 'encore-1', confirmNewPassword: 'encore-1' } }),
    );
  });

  it('writes the Dutch link on the Belgian site', async () => {
    const me = await api.register({ preferredLanguage: 'nl' });
    await api.call('POST', '/reset-password-requests', {
      body: { email: me.email, localeCode: 'nl_BE' },
      query: 'channelCode=BE&locale=nl_BE',
    });
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe('Je wachtwoord opnieuw instellen');
    expect(mail!.text).toMatch(/http:\/\/localhost:4322\/nl\/wachtwoord-vergeten\/[A-Za-z0-9_-]+\//);
  });

  it('answers 202 for an unknown e-mail without writing any mail', async () => {
    const stranger = uniqueEmail();
    expect((await api.call('POST', '/reset-password-requests', { body: { email: stranger } })).status).toBe(202);
    expect(await mailsTo(stranger)).toEqual([]);
    expectViolation(await api.call('POST', '/reset-password-requests', { body: { email: 'nope' } }), 'email', 'INVALID_EMAIL');
  });

  it('refuses an expired link, and a link superseded by a newer request (fixed clock)', async () => {
    const me = await api.register();
    clock.set('2026-04-01T08:00:00Z');
    try {
      await api.call('POST', '/reset-password-requests', { body: { email: me.email } });
      const token = resetTokenIn((await mailsTo(me.email))[0]!.text);
      clock.set('2026-04-01T09:00:01Z');
      expectViolation(
        await api.call('PATCH', `/reset-password-requests/${token}`, { body: { newPassword: 'neuf-123', confirmNewPassword: 'neuf-123' } }),
        'token',
        'TOKEN_EXPIRED',
      );

      await api.call('POST', '/reset-password-requests', { body: { email: me.email } });
      const older = resetTokenIn((await mailsTo(me.email))[0]!.text);
      await api.call('POST', '/reset-password-requests', { body: { email: me.email } });
      const newer = resetTokenIn((await mailsTo(me.email))[0]!.text);
      expectNotFound(
        await api.call('PATCH', `/reset-password-requests/${older}`, { body: { newPassword: 'neuf-123', confirmNewPassword: 'neuf-123' } }),
      );
      expect(
        (
          await api.call('PATCH', `/reset-password-requests/${newer}`, {
            body: { newPassword: 'neuf-123', confirmNewPassword: 'neuf-123' },
          })
        ).status,
      ).toBe(202);
    } finally {
      clock.reset();
    }
    expectNotFound(
      await api.call('PATCH', '/reset-password-requests/unknown-token', {
        body: { newPassword: 'neuf-123', confirmNewPassword: 'neuf-123' },
      }),
    );
    expectNotFound(await api.call('PATCH', `/reset-password-requests/${'%00'}`, { body: {} }));
  });

  it('lists the mails newest first on the outbox page, with clickable links', async () => {
    const me = await api.register();
    expect((await api.call('POST', '/reset-password-requests', { body: { email: me.email } })).status).toBe(202);
    const page = await platform.request(`/outbox?to=${encodeURIComponent(me.email)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = String(page.body);
    // Exactly the two mails, newest first, by their headings (comparing two indexOf would pass on a missing one: −1).
    expect([...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual([
      'Réinitialisation de votre mot de passe',
      'Bienvenue chez Maison Gamelle',
    ]);
    expect(html).toMatch(/<a href="http:\/\/localhost:4321\/mot-de-passe-oublie\/[A-Za-z0-9_-]+\/">/);
    expect((await platform.get('/outbox.json?limit=0')).status).toBe(400);
  });
});

describe('GET /shop/reset-password-requests/{token}: whether a mailed link still works', () => {
  const usable = async (token: string) => {
    const res = await api.call('GET', `/reset-password-requests/${token}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ '@type': 'ResetPasswordRequest', '@id': `/api/v2/shop/reset-password-requests/${token}` });
    return resetLinkState.parse(res.body).usable;
  };

  it('says a link works (asking does not use it up), then that it does not once it was used', async () => {
    const me = await api.register();
    expect((await api.call('POST', '/reset-password-requests', { body: { email: me.email } })).status).toBe(202);
    const token = resetTokenIn((await mailsTo(me.email))[0]!.text);
    expect([await usable(token), await usable(token)]).toEqual([true, true]);
    const reset = { newPassword: 'nouveau-1', confirmNewPassword: 'nouveau-1' };
    expect((await api.call('PATCH', `/reset-password-requests/${token}`, { body: reset })).status).toBe(202);
    expect(await usable(token)).toBe(false);
  });

  it('says a link replaced by a newer one, an expired link and a token never mailed do not work (fixed clock)', async () => {
    clock.set('2026-03-02T09:00:00Z');
    try {
      const me = await api.register();
      await api.call('POST', '/reset-password-requests', { body: { email: me.email } });
      const older = resetTokenIn((await mailsTo(me.email))[0]!.text);
      await api.call('POST', '/reset-password-requests', { body: { email: me.email } });
      const newer = resetTokenIn((await mailsTo(me.email))[0]!.text);
      expect([await usable(older), await usable(newer)]).toEqual([false, true]);
      // A link works for an hour.
      clock.set('2026-03-02T10:00:00Z');
      expect(await usable(newer)).toBe(false);
      expect(await usable('never-mailed-0123456789')).toBe(false);
      // Not a token at all: not a resource.
      expectNotFound(await api.call('GET', '/reset-password-requests/not%20a%20token'));
    } finally {
      clock.reset();
    }
  });
});

describe('names', () => {
  it('keep their diaeresis and apostrophe in an account (Zoë, Noël, D’Hondt)', async () => {
    const { profile } = await api.register({ firstName: 'Zoë-Noël', lastName: "D'Hondt" });
    expect(customerSchema.parse(profile)).toMatchObject({ firstName: 'Zoë-Noël', lastName: "D'Hondt" });
  });

  it('refuse emoji at registration and in the personal data: they would print on parcels’ labels', async () => {
    const body = { firstName: 'Zoë 🐶', lastName: 'Martin', email: uniqueEmail(), password: 'croquettes5', acceptTerms: true };
    expectViolation(await api.call('POST', '/customers', { body }), 'firstName', 'INVALID_CHARACTERS');
    const me = await api.signUp();
    expectViolation(
      await api.call('PUT', customerPath(me.customer), { body: { lastName: 'Martin 🇫🇷' }, token: me.token }),
      'lastName',
      'INVALID_CHARACTERS',
    );
  });

  it('refuse one that reads as a link (mail clients would make it one), at registration and in the personal data', async () => {
    const body = { lastName: 'Martin', email: uniqueEmail(), password: 'croquettes5', acceptTerms: true };
    for (const firstName of ['www.evil.example', 'https://evil.example/x', 'Camille evil.example'])
      expectViolation(
        await api.call('POST', '/customers', { body: { ...body, firstName } }),
        'firstName',
        'LINK_NOT_ALLOWED',
        'Ce champ ne peut pas contenir d’adresse web (www, http ou un point collé au mot suivant).',
      );
    expectViolation(
      await api.call('POST', '/customers', { body: { ...body, firstName: 'www.evil.example' }, query: 'channelCode=BE&locale=nl_BE' }),
      'firstName',
      'LINK_NOT_ALLOWED',
      'Dit veld mag geen webadres bevatten (www, http of een punt direct gevolgd door een woord).',
    );
    // Initials and abbreviations are names.
    const me = await api.signUp({ firstName: 'J.-P.', lastName: 'St. Clair' });
    expect(me.profile).toMatchObject({ firstName: 'J.-P.', lastName: 'St. Clair' });
    expectViolation(
      await api.call('PUT', customerPath(me.customer), { body: { lastName: 'evil.example' }, token: me.token }),
      'lastName',
      'LINK_NOT_ALLOWED',
    );
    expect((await api.call('GET', customerPath(me.customer), { token: me.token })).body.lastName).toBe('St. Clair');
  });
});
