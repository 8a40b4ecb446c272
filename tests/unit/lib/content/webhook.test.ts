import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  channelsConcerned,
  judgeWebhook,
  rebuildQueue,
  replayMemory,
  signedHeaders,
  signWebhook,
  WEBHOOK_MAX_AGE_MS,
  type BuildChannel,
} from '../../../../src/lib/content/webhook.ts';
import { publishReceiver } from '../../../../src/lib/content/publish-receiver.ts';

const secret = 'a-shared-secret-of-some-length';
const now = new Date('2026-11-21T10:00:00.000Z');
const publish = {
  event: 'entry.publish',
  createdAt: now.toISOString(),
  model: 'b2c-product',
  entry: { documentId: 'DOG-DRY', locale: 'fr' },
};

/** A delivery as the content service signs it, at `at`. */
async function delivery(payload: object = publish, at = now) {
  const body = JSON.stringify(payload);
  const headers = await signedHeaders(secret, (payload as { event: string }).event, body, at);
  return { event: headers['X-Strapi-Event'], signature: headers['X-Webhook-Signature'], timestamp: headers['X-Webhook-Timestamp'], body };
}

const judge = (request: Awaited<ReturnType<typeof delivery>>, replays = replayMemory(), at = now) =>
  judgeWebhook(request, { secret, now: at, replays });

describe('content webhooks', () => {
  it('sign the timestamp and the body with HMAC-SHA256 (a known vector)', async () => {
    // printf '1700000000.{}' | openssl dgst -sha256 -hmac key
    expect(await signWebhook('key', 1_700_000_000, '{}')).toBe('sha256=9d713ed406bb7076d4123f0dc2c39d2df5c654ed4b0cd56b52c8b4c940bd63ae');
  });

  it('rebuild the channels concerned on a signed, fresh publish event', async () => {
    expect(await judge(await delivery())).toEqual({ rebuild: true, model: 'b2c-product', event: 'entry.publish', channels: ['fr', 'be'] });
    const dutchPage = { ...publish, model: 'b2c-page', entry: { documentId: 'livraison', locale: 'nl' } };
    expect(await judge(await delivery(dutchPage))).toMatchObject({ rebuild: true, channels: ['be'] });
  });

  it('refuse a bad signature, a body changed after signing, a missing signature', async () => {
    const good = await delivery();
    expect(await judge({ ...good, signature: `sha256=${'0'.repeat(64)}` })).toMatchObject({
      rebuild: false,
      status: 401,
      reason: 'Bad signature',
    });
    expect(await judge({ ...good, body: good.body.replace('DOG-DRY', 'CAT-DRY') })).toMatchObject({ rebuild: false, status: 401 });
    expect(await judge({ ...good, signature: null } as never)).toMatchObject({ rebuild: false, status: 401 });
    const other = await signedHeaders('another-secret-entirely-here', 'entry.publish', good.body, now);
    expect(await judge({ ...good, signature: other['X-Webhook-Signature'] })).toMatchObject({ rebuild: false, status: 401 });
  });

  it('refuse an event older (or later) than five minutes, whatever its signature', async () => {
    const old = await delivery(publish, new Date(now.getTime() - WEBHOOK_MAX_AGE_MS - 1000));
    expect(await judge(old)).toMatchObject({ rebuild: false, status: 401, reason: 'Expired timestamp' });
    const future = await delivery(publish, new Date(now.getTime() + WEBHOOK_MAX_AGE_MS + 1000));
    expect(await judge(future)).toMatchObject({ rebuild: false, status: 401 });
    const recent = await delivery(publish, new Date(now.getTime() - WEBHOOK_MAX_AGE_MS + 1000));
    expect(await judge(recent)).toMatchObject({ rebuild: true });
  });

  it('refuse a replay of an accepted event', async () => {
    const replays = replayMemory();
    const event = await delivery();
    expect(await judge(event, replays)).toMatchObject({ rebuild: true });
    expect(await judge(event, replays, new Date(now.getTime() + 60_000))).toMatchObject({
      rebuild: false,
      status: 401,
      reason: 'Replayed event',
    });
  });

  it('keep a bounded replay memory: forgotten once expired, and never more than its capacity', () => {
    const memory = replayMemory(3);
    const t = now.getTime();
    for (const s of ['a', 'b', 'c', 'd']) expect(memory.remember(s, t)).toBe(true);
    expect(memory.size).toBe(3);
    expect(memory.remember('d', t)).toBe(false);
    expect(memory.remember('e', t + WEBHOOK_MAX_AGE_MS + 1)).toBe(true);
    expect(memory.size).toBe(1);
  });

  it('refuse a malformed body or a header that contradicts it, and ignore events that change nothing shown', async () => {
    expect(await judge(await delivery({ event: 'entry.publish', hello: 'world' }))).toMatchObject({ rebuild: false, status: 400 });
    expect(await judge({ ...(await delivery()), event: 'entry.delete' })).toMatchObject({ rebuild: false, status: 400 });
    expect(await judge(await delivery({ ...publish, event: 'media.create' }))).toMatchObject({ rebuild: false, status: 202 });
  });

  it('say which channels an entry concerns: Dutch texts the BE site only, prices both', () => {
    expect(channelsConcerned({ model: 'b2c-faq', entry: { locale: 'nl' } })).toEqual(['be']);
    expect(channelsConcerned({ model: 'b2c-faq', entry: { locale: 'fr' } })).toEqual(['fr', 'be']);
    expect(channelsConcerned({ model: 'b2c-product', entry: { locale: 'nl' } })).toEqual(['fr', 'be']);
  });
});

