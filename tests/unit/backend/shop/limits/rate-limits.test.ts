/** The bounded semaphore of password hashing, and the client address the rate limits count by. */
import { describe, expect, it } from 'vitest';
import type { Context } from 'hono';
import { KeyedSemaphore, QueueFull, Semaphore } from '../../../../../src/backend/shop/limits/semaphore.ts';
import { clientAddress, normalisedAddress, UNKNOWN_ADDRESS } from '../../../../../src/backend/shop/limits/client-address.ts';
import { trustedProxyHops } from '../../../../../src/backend/config/proxies.ts';
import { RATE_LIMITS, PASSWORD_HASHING } from '../../../../../src/backend/shop/limits/policy.ts';

/** A task that runs until told to finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('runs at most `concurrency` tasks, queues at most `maxQueue`, refuses the rest at once', async () => {
    const semaphore = new Semaphore(2, 3);
    let running = 0;
    let peak = 0;
    const gates = Array.from({ length: 8 }, gate);
    const results = gates.map((g, i) =>
      semaphore
        .run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await g.opened;
          running -= 1;
          return i;
        })
        .catch((error: unknown) => error),
    );
    await tick();
    expect([semaphore.running, semaphore.waiting]).toEqual([2, 3]);
    const settled = await Promise.race([Promise.all(results.slice(5)), tick().then(() => 'pending')]);
    expect(settled).not.toBe('pending');
    for (const refused of await Promise.all(results.slice(5))) expect(refused).toBeInstanceOf(QueueFull);
    for (const g of gates) g.open();
    expect(await Promise.all(results.slice(0, 5))).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(semaphore.idle).toBe(true);
  });

  it('serves the queue first come, first served, and frees the slot of a task that throws', async () => {
    const semaphore = new Semaphore(1, 5);
    const order: number[] = [];
    const first = gate();
    const running = semaphore.run(async () => {
      await first.opened;
      throw new Error('boom');
    });
    const queued = [1, 2, 3].map((n) =>
      semaphore.run(async () => {
        order.push(n);
      }),
    );
    first.open();
    await expect(running).rejects.toThrow('boom');
    await Promise.all(queued);
    expect(order).toEqual([1, 2, 3]);
    expect(semaphore.idle).toBe(true);
  });

  it('a release called twice frees one slot only', async () => {
    const semaphore = new Semaphore(1, 0);
    const release = await semaphore.acquire();
    release();
    release();
    const again = await semaphore.acquire();
    await expect(semaphore.acquire()).rejects.toBeInstanceOf(QueueFull);
    again();
  });

  it('serves normal priority before low, and a normal arrival at a full line bumps the last low waiter', async () => {
    const semaphore = new Semaphore(1, 2);
    const first = gate();
    const running = semaphore.run(() => first.opened);
    const order: string[] = [];
    const lowA = semaphore
      .run(async () => {
        order.push('lowA');
      }, 'low')
      .catch((error: unknown) => error);
    const lowB = semaphore
      .run(async () => {
        order.push('lowB');
      }, 'low')
      .catch((error: unknown) => error);
    await tick();
    // Full: another low one is refused, a normal one takes lowB's place.
    expect([semaphore.wouldRefuse('low'), semaphore.wouldRefuse('normal')]).toEqual([true, false]);
    await expect(semaphore.run(async () => {}, 'low')).rejects.toBeInstanceOf(QueueFull);
    const normal = semaphore.run(async () => {
      order.push('normal');
    });
    expect(await lowB).toBeInstanceOf(QueueFull);
    first.open();
    await Promise.all([running, normal, lowA]);
    expect(order).toEqual(['normal', 'lowA']);
    // A normal arrival at a line full of normal waiters is refused.
    const block = gate();
    const busy = semaphore.run(() => block.opened);
    const waiting = [semaphore.run(async () => {}), semaphore.run(async () => {})];
    expect(semaphore.wouldRefuse('normal')).toBe(true);
    await expect(semaphore.run(async () => {})).rejects.toBeInstanceOf(QueueFull);
    block.open();
    await Promise.all([busy, ...waiting]);
    expect(semaphore.idle).toBe(true);
  });

  it('keeps slots beyond `lowConcurrency` for normal tasks', async () => {
    const semaphore = new Semaphore(2, 4, 1);
    const gates = [gate(), gate(), gate()];
    const lows = [semaphore.run(() => gates[0]!.opened, 'low'), semaphore.run(() => gates[1]!.opened, 'low')];
    await tick();
    expect([semaphore.running, semaphore.waiting]).toEqual([1, 1]);
    // The kept slot: a normal task starts at once, beside the running low one.
    let started = false;
    const normal = semaphore.run(async () => {
      started = true;
      await gates[2]!.opened;
    });
    await tick();
    expect(started).toBe(true);
    expect([semaphore.running, semaphore.waiting]).toEqual([2, 1]);
    // When the normal task ends, the waiting low one still may not take its slot: it waits for the low one.
    gates[2]!.open();
    await normal;
    expect([semaphore.running, semaphore.waiting]).toEqual([1, 1]);
    gates[0]!.open();
    await lows[0];
    await tick();
    expect([semaphore.running, semaphore.waiting]).toEqual([1, 0]);
    gates[1]!.open();
    await lows[1];
    expect(semaphore.idle).toBe(true);
  });

  it('refuses nonsense bounds', () => {
    expect(() => new Semaphore(0, 1)).toThrow(RangeError);
    expect(() => new Semaphore(1, -1)).toThrow(RangeError);
    expect(() => new Semaphore(2, 1, 3)).toThrow(RangeError);
  });
});

describe('KeyedSemaphore', () => {
  it('bounds each key on its own and forgets idle keys', async () => {
    const perAddress = new KeyedSemaphore(1, 1);
    const a = gate();
    const b = gate();
    const first = perAddress.run('a', () => a.opened);
    const second = perAddress.run('a', async () => 'second');
    await expect(perAddress.run('a', async () => 'third')).rejects.toBeInstanceOf(QueueFull);
    // Another key is not concerned.
    const other = perAddress.run('b', () => b.opened);
    expect(perAddress.size).toBe(2);
    a.open();
    b.open();
    await Promise.all([first, other]);
    expect(await second).toBe('second');
    expect(perAddress.size).toBe(0);
  });
});

describe('client address', () => {
  const context = (socket: string | undefined, forwardedFor?: string) =>
    ({
      env:
        socket === undefined
          ? undefined
          : { incoming: { socket: { remoteAddress: socket, remotePort: 40000, remoteFamily: socket.includes(':') ? 'IPv6' : 'IPv4' } } },
      req: { header: (name: string) => (name.toLowerCase() === 'x-forwarded-for' ? forwardedFor : undefined) },
    }) as unknown as Context;

  it('is the socket peer unless proxies are trusted', () => {
    expect(clientAddress(context('198.51.100.7', '203.0.113.1'), 0)).toBe('198.51.100.7');
    expect(clientAddress(context(undefined, '203.0.113.1'), 0)).toBe(UNKNOWN_ADDRESS);
  });

  it('with N trusted hops, takes the entry N places from the right of X-Forwarded-For + peer', () => {
    // The client wrote "1.1.1.1" itself; our load balancer appended the real client, 203.0.113.9.
    expect(clientAddress(context('10.0.0.2', '1.1.1.1, 203.0.113.9'), 1)).toBe('203.0.113.9');
    // Two proxies of ours: CDN then load balancer.
    expect(clientAddress(context('10.0.0.2', '1.1.1.1, 203.0.113.9, 172.16.0.5'), 2)).toBe('203.0.113.9');
    // Fewer entries than hops: the leftmost one.
    expect(clientAddress(context('10.0.0.2', '203.0.113.9'), 3)).toBe('203.0.113.9');
    // No header: the peer itself. Garbage: the peer too.
    expect(clientAddress(context('10.0.0.2'), 1)).toBe('10.0.0.2');
    expect(clientAddress(context('10.0.0.2', 'not-an-address'), 1)).toBe('10.0.0.2');
  });

  it('counts IPv4-mapped addresses as IPv4 and IPv6 by /64', () => {
    expect(normalisedAddress('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(normalisedAddress('2001:DB8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(normalisedAddress('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(normalisedAddress('[2001:db8::1]:443')).toBe('2001:db8:0:0::/64');
    expect(normalisedAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(normalisedAddress('203.0.113.7:4711')).toBe('203.0.113.7');
    expect(normalisedAddress('::1')).toBe('0:0:0:0::/64');
    expect(normalisedAddress('unknown')).toBeNull();
    expect(normalisedAddress('999.1.1.1')).toBeNull();
  });

  it('reads TRUST_PROXY as a small number of hops, refusing anything else', () => {
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: '' })).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY: '2' })).toBe(2);
    expect(() => trustedProxyHops({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => trustedProxyHops({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });
});

describe('policy', () => {
  it('keeps every limit and bound positive, and a reset mail per hour at most three', () => {
    for (const limit of Object.values(RATE_LIMITS)) {
      expect(limit.points).toBeGreaterThan(0);
      expect(limit.seconds).toBeGreaterThan(0);
    }
    expect(RATE_LIMITS.resetEmail).toEqual({ points: 3, seconds: 3600 });
    expect(PASSWORD_HASHING.concurrency).toBeGreaterThanOrEqual(1);
    expect(PASSWORD_HASHING.concurrency).toBeLessThanOrEqual(4);
  });
});
