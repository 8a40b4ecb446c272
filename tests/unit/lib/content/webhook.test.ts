import { describe, expect, it, vi } from 'vitest';
import { judgeWebhook, rebuildQueue } from '../../../../src/lib/content/webhook.ts';

const publish = { event: 'entry.publish', createdAt: '2026-11-21T10:00:00.000Z', model: 'b2c-product', entry: { id: 1, sku: 'DOG-DRY' } };

describe('content webhooks', () => {
  it('rebuild on a publish event with the right token', () => {
    expect(judgeWebhook({ event: 'entry.publish', authorization: 'Bearer s3cret' }, publish, 's3cret')).toEqual({
      rebuild: true,
      model: 'b2c-product',
    });
  });
  it('refuse a wrong token, a malformed body or a header that contradicts the body', () => {
    expect(judgeWebhook({ authorization: 'Bearer nope' }, publish, 's3cret')).toMatchObject({ rebuild: false, status: 401 });
    expect(judgeWebhook({}, { hello: 'world' })).toMatchObject({ rebuild: false, status: 400 });
    expect(judgeWebhook({ event: 'entry.delete' }, publish)).toMatchObject({ rebuild: false, status: 400 });
  });
  it('ignore events that change nothing shown', () => {
    expect(judgeWebhook({}, { ...publish, event: 'media.create' })).toMatchObject({ rebuild: false, status: 202 });
  });
});

describe('rebuild queue', () => {
  it('coalesces a burst into one build and runs one more for events during a build', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const build = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const queue = rebuildQueue(build, 1000);
    queue.request();
    queue.request();
    queue.request();
    await vi.advanceTimersByTimeAsync(999);
    expect(build).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(build).toHaveBeenCalledTimes(1);
    queue.request();
    queue.request();
    await vi.advanceTimersByTimeAsync(1000);
    expect(build).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(build).toHaveBeenCalledTimes(2);
    release();
    vi.useRealTimers();
  });
});
