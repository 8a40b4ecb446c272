/**
 * Rate limits and the bounds on password hashing (src/backend/shop/limits/, throttle.ts, passwords.ts).
 * Each call gives its client address in X-Forwarded-For (the test platform trusts one proxy hop); every
 * address is a fresh random one, so counters never carry over from another test or run on a shared
 * PostgreSQL database. The counters are rate-limiter-flexible's, in real time: tests assert counts and
 * Retry-After bounds, and the end of a window with a faked Date.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomClientAddress, shopApi, testPlatform, uniqueEmail, type TestPlatform } from './platform.ts';
import { authentication } from '../../src/lib/shop-api/authentication.ts';
import { hydraError, throttledError } from '../../src/lib/shop-api/errors.ts';
import { order as orderSchema } from '../../src/lib/shop-api/orders.ts';
import { createPlatform } from '../../src/backend/app.ts';
import { RATE_LIMITS } from '../../src/backend/shop/limits/policy.ts';
import { passwordHashingLoad, passwordHashingSlots } from '../../src/backend/shop/shared/passwords.ts';
import { createShopLimits } from '../../src/backend/shop/limits/store.ts';
import { countLoginAttempt } from '../../src/backend/shop/sessions/throttle.ts';
import { openDatabase } from '../../src/backend/db/database.ts';
import { testDatabaseUrl } from '../support/test-database.ts';

let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

beforeAll(async () => {
  platform = await testPlatform();
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
});

type Answer = { status: number; body: any; headers: Headers };
const from = (address: string) => ({ 'x-forwarded-for': address });
const login = (email: string, password: string, address: string, query?: string) =>
  api.call('POST', '/authentication-token', { body: { email, password }, headers: from(address), query });

/** A 429 with a Retry-After within the window, in the endpoint's shape; its message. */
function expectLimited(res: Answer, shape: 'lexik' | 'hydra', windowSeconds: number): string {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  if (shape === 'lexik') return throttledError.parse(res.body).message;
  const error = hydraError.parse(res.body);
  expect(error['@type']).toBe('hydra:Error');
  return error['hydra:description'];
}

