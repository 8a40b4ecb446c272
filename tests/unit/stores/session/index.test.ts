import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, TOKEN_REFRESH_BEFORE_MS } from '../../../../src/lib/constants.ts';
import { createHttpClient } from '../../../../src/lib/shop-api/http.ts';
import type { Authentication } from '../../../../src/lib/shop-api/authentication.ts';
import { createCustomerStore, emptyCustomer } from '../../../../src/stores/customer.ts';
import { memoryStorage, type StorageLike, type Timers } from '../../../../src/stores/browser.ts';
import {
  bindBodyClasses,
  createSessionStore,
  decodeTokenClaims,
  refreshDelay,
  type Locks,
  type SessionDeps,
} from '../../../../src/stores/session/index.ts';
import { createUiStore } from '../../../../src/stores/ui.ts';
import { sharedStorage } from '../cart/fakes.ts';
import { afterLoginTarget, guardRedirect, loginRedirect } from '../../../../src/lib/routes/guards.ts';

/** 15 June 2026 10:00 UTC, in ms; JWT times are in seconds. */
const NOW = Date.UTC(2026, 5, 15, 10, 0, 0);
const CUSTOMER = '/api/v2/shop/customers/7';
const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const b64 = (value: unknown) => base64url(JSON.stringify(value));
const jwt = (expMs: number, extra: Record<string, unknown> = {}) =>
  `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ iat: Math.floor((expMs - 3_600_000) / 1000), exp: Math.floor(expMs / 1000), username: 'camille@example.fr', customer: CUSTOMER, ...extra })}.signature`;
const auth = (expMs: number, cart: string | null = null): Authentication => ({
  token: jwt(expMs),
  refresh_token: `refresh-${expMs}`,
  user: { username: 'camille@example.fr', verified: true },
  customer: CUSTOMER,
  cart,
});