describe('publish receiver', () => {
  afterEach(() => vi.useRealTimers());

  it('answers 202 and asks a rebuild for a good event, 401 for a replay of it, 405 for a GET', async () => {
    const rebuild = vi.fn();
    const receive = publishReceiver({ secret, replays: replayMemory(), rebuild, clock: () => now });
    const event = await delivery();
    const post = () =>
      receive(
        new Request('http://receiver.test/', {
          method: 'POST',
          body: event.body,
          headers: { 'X-Strapi-Event': event.event!, 'X-Webhook-Signature': event.signature!, 'X-Webhook-Timestamp': event.timestamp! },
        }),
      );
    expect((await post()).status).toBe(202);
    expect(rebuild).toHaveBeenCalledWith(['fr', 'be'], 'b2c-product');
    expect((await post()).status).toBe(401);
    expect((await receive(new Request('http://receiver.test/'))).status).toBe(405);
    expect(rebuild).toHaveBeenCalledTimes(1);
  });

  it('turns a burst of 20 publishes into at most two builds', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    const builds: BuildChannel[][] = [];
    let release: () => void = () => {};
    const queue = rebuildQueue(
      (channels) =>
        new Promise<void>((resolve) => {
          builds.push(channels);
          release = resolve;
        }),
      1000,
    );
    const receive = publishReceiver({ secret, replays: replayMemory(), rebuild: (channels) => queue.request(channels) });
    for (let i = 0; i < 20; i += 1) {
      const event = await delivery({ ...publish, entry: { documentId: `SKU-${i}`, locale: i % 2 ? 'nl' : 'fr' } });
      const response = await receive(
        new Request('http://receiver.test/', {
          method: 'POST',
          body: event.body,
          headers: { 'X-Webhook-Signature': event.signature!, 'X-Webhook-Timestamp': event.timestamp! },
        }),
      );
      expect(response.status).toBe(202);
      // The editor saves one product every 300 ms, and the first build starts in the middle of the burst.
      await vi.advanceTimersByTimeAsync(i === 9 ? 1000 : 300);
    }
    await vi.advanceTimersByTimeAsync(5000);
    release();
    await vi.advanceTimersByTimeAsync(5000);
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(builds).toEqual([
      ['fr', 'be'],
      ['fr', 'be'],
    ]);
  });
});

describe('rebuild queue', () => {
  afterEach(() => vi.useRealTimers());

  it('coalesces a burst into one build and runs one more for events during a build', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const build = vi.fn(
      (_channels: BuildChannel[]) =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const queue = rebuildQueue(build, 1000);
    queue.request(['be']);
    queue.request(['be']);
    queue.request(['be']);
    await vi.advanceTimersByTimeAsync(999);
    expect(build).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(build).toHaveBeenCalledTimes(1);
    expect(build).toHaveBeenLastCalledWith(['be']);
    queue.request(['fr']);
    queue.request(['be']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(build).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(build).toHaveBeenCalledTimes(2);
    expect(build).toHaveBeenLastCalledWith(['fr', 'be']);
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