describe('login throttling', () => {
  it('a stranger’s failures from one address do not stop the owner from another address', async () => {
    const owner = await api.register();
    const stranger = randomClientAddress();
    for (let i = 0; i < 7; i += 1) {
      const res = await login(owner.email, `guess-${i}`, stranger);
      expect(res.status).toBe(i < RATE_LIMITS.loginAccountAddress.points ? 401 : 429);
    }
    const locked = await login(owner.email, owner.password, stranger);
    expect(expectLimited(locked, 'lexik', RATE_LIMITS.loginAccountAddress.seconds)).toMatch(
      /^Trop de tentatives de connexion infructueuses\. Merci de réessayer dans 1[45] minutes\.$/,
    );
    // The owner, from home: signed in at once, as often as they like.
    const home = randomClientAddress();
    for (let i = 0; i < 3; i += 1)
      expect(authentication.parse((await login(owner.email, owner.password, home)).body).user.username).toBe(owner.email);
    // …even after a typo of their own.
    expect((await login(owner.email, 'typo', home)).status).toBe(401);
    expect((await login(owner.email, owner.password, home)).status).toBe(200);
  });

  it('one address failing on many accounts is refused before its 20th try, whatever the account', async () => {
    const address = randomClientAddress();
    const statuses: number[] = [];
    while (statuses.length < 20 && statuses.at(-1) !== 429) statuses.push((await login(uniqueEmail('spray'), 'Password1', address)).status);
    expect(statuses).toEqual([...Array<number>(RATE_LIMITS.loginAddress.points).fill(401), 429]);
    expect(statuses.length).toBeLessThan(20);
    // A real account from that address too (nothing is hashed any more), in Dutch on the Belgian site.
    const someone = await api.register();
    const nl = await login(someone.email, someone.password, address, 'channelCode=BE&locale=nl_BE');
    expect(expectLimited(nl, 'lexik', RATE_LIMITS.loginAddress.seconds)).toMatch(
      /^Te veel mislukte inlogpogingen\. Probeer het over 1[45] minuten opnieuw\.$/,
    );
    // Another address is not concerned.
    expect((await login(someone.email, someone.password, randomClientAddress())).status).toBe(200);
  });

  it('successes give their try back: a shared address signing in all day is never refused', async () => {
    const address = randomClientAddress();
    const shopper = await api.register();
    for (let i = 0; i < RATE_LIMITS.loginAddress.points + 5; i += 1) {
      if (i % 3 === 0) expect((await login(shopper.email, 'typo', address)).status).toBe(401);
      expect((await login(shopper.email, shopper.password, address)).status).toBe(200);
    }
  });

  it('a lock ends with its window (a faked Date: the counters read Date.now())', async () => {
    const owner = await api.register();
    const stranger = randomClientAddress();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (let i = 0; i < 5; i += 1) expect((await login(owner.email, 'wrong', stranger)).status).toBe(401);
      expect((await login(owner.email, owner.password, stranger)).status).toBe(429);
      vi.setSystemTime(Date.now() + RATE_LIMITS.loginAccountAddress.seconds * 1000 - 2000);
      expect((await login(owner.email, owner.password, stranger)).status).toBe(429);
      vi.setSystemTime(Date.now() + 3000);
      expect((await login(owner.email, owner.password, stranger)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a password reset forgets the account’s failures from every address', async () => {
    const owner = await api.register();
    const stranger = randomClientAddress();
    for (let i = 0; i < 5; i += 1) expect((await login(owner.email, 'wrong', stranger)).status).toBe(401);
    expect((await login(owner.email, owner.password, stranger)).status).toBe(429);
    expect((await api.call('POST', '/reset-password-requests', { body: { email: owner.email }, headers: from(stranger) })).status).toBe(
      202,
    );
    const mails = (await platform.get(`/outbox.json?to=${encodeURIComponent(owner.email)}`)).body.mails as { text: string }[];
    const token = /\/(?:mot-de-passe-oublie|wachtwoord-vergeten)\/([A-Za-z0-9_-]+)\//.exec(mails[0]!.text)![1]!;
    const reset = await api.call('PATCH', `/reset-password-requests/${token}`, {
      body: { newPassword: 'nouveau-secret', confirmNewPassword: 'nouveau-secret' },
    });
    expect(reset.status).toBe(202);
    expect((await login(owner.email, 'nouveau-secret', stranger)).status).toBe(200);
  });
});

describe('a burst of wrong passwords in parallel', () => {
  it('from one address on one account gets exactly 5 failures checked, in waves of 10 at once', async () => {
    const owner = await api.register();
    const address = randomClientAddress();
    const statuses: number[] = [];
    for (let wave = 0; wave < 4; wave += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(owner.email, `guess-${wave}-${i}`, address)));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_LIMITS.loginAccountAddress.points);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // Even the right password is refused from that address now; the owner's own address is not concerned.
    expect((await login(owner.email, owner.password, address)).status).toBe(429);
    expect((await login(owner.email, owner.password, randomClientAddress())).status).toBe(200);
  });

  it('counts atomically in the database: of 30 attempts at once on one account, 5 are let through; on many accounts, 10', async () => {
    // Below the per-process login slot: what two platform instances would do at once, each with its own
    // slot. On PostgreSQL the counters are shared by two connection pools, as two instances share them.
    const second = testDatabaseUrl() ? await openDatabase({ url: testDatabaseUrl() }) : null;
    try {
      const limits = [createShopLimits(platform.db), createShopLimits(second ?? platform.db)];
      const address = randomClientAddress();
      const email = uniqueEmail('burst');
      const sameAccount = await Promise.all(Array.from({ length: 30 }, (_, i) => countLoginAttempt(limits[i % 2]!, email, address)));
      expect(sameAccount.filter((a) => a.allowed)).toHaveLength(RATE_LIMITS.loginAccountAddress.points);

      const spray = randomClientAddress();
      const manyAccounts = await Promise.all(
        Array.from({ length: 30 }, (_, i) => countLoginAttempt(limits[i % 2]!, uniqueEmail('spray'), spray)),
      );
      expect(manyAccounts.filter((a) => a.allowed)).toHaveLength(RATE_LIMITS.loginAddress.points);
      for (const refused of manyAccounts.filter((a) => !a.allowed)) {
        expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(RATE_LIMITS.loginAddress.seconds - 60);
      }
    } finally {
      await second?.close();
    }
  });
});