/** A clock and timers that only move when told. */
function fakeTime(start = NOW) {
  let now = start;
  let next = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const id = next++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (id) => void pending.delete(id as number),
  };
  return {
    now: () => now,
    timers,
    pending: () => [...pending.values()].map((t) => t.at - now),
    /** Moves the clock, firing due timers in order. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
  };
}

function navigation(pathname = '/mon-compte/mes-adresses/', search = '?tab=2') {
  const visits: string[] = [];
  let location = { pathname, search };
  return {
    visits,
    go(path: string) {
      const url = new URL(path, 'http://site.invalid');
      location = { pathname: url.pathname, search: url.search };
    },
    navigation: { location: () => location, replace: (path: string) => void visits.push(path) },
  };
}

function setup(
  options: {
    stored?: Record<string, string>;
    refresh?: SessionDeps['client']['refresh'];
    login?: SessionDeps['client']['login'];
    locale?: SessionDeps['locale'];
  } = {},
) {
  const time = fakeTime();
  const shared = sharedStorage();
  for (const [key, value] of Object.entries(options.stored ?? {})) shared.data.set(key, value);
  const nav = navigation();
  const refreshes: string[] = [];
  const { storage, storageEvents } = shared.tab();
  const session = createSessionStore({
    client: {
      login: options.login ?? (async () => auth(NOW + 3_600_000)),
      refresh:
        options.refresh ??
        (async (token) => {
          refreshes.push(token);
          return { token: jwt(time.now() + 3_600_000), refresh_token: `refresh-${time.now()}` };
        }),
    },
    locale: options.locale ?? 'fr_FR',
    storage,
    storageEvents,
    now: time.now,
    timers: time.timers,
    navigation: nav.navigation,
    locks: null,
  });
  return { session, time, shared, nav, refreshes };
}
const stored = (expMs: number, refresh: string | null = 'refresh-1') => ({
  [STORAGE_KEYS.token]: jwt(expMs),
  [STORAGE_KEYS.customerUri]: CUSTOMER,
  ...(refresh ? { [STORAGE_KEYS.refreshToken]: refresh } : {}),
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('token claims', () => {
  it('decode a JWT payload validated with tokenClaims; anything else is null', () => {
    expect(decodeTokenClaims(jwt(NOW))).toEqual({
      iat: NOW / 1000 - 3600,
      exp: NOW / 1000,
      username: 'camille@example.fr',
      customer: CUSTOMER,
    });
    for (const bad of [
      null,
      '',
      'abc',
      'a.b.c',
      `${b64({})}.${b64({ exp: 'soon' })}.x`,
      `x.${b64({ exp: 1 })}.x`,
      `x.${base64url('not json')}.x`,
    ]) {
      expect(decodeTokenClaims(bad), String(bad)).toBeNull();
    }
  });
});

describe('refresh schedule (fixed clock)', () => {
  it('is 10 minutes before expiry, at once when already inside', () => {
    expect(TOKEN_REFRESH_BEFORE_MS).toBe(600_000);
    expect(refreshDelay((NOW + 3_600_000) / 1000, NOW)).toBe(3_000_000);
    expect(refreshDelay((NOW + 600_000) / 1000, NOW)).toBe(0);
    expect(refreshDelay((NOW + 300_000) / 1000, NOW)).toBe(0);
    expect(refreshDelay((NOW - 1000) / 1000, NOW)).toBe(0);
  });
  it('restores a stored session and refreshes it 10 minutes before it expires', async () => {
    const { session, time, shared, refreshes } = setup({ stored: stored(NOW + 3_600_000) });
    session.start();
    expect(session.$loggedIn.get()).toBe(true);
    expect(session.token()).toBe(jwt(NOW + 3_600_000));
    expect(time.pending()).toEqual([3_000_000]);
    time.advance(2_999_999);
    expect(refreshes).toEqual([]);
    time.advance(1);
    expect(refreshes).toEqual(['refresh-1']);
    await flush();
    expect(shared.data.get(STORAGE_KEYS.token)).toBe(jwt(NOW + 3_000_000 + 3_600_000));
    expect(shared.data.get(STORAGE_KEYS.refreshToken)).toBe(`refresh-${NOW + 3_000_000}`);
    expect(time.pending()).toEqual([3_000_000]);
    expect(session.$loggedIn.get()).toBe(true);
  });
  it('refreshes at once a token already inside the last 10 minutes, even an expired one', async () => {
    for (const expMs of [NOW + 300_000, NOW - 60_000]) {
      const { session, refreshes } = setup({ stored: stored(expMs) });
      session.start();
      expect(refreshes).toEqual(['refresh-1']);
      await session.ready;
      expect(session.$loggedIn.get()).toBe(true);
    }
  });
  it('never loops on tokens issued with less than 10 minutes to live', async () => {
    const time = fakeTime();
    let calls = 0;
    const session = createSessionStore({
      client: {
        login: async () => auth(NOW),
        refresh: async () => {
          calls++;
          return { token: jwt(time.now() + 240_000), refresh_token: 'r' };
        },
      },
      locale: 'fr_FR',
      storage: memoryStorage(stored(NOW + 240_000)),
      storageEvents: () => () => {},
      now: time.now,
      timers: time.timers,
      navigation: navigation().navigation,
    });
    session.start();
    await flush();
    expect(calls).toBe(1);
    expect(time.pending()).toEqual([120_000]);
  });
  it('logs out when the refresh fails', async () => {
    const { session, time, shared } = setup({ stored: stored(NOW + 3_600_000), refresh: async () => Promise.reject(new Error('401')) });
    const logouts: unknown[] = [];
    session.onLogout((info) => logouts.push(info));
    session.start();
    time.advance(3_000_000);
    await flush();
    expect(session.$session.get()).toBeNull();
    expect(session.$loggedIn.get()).toBe(false);
    expect([...shared.data.keys()]).toEqual([]);
    expect(logouts).toEqual([{ remote: false }]);
  });
  it('ends a session without refresh token when its token expires', () => {
    const { session, time } = setup({ stored: stored(NOW + 60_000, null) });
    session.start();
    expect(session.$loggedIn.get()).toBe(true);
    time.advance(60_000);
    expect(session.$loggedIn.get()).toBe(false);
    const expired = setup({ stored: stored(NOW - 1, null) });
    expired.session.start();
    expect(expired.session.$session.get()).toBeNull();
    expect(expired.shared.data.size).toBe(0);
  });
  it('drops an invalid stored value without crashing', () => {
    const { session, shared } = setup({
      stored: { [STORAGE_KEYS.token]: 'garbage', [STORAGE_KEYS.refreshToken]: 'r', [STORAGE_KEYS.customerUri]: CUSTOMER },
    });
    expect(() => session.start()).not.toThrow();
    expect(session.$loggedIn.get()).toBe(false);
    expect(shared.data.size).toBe(0);
  });
  it('survives a storage that throws', async () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const time = fakeTime();
    const answer = auth(NOW + 3_600_000);
    const session = createSessionStore({
      client: { login: async () => answer, refresh: async () => ({ token: '', refresh_token: '' }) },
      locale: 'fr_FR',
      storage: throwing,
      storageEvents: () => () => {},
      now: time.now,
      timers: time.timers,
      navigation: navigation().navigation,
    });
    expect(() => session.start()).not.toThrow();
    expect(session.$loggedIn.get()).toBe(false);
    // The login still works for this page: the session lives in memory when it cannot be stored.
    await expect(session.login({ email: 'a@b.fr', password: 'secret' })).resolves.toEqual(answer);
    expect(session.$loggedIn.get()).toBe(true);
    expect(session.token()).toBe(answer.token);
    expect(session.customerIri()).toBe(CUSTOMER);
  });
});

describe('login and logout', () => {
  it('stores the token, refresh token and customer IRI, and runs the login listeners before resolving', async () => {
    const { session, shared, time } = setup();
    session.start();
    const order: string[] = [];
    session.onLogin(async (a) => {
      await flush();
      order.push(`listener ${a.cart}`);
    });
    const result = await session.login({ email: 'camille@example.fr', password: 'secret' });
    order.push('resolved');
    expect(result.customer).toBe(CUSTOMER);
    expect(order).toEqual(['listener null', 'resolved']);
    expect(shared.data.get(STORAGE_KEYS.token)).toBe(result.token);
    expect(shared.data.get(STORAGE_KEYS.refreshToken)).toBe(result.refresh_token);
    expect(shared.data.get(STORAGE_KEYS.customerUri)).toBe(CUSTOMER);
    expect(session.$loggedIn.get()).toBe(true);
    expect(time.pending()).toEqual([3_000_000]);
    session.logout();
    expect(shared.data.size).toBe(0);
    expect(session.$loggedIn.get()).toBe(false);
    expect(time.pending()).toEqual([]);
  });
  it('refuses a login whose token cannot be read', async () => {
    const { session } = setup({ login: async () => ({ ...auth(NOW + 3_600_000), token: 'nope' }) });
    await expect(session.login({ email: 'a@b.fr', password: 'x' })).rejects.toThrow('no authentication data in response');
    expect(session.$loggedIn.get()).toBe(false);
  });
});

describe('401 and the way back', () => {
  it('remembers the full path on the login page of the locale', () => {
    expect(loginRedirect({ pathname: '/mon-compte/mes-adresses/', search: '?tab=2' }, 'fr_FR')).toBe(
      '/connexion/?redirect=%2Fmon-compte%2Fmes-adresses%2F%3Ftab%3D2',
    );
    expect(loginRedirect({ pathname: '/nl/mijn-account/', search: '' }, 'nl_BE')).toBe('/nl/inloggen/?redirect=%2Fnl%2Fmijn-account%2F');
    expect(loginRedirect({ pathname: '/connexion/', search: '?redirect=%2Fpanier%2F' }, 'fr_BE')).toBe('/connexion/?redirect=%2Fpanier%2F');
  });
  it('goes back to the remembered path after login, or to the account page', () => {
    expect(afterLoginTarget('?redirect=%2Fmon-compte%2Fmes-adresses%2F%3Ftab%3D2', 'fr_FR')).toBe('/mon-compte/mes-adresses/?tab=2');
    expect(afterLoginTarget('', 'fr_FR')).toBe('/mon-compte/');
    expect(afterLoginTarget('', 'nl_BE')).toBe('/nl/mijn-account/');
    for (const unsafe of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', '/connexion/']) {
      expect(afterLoginTarget(`?redirect=${encodeURIComponent(unsafe)}`, 'fr_FR'), unsafe).toBe('/mon-compte/');
    }
  });
  it('logs out on a 401 of an authenticated call and sends the shopper to login, then back, replacing history', async () => {
    const { session, nav, shared } = setup({ stored: stored(NOW + 3_600_000) });
    session.start();
    const http = createHttpClient({
      baseUrl: 'http://api.invalid',
      channelCode: 'FR',
      locale: 'fr_FR',
      token: session.token,
      onUnauthorized: () => session.expire(),
      fetch: (async () => new Response(JSON.stringify({ code: 401, message: 'Expired JWT Token' }), { status: 401 })) as typeof fetch,
    });
    await expect(http.get('/api/v2/shop/addresses')).rejects.toMatchObject({ status: 401 });
    expect(session.$loggedIn.get()).toBe(false);
    expect(shared.data.size).toBe(0);
    expect(nav.visits).toEqual(['/connexion/?redirect=%2Fmon-compte%2Fmes-adresses%2F%3Ftab%3D2']);
    nav.go(nav.visits[0]!);
    await session.login({ email: 'camille@example.fr', password: 'secret' });
    session.redirectAfterLogin();
    expect(nav.visits).toEqual(['/connexion/?redirect=%2Fmon-compte%2Fmes-adresses%2F%3Ftab%3D2', '/mon-compte/mes-adresses/?tab=2']);
  });
  it('guards pages: login for anonymous visitors, onwards for logged-in customers, home for the welcome page', async () => {
    const here = { pathname: '/mon-compte/mes-commandes/', search: '' };
    expect(guardRedirect('orders', false, here, 'fr_FR')).toBe('/connexion/?redirect=%2Fmon-compte%2Fmes-commandes%2F');
    expect(guardRedirect('orders', true, here, 'fr_FR')).toBeNull();
    expect(guardRedirect('accountWelcome', false, here, 'nl_BE')).toBe('/nl/');
    expect(guardRedirect('login', true, { pathname: '/connexion/', search: '?redirect=%2Fpanier%2F' }, 'fr_FR')).toBe('/panier/');
    expect(guardRedirect('login', true, { pathname: '/connexion/', search: '' }, 'fr_FR')).toBe('/mon-compte/');
    expect(guardRedirect('cart', false, here, 'fr_FR')).toBeNull();
    const anonymous = setup();
    expect(await anonymous.session.guard('addresses')).toBe(false);
    expect(anonymous.nav.visits).toEqual(['/connexion/?redirect=%2Fmon-compte%2Fmes-adresses%2F%3Ftab%3D2']);
    // A token to refresh at once is refreshed before the guard decides.
    const refreshing = setup({ stored: stored(NOW - 1000) });
    expect(await refreshing.session.guard('addresses')).toBe(true);
    expect(refreshing.nav.visits).toEqual([]);
  });
  it('leaves the way on to the form that signed the shopper in on this page: a guard deciding later sends them nowhere', async () => {
    // A guard that ran late (its island hydrated after the shopper used the pre-rendered login form).
    const { session, nav } = setup();
    nav.go('/connexion/?redirect=%2Fpanier%2F');
    await session.login({ email: 'camille@example.fr', password: 'secret' });
    session.redirectAfterLogin();
    expect(await session.guard('login')).toBe(true);
    expect(nav.visits).toEqual(['/panier/']);
    // Signed in before this page (a restored session), the login page sends the customer on.
    const restored = setup({ stored: stored(NOW + 3_600_000) });
    restored.nav.go('/connexion/?redirect=%2Fpanier%2F');
    expect(await restored.session.guard('login')).toBe(false);
    expect(restored.nav.visits).toEqual(['/panier/']);
  });
});

describe('tabs', () => {
  it('share login and logout through storage events', async () => {
    const time = fakeTime();
    const shared = sharedStorage();
    const tabs = [shared.tab(), shared.tab()].map(({ storage, storageEvents }) =>
      createSessionStore({
        client: { login: async () => auth(NOW + 3_600_000), refresh: async () => Promise.reject(new Error('no')) },
        locale: 'fr_FR',
        storage,
        storageEvents,
        now: time.now,
        timers: time.timers,
        navigation: navigation().navigation,
      }),
    );
    const [a, b] = tabs as [ReturnType<typeof createSessionStore>, ReturnType<typeof createSessionStore>];
    a.start();
    b.start();
    const remote: unknown[] = [];
    b.onLogout((info) => remote.push(info));
    await a.login({ email: 'camille@example.fr', password: 'secret' });
    expect(b.$loggedIn.get()).toBe(true);
    expect(b.customerIri()).toBe(CUSTOMER);
    a.logout();
    expect(b.$loggedIn.get()).toBe(false);
    expect(remote).toEqual([{ remote: true }]);
  });
  const racingTabs = (locks: Locks | null) => {
    const time = fakeTime();
    const shared = sharedStorage();
    for (const [key, value] of Object.entries(stored(NOW + 3_600_000))) shared.data.set(key, value);
    // The server answers by hand: the first refresh succeeds, a replay of the same refresh token fails.
    const answers: Array<{ token: string; resolve: (v: { token: string; refresh_token: string }) => void; reject: (e: Error) => void }> =
      [];
    const refresh = (token: string) =>
      new Promise<{ token: string; refresh_token: string }>((resolve, reject) => void answers.push({ token, resolve, reject }));
    const make = () =>
      createSessionStore({
        client: { login: async () => auth(NOW), refresh },
        locale: 'fr_FR',
        ...shared.tab(),
        now: time.now,
        timers: time.timers,
        navigation: navigation().navigation,
        locks,
      });
    const tabs = [make(), make()] as const;
    for (const tab of tabs) tab.start();
    return { tabs, answers };
  };
  it('take turns to refresh (Web Locks): the second tab takes the token the first one got, never replaying the refresh token', async () => {
    let chain: Promise<unknown> = Promise.resolve();
    const locks: Locks = {
      request: <T>(_name: string, callback: () => Promise<T>) => {
        const run = chain.then(callback);
        chain = run.catch(() => undefined);
        return run;
      },
    };
    const {
      tabs: [first, second],
      answers,
    } = racingTabs(locks);
    const both = [first.refresh(), second.refresh()];
    await flush();
    expect(answers.map((a) => a.token)).toEqual(['refresh-1']);
    answers[0]!.resolve({ token: jwt(NOW + 7_200_000), refresh_token: 'refresh-2' });
    expect(await Promise.all(both)).toEqual([true, true]);
    expect(answers).toHaveLength(1);
    expect(second.token()).toBe(jwt(NOW + 7_200_000));
  });
  it('without locks, adopt the token another tab refreshed instead of logging out', async () => {
    const {
      tabs: [first, second],
      answers,
    } = racingTabs(null);
    const both = [first.refresh(), second.refresh()];
    expect(answers).toHaveLength(2);
    answers[0]!.resolve({ token: jwt(NOW + 7_200_000), refresh_token: 'refresh-2' });
    await flush();
    answers[1]!.reject(new Error('refresh token already used'));
    expect(await Promise.all(both)).toEqual([true, true]);
    expect(second.token()).toBe(jwt(NOW + 7_200_000));
    expect(second.$loggedIn.get()).toBe(true);
  });
  it('give calls a fresh token: a refresh under way is awaited, an expired token renewed first', async () => {
    const { session, refreshes, time } = setup({ stored: stored(NOW + 3_600_000) });
    session.start();
    time.advance(3_000_000);
    expect(refreshes).toHaveLength(1);
    // The refresh is in flight: the call waits for it instead of going out with the old token.
    expect(await session.currentToken()).toBe(jwt(NOW + 3_000_000 + 3_600_000));
    // A tab asleep past expiry: its timer has not fired yet, so the next call renews the token first.
    let clock = NOW;
    const sent: Array<string | undefined> = [];
    const asleep = createSessionStore({
      client: { login: async () => auth(NOW), refresh: async () => ({ token: jwt(clock + 3_600_000), refresh_token: 'refresh-2' }) },
      locale: 'fr_FR',
      storage: memoryStorage(stored(NOW + 3_600_000)),
      storageEvents: () => () => {},
      now: () => clock,
      timers: fakeTime().timers,
      navigation: navigation().navigation,
      locks: null,
    });
    asleep.start();
    clock = NOW + 7_200_000;
    expect(asleep.token()).toBeNull();
    const http = createHttpClient({
      baseUrl: 'http://api.invalid',
      channelCode: 'FR',
      locale: 'fr_FR',
      token: asleep.currentToken,
      fetch: (async (_url: RequestInfo | URL, init?: RequestInit) => {
        sent.push((init?.headers as Record<string, string> | undefined)?.Authorization);
        return new Response('{}', { status: 200 });
      }) as typeof fetch,
    });
    await http.get('/api/v2/shop/orders/mine');
    expect(sent).toEqual([`Bearer ${jwt(NOW + 7_200_000 + 3_600_000)}`]);
  });
});

describe('body classes', () => {
  it('carry is-logged or is-anonymous, and is-subscriber for subscribers', () => {
    const classes = new Set<string>();
    const element = { classList: { toggle: (name: string, force?: boolean) => (force ? classes.add(name) : classes.delete(name)) } };
    const $loggedIn = atom(false);
    const $subscriber = atom(false);
    const stop = bindBodyClasses(element, $loggedIn, $subscriber);
    expect([...classes]).toEqual(['is-anonymous']);
    $loggedIn.set(true);
    $subscriber.set(true);
    expect([...classes].sort()).toEqual(['is-logged', 'is-subscriber']);
    $loggedIn.set(false);
    expect([...classes]).toEqual(['is-anonymous']);
    stop();
  });
});

describe('customer store', () => {
  const customer = {
    '@id': CUSTOMER,
    '@type': 'Customer' as const,
    id: 7,
    email: 'camille@example.fr',
    emailHashed: 'x',
    firstName: 'Camille',
    lastName: 'Durand',
    fullName: 'Camille Durand',
    gender: 'f' as const,
    birthday: null,
    subscribedToNewsletter: false,
    defaultAddress: null,
    newCustomer: false,
    subscriber: true,
    lastOrderDate: null,
    user: { verified: true },
    preferredLanguage: 'fr' as const,
  };
  it('loads the customer of the session, clears it on logout', async () => {
    const { session } = setup({ stored: stored(NOW + 3_600_000) });
    const loaded: string[] = [];
    const store = createCustomerStore({
      client: {
        getCustomer: async (iri) => {
          loaded.push(iri);
          return customer;
        },
        updateCustomer: async (_iri, data) => ({ ...customer, ...data }),
      },
      session,
    });
    store.start();
    session.start();
    await flush();
    expect(loaded).toEqual([CUSTOMER]);
    expect(store.$customer.get()?.firstName).toBe('Camille');
    expect(store.$subscriber.get()).toBe(true);
    expect((await store.update({ firstName: 'Camille-Anne' })).firstName).toBe('Camille-Anne');
    session.logout();
    expect(store.$customer.get()).toBeNull();
    expect(store.$subscriber.get()).toBe(false);
  });
  it('falls back on an empty default customer when the fetch fails', async () => {
    const { session } = setup({ stored: stored(NOW + 3_600_000) });
    const store = createCustomerStore({
      client: { getCustomer: async () => Promise.reject(new Error('500')), updateCustomer: async () => customer },
      session,
    });
    store.start();
    session.start();
    await flush();
    expect(store.$customer.get()).toEqual(emptyCustomer(CUSTOMER));
    expect(store.$status.get()).toBe('failed');
    expect(store.$subscriber.get()).toBe(false);
  });
});

describe('page stores', () => {
  it('can be imported and read on the server (Astro rendering an island) without touching the browser', async () => {
    const { configureShop, getShop } = await import('../../../../src/stores/shop.ts');
    const { $miniCartOpen, toggleMiniCart } = await import('../../../../src/stores/mini-cart.ts');
    configureShop({ apiUrl: 'http://localhost:4400', locale: 'nl_BE' });
    expect(getShop().cart.$cart.get()).toBeNull();
    expect(getShop().session.$loggedIn.get()).toBe(false);
    expect(getShop().config).toEqual({ apiUrl: 'http://localhost:4400', locale: 'nl_BE' });
    toggleMiniCart();
    expect($miniCartOpen.get()).toBe(true);
  });
  it('show toasts that go away by themselves', () => {
    const time = fakeTime();
    const ui = createUiStore(time.timers);
    const id = ui.toast('success', 'Ajouté au panier');
    ui.toast('error', 'Une erreur est survenue', 0);
    expect(ui.$toasts.get().map((t) => t.message)).toEqual(['Ajouté au panier', 'Une erreur est survenue']);
    time.advance(5000);
    expect(ui.$toasts.get().map((t) => t.kind)).toEqual(['error']);
    ui.dismissToast(id + 1);
    expect(ui.$toasts.get()).toEqual([]);
  });
});
