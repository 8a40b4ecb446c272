import { describe, expect, it } from 'vitest';
import { TOKEN_REFRESH_BEFORE_MS } from '../../../../src/lib/constants.ts';
import type { Timers } from '../../../../src/stores/browser.ts';
import { createRefreshTimer } from '../../../../src/stores/session/refresh-timer.ts';
import type { Session } from '../../../../src/stores/session/stored.ts';

/** 15 June 2026 10:00 UTC, in ms. */
const NOW = Date.UTC(2026, 5, 15, 10, 0, 0);

function setup(session: Session | null) {
  let now = NOW;
  const pending = new Map<number, { at: number; callback: () => void }>();
  let next = 1;
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      pending.set(next, { at: now + ms, callback });
      return next++;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  const log: string[] = [];
  const timer = createRefreshTimer({
    timers,
    now: () => now,
    session: () => session,
    refresh: () => log.push(`refresh at ${now - NOW}`),
    expire: () => log.push(`expire at ${now - NOW}`),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const [id, entry] of [...pending])
      if (entry.at <= now) {
        pending.delete(id);
        entry.callback();
      }
  };
  return { timer, log, advance, pending };
}

const session = (expInMs: number, refreshToken: string | null = 'r'): Session => ({
  token: 't',
  refreshToken,
  customerIri: '/c/7',
  username: 'u',
  exp: (NOW + expInMs) / 1000,
});

describe('session refresh timer', () => {
  it('refreshes 10 minutes before expiry', () => {
    const { timer, log, advance } = setup(session(3_600_000));
    timer.schedule();
    advance(3_600_000 - TOKEN_REFRESH_BEFORE_MS - 1);
    expect(log).toEqual([]);
    advance(1);
    expect(log).toEqual([`refresh at ${3_600_000 - TOKEN_REFRESH_BEFORE_MS}`]);
  });
  it('refreshes at once inside the window, but a fresh short token only halfway through its life', () => {
    const late = setup(session(60_000));
    late.timer.schedule();
    expect(late.log).toEqual(['refresh at 0']);
    const fresh = setup(session(60_000));
    fresh.timer.schedule(true);
    expect(fresh.log).toEqual([]);
    fresh.advance(30_000);
    expect(fresh.log).toEqual(['refresh at 30000']);
  });
  it('ends a session without refresh token when its token expires, and plans nothing once cleared', () => {
    const { timer, log, advance, pending } = setup(session(120_000, null));
    timer.schedule();
    advance(120_000);
    expect(log).toEqual(['expire at 120000']);
    timer.schedule();
    timer.clear();
    expect(pending.size).toBe(0);
  });
});