/**
 * What these tests are about is how long a hash holds its slot: a burst must find the slots taken and the
 * line full. They run on a platform hashing at the real cost (scrypt N=32768, 50–100 ms a hash), not at the
 * test suites' cheap one (PASSWORD_HASH_COST=test, a millisecond or two) that the other tests use. The
 * hashing slots and their line are the process's own, whatever the database: the PGlite pass alone runs them
 * (a burst at the real cost is seconds of CPU), the limits they read being tested on both drivers above.
 */
describe.skipIf(Boolean(testDatabaseUrl()))('at the real password cost', () => {
  let real: TestPlatform;
  let realApi: ReturnType<typeof shopApi>;
  beforeAll(async () => {
    real = await testPlatform({ env: { PASSWORD_HASH_COST: 'standard' } });
    realApi = shopApi(real);
  });
  afterAll(async () => {
    await real?.db.close();
  });
  const realLogin = (email: string, password: string, address: string) =>
    realApi.call('POST', '/authentication-token', { body: { email, password }, headers: from(address) });

  it('stores the hashes of this platform at the real cost, those of the others at the cheap one', async () => {
    const [here, there] = [await realApi.register(), await api.register()];
    const stored = async (db: TestPlatform['db'], email: string) =>
      (
        await db.query<{ password_hash: string }>(
          'SELECT u.password_hash FROM shop.shop_users u JOIN shop.customers c ON c.id = u.customer_id WHERE c.email = $1',
          [email],
        )
      )[0]!.password_hash;
    expect(await stored(real.db, here.email)).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await stored(platform.db, there.email)).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

  describe('password hashing is bounded', () => {
    it('20 parallel logins from one address hash one at a time; the others are told to retry in a second', async () => {
      const address = randomClientAddress();
      passwordHashingLoad.resetPeak();
      const answers = await Promise.all(Array.from({ length: 20 }, () => realLogin(uniqueEmail('burst'), 'Password1', address)));
      expect(passwordHashingLoad.peak).toBe(1);
      const refused = answers.filter((a) => a.status === 429);
      expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(3);
      expect(refused.length).toBeGreaterThanOrEqual(17);
      for (const res of refused) {
        expect(res.headers.get('retry-after')).toBe('1');
        expect(throttledError.parse(res.body).message).toMatch(
          /^Trop de tentatives de connexion simultanées\. Merci de réessayer dans quelques secondes\.$/,
        );
      }
      // Turned away before any count: the address has used at most the three that were checked.
      expect((await realLogin(uniqueEmail('after'), 'Password1', address)).status).toBe(401);
    });

    it('logins from several addresses share the process’s hashing slots', async () => {
      passwordHashingLoad.resetPeak();
      const addresses = [randomClientAddress(), randomClientAddress()];
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => realLogin(uniqueEmail('two'), 'Password1', addresses[i % 2]!)));
      expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
      expect(passwordHashingLoad.peak).toBeLessThanOrEqual(Math.min(2, passwordHashingSlots.concurrency));
    });

    it('answers 503 with Retry-After when every hashing slot and the queue are taken; the attempt does not count', async () => {
      const held = await Promise.all(Array.from({ length: passwordHashingSlots.concurrency }, () => passwordHashingSlots.acquire()));
      const queued = Array.from({ length: passwordHashingSlots.maxQueue }, () => passwordHashingSlots.acquire());
      const address = randomClientAddress();
      let busy: Answer;
      try {
        // Registration hashes too: the same 503, in the hydra shape.
        const register = await realApi.call('POST', '/customers', {
          body: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'abcdef', acceptTerms: true },
          headers: from(address),
        });
        expect(register.status).toBe(503);
        expect(register.headers.get('retry-after')).toBe('1');
        expect(hydraError.parse(register.body)['hydra:description']).toMatch(/^Notre service est momentanément surchargé/);
        busy = await realLogin(uniqueEmail('busy'), 'Password1', address);
      } finally {
        // Each released slot goes to the next in line, which gives it back at once.
        for (const release of held) release();
        await Promise.all(queued.map(async (slot) => (await slot)()));
      }
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(busy.body).toEqual({ code: 503, message: expect.stringMatching(/^Notre service est momentanément surchargé/) });
      // Not counted: the address still has all its tries.
      for (let i = 0; i < RATE_LIMITS.loginAddress.points; i += 1)
        expect((await realLogin(uniqueEmail('count'), 'Password1', address)).status).toBe(401);
      expect((await realLogin(uniqueEmail('count'), 'Password1', address)).status).toBe(429);
    });
  });

  describe('password hashing under a flood from many addresses', () => {
    it('a shopper whose address has not failed takes the place of a failing address in the hashing line', async () => {
      const shopper = await realApi.register();
      const failing = randomClientAddress();
      expect((await realLogin(uniqueEmail('guess'), 'Password1', failing)).status).toBe(401);
      // The slots run other hashes, and the line is full of logins from addresses that failed.
      const held = await Promise.all(Array.from({ length: passwordHashingSlots.concurrency }, () => passwordHashingSlots.acquire()));
      const line = Array.from({ length: passwordHashingSlots.maxQueue }, () =>
        passwordHashingSlots.acquire('low').then(
          (release) => {
            release();
            return 'served';
          },
          () => 'bumped',
        ),
      );
      let fromFailing: Answer;
      let signedIn: Promise<Answer>;
      try {
        // The failing address is refused at once, and so is an unknown e-mail (it could never sign in)…
        fromFailing = await realLogin(shopper.email, shopper.password, failing);
        expect((await realLogin(uniqueEmail('nobody'), 'Password1', randomClientAddress())).status).toBe(503);
        // …the shopper's clean address takes the last place of the line.
        signedIn = realLogin(shopper.email, shopper.password, randomClientAddress());
        expect(await Promise.race(line)).toBe('bumped');
      } finally {
        for (const release of held) release();
      }
      expect(fromFailing.status).toBe(503);
      expect((await signedIn).status).toBe(200);
      expect((await Promise.all(line)).filter((outcome) => outcome === 'bumped')).toHaveLength(1);
    });
  });
});

