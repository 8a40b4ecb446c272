/**
 * The shopper's session (SPEC §4, §8, §9): the token, refresh token and customer IRI live in
 * localStorage under STORAGE_KEYS. Logged in while the token's `exp` is in the future; the token is
 * refreshed 10 minutes before it expires (at once when already inside that window); a failed refresh logs
 * out; a 401 on an authenticated call logs out and sends the shopper to the login page of their locale,
 * remembering the full path, to come back to it (or to the account page) after login, replacing history.
 * Login and logout are shared between tabs through storage events. No React here.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { guardRedirect, isLoginPath, loginRedirect, afterLoginTarget } from '../lib/routes/guards.ts';
import type { RouteName } from '../lib/routes/routes.ts';
import type { LocaleCode } from '../lib/channels.ts';
import { STORAGE_KEYS, TOKEN_REFRESH_BEFORE_MS } from '../lib/constants.ts';
import { NO_AUTHENTICATION_DATA, type Credentials, type ShopClient } from '../lib/shop/client.ts';
import { tokenClaims, type Authentication } from '../lib/shop/wire.ts';
import {
  browserNavigation, browserStorage, browserStorageEvents, MAX_TIMER_DELAY, memoryStorage, safeStorage, systemTimers,
  type Navigation, type StorageEvents, type StorageLike, type Timers,
} from './platform.ts';

export type TokenClaims = ReturnType<typeof tokenClaims.parse>;

export interface Session {
  token: string;
  refreshToken: string | null;
  customerIri: string;
  username: string;
  /** Expiry of the token, in seconds since the epoch (the JWT's `exp`). */
  exp: number;
}

/** The claims of a JWT (its payload, validated), or null for anything that is not one. */
export function decodeTokenClaims(token: unknown): TokenClaims | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(parts[1].length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const parsed = tokenClaims.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Milliseconds until the refresh of a token expiring at `exp` (seconds): 10 minutes before, 0 when already inside. */
export function refreshDelay(exp: number, now: number): number {
  return Math.max(0, exp * 1000 - TOKEN_REFRESH_BEFORE_MS - now);
}

export const isExpired = (exp: number, now: number): boolean => exp * 1000 <= now;

/** Reads the stored session; anything invalid is dropped (null), never a crash. */
export function readStoredSession(storage: StorageLike): Session | null {
  const token = storage.getItem(STORAGE_KEYS.token);
  const claims = decodeTokenClaims(token);
  if (token === null || claims === null) return null;
  const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
  const customerIri = storage.getItem(STORAGE_KEYS.customerUri) || claims.customer;
  return { token, refreshToken: refreshToken || null, customerIri, username: claims.username, exp: claims.exp };
}

function writeStoredSession(storage: StorageLike, session: Session | null): void {
  if (session === null) {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.customerUri]) storage.removeItem(key);
    return;
  }
  if (session.refreshToken) storage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  else storage.removeItem(STORAGE_KEYS.refreshToken);
  storage.setItem(STORAGE_KEYS.customerUri, session.customerIri);
  // The token last: other tabs react to its storage event and read the rest.
  storage.setItem(STORAGE_KEYS.token, session.token);
}

/** Web Locks (navigator.locks): one tab at a time refreshes. */
export interface Locks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}
/** The lock taken around a refresh: the shop API revokes every session of a login when a rotated refresh token is replayed. */
export const REFRESH_LOCK = 'store/customer/refresh';

export interface SessionDeps {
  client: Pick<ShopClient, 'login' | 'refresh'>;
  locale: LocaleCode;
  storage?: StorageLike;
  /** Milliseconds since the epoch. */
  now?: () => number;
  timers?: Timers;
  navigation?: Navigation;
  storageEvents?: StorageEvents;
  /** navigator.locks in a browser; without it, a tab still checks the storage for a token another tab just got. */
  locks?: Locks | null;
}

function browserLocks(): Locks | null {
  const locks = (globalThis as { navigator?: { locks?: { request: (name: string, callback: () => Promise<unknown>) => Promise<unknown> } } }).navigator?.locks;
  return locks ? { request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T> } : null;
}

export type LoginListener = (auth: Authentication) => Promise<unknown> | unknown;
export type LogoutListener = (info: { remote: boolean }) => void;

