/**
 * When the session is refreshed: 10 minutes before its token expires (at once when already inside that
 * window), or, without a refresh token, ended when the token expires. A token the server just issued that
 * lives less than 10 minutes is refreshed halfway through its life instead, so short tokens never loop.
 * Timers longer than a browser takes are cut and re-planned when they fire.
 */
import { MAX_TIMER_DELAY, type Timers } from '../browser.ts';
import { isExpired, refreshDelay, type Session } from './stored.ts';

export interface RefreshTimerDeps {
  timers: Timers;
  now: () => number;
  session: () => Session | null;
  refresh: () => unknown;
  /** The token expired with no way to refresh it. */
  expire: () => void;
}

export function createRefreshTimer(deps: RefreshTimerDeps) {
  const { timers, now } = deps;
  let timer: unknown = null;

  function clear(): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  function schedule(fresh = false): void {
    clear();
    const session = deps.session();
    if (!session) return;
    if (session.refreshToken) {
      let delay = refreshDelay(session.exp, now());
      if (delay === 0 && fresh) delay = Math.max(1000, (session.exp * 1000 - now()) / 2);
      if (delay === 0) {
        void deps.refresh();
        return;
      }
      timer = timers.setTimeout(tick, Math.min(delay, MAX_TIMER_DELAY));
    } else {
      timer = timers.setTimeout(tick, Math.min(Math.max(0, session.exp * 1000 - now()), MAX_TIMER_DELAY));
    }
  }

  function tick(): void {
    timer = null;
    const session = deps.session();
    if (!session) return;
    if (session.refreshToken ? refreshDelay(session.exp, now()) > 0 : !isExpired(session.exp, now())) schedule();
    else if (session.refreshToken) void deps.refresh();
    else deps.expire();
  }

  return { schedule, clear };
}