describe('password reset requests', () => {
  const request = (email: string, address: string, query?: string) =>
    api.call('POST', '/reset-password-requests', { body: { email }, headers: from(address), query });
  const mailsTo = async (email: string) =>
    (await platform.get(`/outbox.json?to=${encodeURIComponent(email)}`)).body.mails as { text: string }[];

  it('mails one e-mail at most 3 times an hour, from any address; the last link mailed still works', async () => {
    const owner = await api.register();
    for (let i = 0; i < RATE_LIMITS.resetEmail.points; i += 1) expect((await request(owner.email, randomClientAddress())).status).toBe(202);
    const fourth = await request(owner.email, randomClientAddress());
    expect(expectLimited(fourth, 'hydra', RATE_LIMITS.resetEmail.seconds)).toMatch(
      /^Plusieurs liens de réinitialisation ont déjà été demandés/,
    );
    for (let i = 0; i < 26; i += 1) expect((await request(owner.email, randomClientAddress())).status).toBe(429);
    const nl = await request(owner.email, randomClientAddress(), 'channelCode=BE&locale=nl_BE');
    expect(expectLimited(nl, 'hydra', RATE_LIMITS.resetEmail.seconds)).toMatch(/^Er werden al meerdere links aangevraagd/);
    const mails = await mailsTo(owner.email);
    // Three reset mails (and the welcome mail).
    expect(mails.filter((m) => /mot-de-passe-oublie/.test(m.text))).toHaveLength(3);
    // Nothing already stored was lost: the newest link works.
    const token = /\/mot-de-passe-oublie\/([A-Za-z0-9_-]+)\//.exec(mails[0]!.text)![1]!;
    expect(
      (
        await api.call('PATCH', `/reset-password-requests/${token}`, {
          body: { newPassword: 'nouveau-secret', confirmNewPassword: 'nouveau-secret' },
        })
      ).status,
    ).toBe(202);
    expect((await login(owner.email, 'nouveau-secret', randomClientAddress())).status).toBe(200);
  });

  it('counts unknown e-mails alike, so a 429 tells nothing about accounts', async () => {
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < RATE_LIMITS.resetEmail.points; i += 1) expect((await request(unknown, randomClientAddress())).status).toBe(202);
    expectLimited(await request(unknown, randomClientAddress()), 'hydra', RATE_LIMITS.resetEmail.seconds);
  });

  it('limits one address across e-mails', async () => {
    const address = randomClientAddress();
    for (let i = 0; i < RATE_LIMITS.resetAddress.points; i += 1) expect((await request(uniqueEmail('many'), address)).status).toBe(202);
    const refused = await request(uniqueEmail('many'), address);
    expect(expectLimited(refused, 'hydra', RATE_LIMITS.resetAddress.seconds)).toMatch(
      /^Trop de demandes de réinitialisation depuis votre réseau/,
    );
  });
});