export function createSessionStore(deps: SessionDeps) {
  const storage = safeStorage(deps.storage ?? memoryStorage());
  const now = deps.now ?? Date.now;
  const timers = deps.timers ?? systemTimers;
  const navigation = deps.navigation ?? browserNavigation;
  const locale = deps.locale;
  const locks = deps.locks === undefined ? browserLocks() : deps.locks;
  const exclusive = <T>(callback: () => Promise<T>): Promise<T> => (locks ? locks.request(REFRESH_LOCK, callback) : callback());

  const $session = atom<Session | null>(null);
  const $loggedIn: ReadableAtom<boolean> = computed($session, (session) => session !== null && !isExpired(session.exp, now()));
  const loginListeners = new Set<LoginListener>();
  const logoutListeners = new Set<LogoutListener>();

  let timer: unknown = null;
  let refreshing: Promise<boolean> | null = null;
  let started = false;
  let stopStorageEvents: (() => void) | null = null;
  let redirecting = false;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  function clearTimer() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  /**
   * Plans the next refresh. A token just issued by the server (`fresh`) that already lives less than 10
   * minutes is refreshed halfway through its life, not at once, so short-lived tokens never loop.
   */
  function schedule(fresh = false) {
    clearTimer();
    const session = $session.get();
    if (!session) return;
    if (session.refreshToken) {
      let delay = refreshDelay(session.exp, now());
      if (delay === 0 && fresh) delay = Math.max(1000, (session.exp * 1000 - now()) / 2);
      if (delay === 0) {
        void refresh();
        return;
      }
      timer = timers.setTimeout(tick, Math.min(delay, MAX_TIMER_DELAY));
    } else {
      // No way to refresh: the session ends with the token.
      timer = timers.setTimeout(tick, Math.min(Math.max(0, session.exp * 1000 - now()), MAX_TIMER_DELAY));
    }
  }

  function tick() {
    timer = null;
    const session = $session.get();
    if (!session) return;
    if (session.refreshToken ? refreshDelay(session.exp, now()) > 0 : !isExpired(session.exp, now())) schedule();
    else if (session.refreshToken) void refresh();
    else logout();
  }

  function adopt(session: Session | null, fresh = false) {
    $session.set(session);
    schedule(fresh);
  }

  /** Stores a token pair the server just issued. */
  function save(session: Session) {
    writeStoredSession(storage, session);
    adopt(session, true);
  }

  /** A newer token another tab stored, if any. */
  function newerStored(than: Session): Session | null {
    const stored = readStoredSession(storage);
    return stored && stored.token !== than.token && stored.exp >= than.exp && !isExpired(stored.exp, now()) ? stored : null;
  }

  /**
   * Exchanges the refresh token for a new pair. Tabs take turns (Web Locks) and each first looks for a
   * token another tab just stored: the shop API revokes the whole login when a rotated refresh token is
   * used twice, so two tabs must never send the same one.
   */
  function refresh(): Promise<boolean> {
    if (refreshing) return refreshing;
    const current = $session.get();
    if (!current) return Promise.resolve(false);
    refreshing = exclusive(async () => {
      const newer = newerStored(current);
      if (newer) {
        adopt(newer);
        return true;
      }
      if ($session.get()?.token !== current.token) return $session.get() !== null; // logged out or replaced meanwhile
      if (!current.refreshToken) {
        logout();
        return false;
      }
      try {
        const answer = await deps.client.refresh(current.refreshToken);
        const claims = decodeTokenClaims(answer.token);
        if (!claims) throw new Error(NO_AUTHENTICATION_DATA);
        if ($session.get()?.token !== current.token) return $session.get() !== null;
        save({ token: answer.token, refreshToken: answer.refresh_token, customerIri: current.customerIri, username: claims.username, exp: claims.exp });
        return true;
      } catch {
        // Without locks two tabs may still race: the one that lost finds the winner's token stored.
        const winner = newerStored(current);
        if (winner) {
          adopt(winner);
          return true;
        }
        if ($session.get()?.token === current.token) logout();
        return false;
      }
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function logout(options: { remote?: boolean } = {}) {
    clearTimer();
    const had = $session.get() !== null;
    if (!options.remote) writeStoredSession(storage, null);
    $session.set(null);
    if (had) for (const listener of logoutListeners) listener({ remote: options.remote ?? false });
  }

  /** Stores an authentication answer (login, registration followed by login, Google) and runs the login listeners. */
  async function authenticate(auth: Authentication): Promise<void> {
    const claims = decodeTokenClaims(auth.token);
    if (!claims) throw new Error(NO_AUTHENTICATION_DATA);
    redirecting = false;
    save({ token: auth.token, refreshToken: auth.refresh_token, customerIri: auth.customer, username: claims.username, exp: claims.exp });
    // The cart merge and the customer load finish before the caller navigates away.
    await Promise.allSettled([...loginListeners].map((listener) => listener(auth)));
  }

  function onOtherTab(key: string | null, newValue: string | null) {
    if (key !== null && key !== STORAGE_KEYS.token) return;
    if (newValue === null) {
      if ($session.get()) logout({ remote: true });
      return;
    }
    const stored = readStoredSession(storage);
    if (stored && stored.token !== $session.get()?.token) adopt(stored);
  }

  function token(): string | null {
    const session = $session.get();
    return session && !isExpired(session.exp, now()) ? session.token : null;
  }

  function start() {
    if (started) return;
    started = true;
    const stored = readStoredSession(storage);
    // An invalid stored value is dropped; an expired token without a refresh token ends the session.
    if (stored === null) writeStoredSession(storage, null);
    if (stored && (stored.refreshToken || !isExpired(stored.exp, now()))) {
      $session.set(stored);
      schedule();
    } else if (stored) {
      logout();
    }
    stopStorageEvents = (deps.storageEvents ?? browserStorageEvents())(onOtherTab);
    void (refreshing ?? Promise.resolve()).then(() => resolveReady());
  }

  return {
    $session: $session as ReadableAtom<Session | null>,
    $loggedIn,
    /** Resolves once the stored session is restored (and refreshed, when it had to be at once). */
    ready,

    /** Restores the stored session, schedules its refresh and listens to other tabs. Idempotent. */
    start,
    stop() {
      clearTimer();
      stopStorageEvents?.();
      stopStorageEvents = null;
      started = false;
    },

    /** The token to send, null when anonymous or expired. */
    token,
    /**
     * The token for the next call (the HTTP client's getter): waits for a refresh under way, and renews
     * an expired token first (a tab woken from sleep), so calls never go out anonymous by mistake.
     */
    async currentToken(): Promise<string | null> {
      if (refreshing) await refreshing;
      const session = $session.get();
      if (session?.refreshToken && isExpired(session.exp, now())) await refresh();
      return token();
    },
    customerIri: (): string | null => $session.get()?.customerIri ?? null,

    async login(credentials: Credentials): Promise<Authentication> {
      const auth = await deps.client.login(credentials);
      await authenticate(auth);
      return auth;
    },
    authenticate,
    refresh,
    logout: () => logout(),

    /** A 401 on an authenticated call: logout, then the login page remembering where the shopper was. */
    expire() {
      logout();
      const current = navigation.location();
      if (redirecting || isLoginPath(current.pathname, locale)) return;
      redirecting = true;
      navigation.replace(loginRedirect(current, locale));
    },

    /** After a successful login: back to the remembered path, or the account page, replacing history. */
    redirectAfterLogin() {
      navigation.replace(afterLoginTarget(navigation.location().search, locale));
    },

    /** Applies a route's guard once the session is restored; false when the shopper was sent elsewhere. */
    async guard(route: RouteName): Promise<boolean> {
      start();
      await ready;
      const target = guardRedirect(route, $loggedIn.get(), navigation.location(), locale);
      if (target !== null) navigation.replace(target);
      return target === null;
    },

    onLogin(listener: LoginListener): () => void {
      loginListeners.add(listener);
      return () => loginListeners.delete(listener);
    },
    onLogout(listener: LogoutListener): () => void {
      logoutListeners.add(listener);
      return () => logoutListeners.delete(listener);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;

/** Keeps `is-logged`/`is-anonymous` and `is-subscriber` on an element (document.body). */
export function bindBodyClasses(element: { classList: { toggle(name: string, force?: boolean): unknown } }, $loggedIn: ReadableAtom<boolean>, $subscriber: ReadableAtom<boolean>): () => void {
  const update = () => {
    const logged = $loggedIn.get();
    element.classList.toggle('is-logged', logged);
    element.classList.toggle('is-anonymous', !logged);
    element.classList.toggle('is-subscriber', logged && $subscriber.get());
  };
  const stops = [$loggedIn.subscribe(update), $subscriber.subscribe(update)];
  return () => stops.forEach((stop) => stop());
}

export { browserStorage };
