/**
 * The shopper's session. Logged in while the stored token's `exp` is in the future; refreshed before it
 * expires (refresh-timer.ts), one tab at a time (locks.ts); a failed refresh logs out; a 401 on an
 * authenticated call logs out and sends the shopper to the login page of their locale, where the guards
 * (lib/routes/guards.ts) decide the way back. Login and logout are shared between tabs through storage
 * events (stored.ts). No React here.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { afterLoginTarget, guardRedirect, isLoginPath, loginRedirect } from '../../lib/routes/guards.ts';
import type { RouteName } from '../../lib/routes/routes.ts';
import type { LocaleCode } from '../../lib/channels.ts';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { NO_AUTHENTICATION_DATA, type Credentials, type Authentication } from '../../lib/shop-api/authentication.ts';
import type { ShopClient } from '../../lib/shop-api/client.ts';
import {
  browserNavigation,
  browserStorageEvents,
  memoryStorage,
  safeStorage,
  systemTimers,
  type Navigation,
  type StorageEvents,
  type StorageLike,
  type Timers,
} from '../browser.ts';
import { browserLocks, underRefreshLock, type Locks } from './locks.ts';
import { createRefreshTimer } from './refresh-timer.ts';
import { isExpired, readStoredSession, sessionOf, writeStoredSession, type Session } from './stored.ts';

export { bindBodyClasses } from './body-classes.ts';
export { decodeTokenClaims, refreshDelay, type Session } from './stored.ts';
export type { Locks } from './locks.ts';

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

type LoginListener = (auth: Authentication) => Promise<unknown> | unknown;
type LogoutListener = (info: { remote: boolean }) => void;

export function createSessionStore(deps: SessionDeps) {
  const storage = safeStorage(deps.storage ?? memoryStorage());
  const now = deps.now ?? Date.now;
  const navigation = deps.navigation ?? browserNavigation;
  const locale = deps.locale;
  const exclusive = underRefreshLock(deps.locks === undefined ? browserLocks() : deps.locks);

  const $session = atom<Session | null>(null);
  const $loggedIn: ReadableAtom<boolean> = computed($session, (session) => session !== null && !isExpired(session.exp, now()));
  const loginListeners = new Set<LoginListener>();
  const logoutListeners = new Set<LogoutListener>();
  const timer = createRefreshTimer({
    timers: deps.timers ?? systemTimers,
    now,
    session: () => $session.get(),
    refresh: () => refresh(),
    expire: () => logout(),
  });

  let refreshing: Promise<boolean> | null = null;
  let started = false;
  let stopStorageEvents: (() => void) | null = null;
  let redirecting = false;
  /** Sign-ins made on this page (guard()). */
  let logins = 0;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  function adopt(session: Session | null, fresh = false) {
    $session.set(session);
    timer.schedule(fresh);
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
   * Exchanges the refresh token for a new pair. Tabs take turns and each first looks for a token another
   * tab just stored, so two tabs never send the same refresh token.
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
        const renewed = sessionOf(answer.token, answer.refresh_token, current.customerIri);
        if (!renewed) throw new Error(NO_AUTHENTICATION_DATA);
        if ($session.get()?.token !== current.token) return $session.get() !== null;
        save(renewed);
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
    timer.clear();
    const had = $session.get() !== null;
    if (!options.remote) writeStoredSession(storage, null);
    $session.set(null);
    if (had) for (const listener of logoutListeners) listener({ remote: options.remote ?? false });
  }

  /** Stores an authentication answer (login, registration followed by login, Google) and runs the login listeners. */
  async function authenticate(auth: Authentication): Promise<void> {
    const session = sessionOf(auth.token, auth.refresh_token, auth.customer);
    if (!session) throw new Error(NO_AUTHENTICATION_DATA);
    redirecting = false;
    logins += 1;
    save(session);
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
      timer.schedule();
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
      timer.clear();
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
      // Signed in on this page, the shopper is sent on by the form that signed them in (PasswordStep, RegisterForm,
      // SocialLogin). A guard running later (its island hydrated after the shopper used the pre-rendered form) would
      // only send them a second time; signed in, an authenticated page has nothing to refuse.
      if (logins > 0 && $loggedIn.get()) return true;
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