describe('discount codes', () => {
  const newCart = async (address: string) =>
    orderSchema.parse((await api.call('POST', '/orders', { body: {}, headers: from(address) })).body).tokenValue;
  const apply = (cart: string, couponCode: string, address: string, query?: string) =>
    api.call('PATCH', `/orders/${cart}/apply-coupon`, { body: { couponCode }, headers: from(address), query });

  it('refuses to check more codes on a cart after 10 wrong ones, with Retry-After, from any address', async () => {
    const address = randomClientAddress();
    const cart = await newCart(address);
    for (let i = 0; i < RATE_LIMITS.couponCart.points; i += 1) expect((await apply(cart, `GUESS${i}`, address)).status).toBe(422);
    const limited = await apply(cart, 'BIENVENUE10', address);
    expect(expectLimited(limited, 'hydra', RATE_LIMITS.couponCart.seconds)).toMatch(
      /^Trop de codes promo refusés\. Merci de réessayer dans 1[45] minutes\.$/,
    );
    const nl = await apply(cart, 'BIENVENUE10', randomClientAddress(), 'channelCode=BE&locale=nl_BE');
    expect(expectLimited(nl, 'hydra', RATE_LIMITS.couponCart.seconds)).toMatch(
      /^Te veel geweigerde kortingscodes\. Probeer het over 1[45] minuten opnieuw\.$/,
    );
    // The cart itself is untouched, and another cart is not concerned.
    expect(orderSchema.parse((await api.call('GET', `/orders/${cart}`)).body).couponCode).toBeNull();
    const other = await newCart(address);
    expect(orderSchema.parse((await apply(other, 'BIENVENUE10', address)).body).couponCode).toBe('BIENVENUE10');
  });

  it('an applied code does not count; one address is limited across carts', async () => {
    const address = randomClientAddress();
    const cart = await newCart(address);
    for (let i = 0; i < 15; i += 1) expect((await apply(cart, 'BIENVENUE10', address)).status).toBe(200);
    const statuses: number[] = [];
    let current = cart;
    for (let i = 0; i < RATE_LIMITS.couponAddress.points + 1; i += 1) {
      // A new cart every few tries: the per-cart limit is never reached.
      if (i % 5 === 0) current = await newCart(address);
      statuses.push((await apply(current, `WRONG${i}`, address)).status);
    }
    expect(statuses.slice(0, RATE_LIMITS.couponAddress.points).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('current password checks', () => {
  it('stop after 5 wrong current passwords of one customer, so a stolen session cannot guess the password', async () => {
    const shopper = await api.signUp();
    const change = (currentPassword: string) =>
      api.call('PUT', `/customers/${shopper.profile.id}/password`, {
        token: shopper.token,
        headers: from(randomClientAddress()),
        body: { currentPassword, newPassword: 'nouveau-mot-de-passe', confirmNewPassword: 'nouveau-mot-de-passe' },
      });
    for (let i = 0; i < RATE_LIMITS.currentPasswordCustomer.points; i += 1) expect((await change(`guess-${i}`)).status).toBe(422);
    // Even the right password is not checked any more, whatever address the guesses come from.
    expect(expectLimited(await change(shopper.password), 'hydra', RATE_LIMITS.currentPasswordCustomer.seconds)).toMatch(
      /^Trop de mots de passe actuels erronés\. Merci de réessayer dans 1[45] minutes\.$/,
    );
    const email = await api.call('PUT', `/customers/${shopper.profile.id}`, {
      token: shopper.token,
      body: { email: uniqueEmail('new'), currentPassword: shopper.password },
    });
    expect(email.status).toBe(429);
  });

  it('a right password gives its try back', async () => {
    const shopper = await api.signUp();
    for (let i = 0; i < RATE_LIMITS.currentPasswordCustomer.points + 2; i += 1) {
      const res = await api.call('PUT', `/customers/${shopper.profile.id}`, {
        token: shopper.token,
        body: { email: shopper.email.toUpperCase(), firstName: `Camille${'e'.repeat(i)}` },
      });
      expect(res.status).toBe(200);
    }
    const right = () =>
      api.call('PUT', `/customers/${shopper.profile.id}/password`, {
        token: shopper.token,
        body: { currentPassword: shopper.password, newPassword: shopper.password, confirmNewPassword: shopper.password },
      });
    for (let i = 0; i < RATE_LIMITS.currentPasswordCustomer.points + 2; i += 1) expect((await right()).status).toBe(204);
  });
});

describe('customer lookup', () => {
  it('answers 429 to a flood of lookups from one address, and not to another address', async () => {
    const address = randomClientAddress();
    const lookup = (email: string, at = address, query?: string) =>
      api.call('POST', '/customer/lookup', { body: { email }, headers: from(at), query });
    for (let i = 0; i < RATE_LIMITS.lookupAddress.points; i += 1) expect((await lookup(uniqueEmail('enum'))).status).toBe(200);
    const flooded = await lookup(uniqueEmail('enum'));
    expect(expectLimited(flooded, 'hydra', RATE_LIMITS.lookupAddress.seconds)).toMatch(
      /^Trop de vérifications d’adresses e-mail depuis votre réseau\. Merci de réessayer dans (9|10) minutes\.$/,
    );
    expect(
      expectLimited(await lookup(uniqueEmail('enum'), address, 'channelCode=BE&locale=nl_BE'), 'hydra', RATE_LIMITS.lookupAddress.seconds),
    ).toMatch(/^Te veel controles van e-mailadressen/);
    expect((await lookup(uniqueEmail('enum'), randomClientAddress())).body).toEqual({ exists: false });
  });
});

describe('registration', () => {
  const register = (address: string, overrides: Record<string, unknown> = {}, query?: string) =>
    api.call('POST', '/customers', {
      body: {
        firstName: 'Camille',
        lastName: 'Martin',
        email: uniqueEmail('family'),
        password: 'croquettes5',
        acceptTerms: true,
        ...overrides,
      },
      headers: from(address),
      query,
    });
  const accounts = async (email: string) =>
    (await platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shop.customers WHERE email = $1', [email]))[0]!.n;

  it('stops after 10 accounts from one address in an hour, in the shopper’s language, and not another address', async () => {
    const address = randomClientAddress();
    // A refused body cost nothing and is not counted; an e-mail already used is (it tells that an account exists).
    expect((await register(address, { acceptTerms: false })).status).toBe(422);
    const existing = await api.register();
    expect((await register(address, { email: existing.email })).status).toBe(422);
    for (let i = 1; i < RATE_LIMITS.registrationAddress.points; i += 1) expect((await register(address)).status).toBe(201);
    const email = uniqueEmail('refused');
    const refused = await register(address, { email });
    expect(expectLimited(refused, 'hydra', RATE_LIMITS.registrationAddress.seconds)).toMatch(
      /^Trop de créations de compte depuis votre réseau\. Merci de réessayer dans (59|60) minutes\.$/,
    );
    expect(await accounts(email)).toBe(0);
    const nl = await register(address, {}, 'channelCode=BE&locale=nl_BE');
    expect(expectLimited(nl, 'hydra', RATE_LIMITS.registrationAddress.seconds)).toMatch(
      /^Te veel nieuwe accounts vanaf je netwerk\. Probeer het over (59|60) minuten opnieuw\.$/,
    );
    // The neighbours' address is not concerned.
    expect((await register(randomClientAddress(), { email })).status).toBe(201);
    expect(await accounts(email)).toBe(1);
  });

  it('a registration answered 503 (hashing saturated) does not count', async () => {
    const address = randomClientAddress();
    const held = await Promise.all(Array.from({ length: passwordHashingSlots.concurrency }, () => passwordHashingSlots.acquire()));
    const queued = Array.from({ length: passwordHashingSlots.maxQueue }, () => passwordHashingSlots.acquire());
    try {
      expect((await register(address)).status).toBe(503);
    } finally {
      for (const release of held) release();
      await Promise.all(queued.map(async (slot) => (await slot)()));
    }
    for (let i = 0; i < RATE_LIMITS.registrationAddress.points; i += 1) expect((await register(address)).status).toBe(201);
    expectLimited(await register(address), 'hydra', RATE_LIMITS.registrationAddress.seconds);
  });
});

describe('client address', () => {
  it('believes X-Forwarded-For only when TRUST_PROXY says so: by default every caller is its socket (none here)', async () => {
    // Calls without a socket all count as one unknown address: start it afresh (the database may be a long-lived server).
    await platform.db.query(`DELETE FROM shop.rate_limits WHERE key = 'loginAddress:unknown'`);
    const untrusting = createPlatform({ db: platform.db, siteOrigins: [], shop: { env: { JWT_SECRET: 'api-test-secret' } } });
    const call = (path: string, body: unknown, address: string) =>
      untrusting.request(`http://platform.test/api/v2/shop${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/ld+json', 'x-forwarded-for': address },
        body: JSON.stringify(body),
      });
    // Ten failures, each claiming another address: all counted against the one real peer.
    const email = uniqueEmail('spoof');
    for (let i = 0; i < RATE_LIMITS.loginAddress.points; i += 1) {
      expect((await call('/authentication-token', { email: `${i}.${email}`, password: 'x' }, randomClientAddress())).status).toBe(401);
    }
    const refused = await call('/authentication-token', { email, password: 'x' }, randomClientAddress());
    expect(refused.status).toBe(429);
    throttledError.parse(await refused.json());
  });
});

describe('limits hold across platform instances', () => {
  it('two apps on one database share the counters', async () => {
    // On a PostgreSQL server (TEST_DATABASE_URL) the second app has its own connection pool, as another
    // instance would; on PGlite both apps share the one in-process database.
    const second = process.env.TEST_DATABASE_URL ? await testPlatform() : null;
    try {
      const apps = [
        platform.app,
        second?.app ??
          createPlatform({ db: platform.db, siteOrigins: [], shop: { env: { JWT_SECRET: 'api-test-secret', TRUST_PROXY: '1' } } }),
      ];
      const owner = await api.register();
      const address = randomClientAddress();
      const on = (app: (typeof apps)[number]) =>
        app.request('http://platform.test/api/v2/shop/authentication-token', {
          method: 'POST',
          headers: { 'content-type': 'application/ld+json', 'x-forwarded-for': address },
          body: JSON.stringify({ email: owner.email, password: 'wrong' }),
        });
      for (let i = 0; i < 5; i += 1) expect((await on(apps[i % 2]!)).status).toBe(401);
      expect((await on(apps[1]!)).status).toBe(429);
      expect((await on(apps[0]!)).status).toBe(429);
    } finally {
      await second?.db.close();
    }
  });
});

describe('calls that cost the shop a partner’s service', () => {
  it('relay-point searches stop after 60 per customer in 10 minutes, said in the shopper’s language', async () => {
    const shopper = await api.signUp();
    const search = (address: string, query = 'channelCode=FR&locale=fr_FR') =>
      api.call('GET', '/relay-points', { token: shopper.token, headers: from(address), query: `${query}&countryCode=FR&postcode=69002` });
    // From several addresses: the customer's own count is the one that stops them.
    for (let i = 0; i < RATE_LIMITS.relaySearchCustomer.points; i += 1) expect((await search(randomClientAddress())).status).toBe(200);
    expect(expectLimited(await search(randomClientAddress()), 'hydra', RATE_LIMITS.relaySearchCustomer.seconds)).toMatch(
      /^Trop de recherches de points relais\. Merci de réessayer dans (9|10) minutes\.$/,
    );
    expect(
      expectLimited(await search(randomClientAddress(), 'channelCode=BE&locale=nl_BE'), 'hydra', RATE_LIMITS.relaySearchCustomer.seconds),
    ).toMatch(/^Te veel zoekopdrachten naar afhaalpunten\. Probeer het over (9|10) minuten opnieuw\.$/);
    // Another customer searches on.
    const other = await api.signUp();
    const res = await api.call('GET', '/relay-points', {
      token: other.token,
      headers: from(randomClientAddress()),
      query: 'channelCode=FR&locale=fr_FR&countryCode=FR&postcode=69002',
    });
    expect(res.status).toBe(200);
  });

  it('payment requests stop after 20 per customer in an hour, before the provider is asked', async () => {
    const shopper = await api.signUp();
    const request = () =>
      api.call('POST', '/payment-requests', {
        token: shopper.token,
        headers: from(randomClientAddress()),
        body: { paymentId: 999_999, paymentMethodCode: 'CARD', action: 'capture', payload: { redirectUrl: 'http://localhost:4321/' } },
      });
    // Requests for a payment that is not theirs are answered 404, and counted all the same.
    for (let i = 0; i < RATE_LIMITS.paymentRequestCustomer.points; i += 1) expect((await request()).status).not.toBe(429);
    expect(expectLimited(await request(), 'hydra', RATE_LIMITS.paymentRequestCustomer.seconds)).toMatch(
      /^Trop de tentatives de paiement\. Merci de réessayer dans (59|60) minutes\.$/,
    );
  });
});
