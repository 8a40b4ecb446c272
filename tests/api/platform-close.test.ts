/**
 * Closing the platform stops everything it started: a poll left behind (the payment sandbox's webhook
 * deliveries) would keep querying a closed database and log an error every 30 seconds in a long-lived
 * process that opens and closes platforms (the API tests, the benchmarks).
 */
import { expect, it, vi } from 'vitest';
import { preparePlatform } from '../../src/backend/platform.ts';

it('clears every interval it started once closed', async () => {
  const started = new Set<ReturnType<typeof setInterval>>();
  const setInterval = globalThis.setInterval;
  const spy = vi.spyOn(globalThis, 'setInterval').mockImplementation(((...args: Parameters<typeof setInterval>) => {
    const handle = setInterval(...args);
    started.add(handle);
    return handle;
  }) as typeof setInterval);
  const cleared = vi.spyOn(globalThis, 'clearInterval');
  try {
    const platform = await preparePlatform({ dataDir: 'memory://', env: { JWT_SECRET: 'k'.repeat(48) } });
    expect(started.size).toBeGreaterThan(0);
    await platform.close();
    const stopped = new Set<unknown>(cleared.mock.calls.map(([handle]) => handle));
    expect([...started].filter((handle) => !stopped.has(handle))).toEqual([]);
  } finally {
    spy.mockRestore();
    cleared.mockRestore();
  }
});
