import { describe, expect, it } from 'vitest';
import { createQueue } from '../../../../src/stores/cart/queue.ts';

describe('cart queue', () => {
  it('runs operations one after the other, in the order they came', async () => {
    const enqueue = createQueue();
    const log: string[] = [];
    let release: () => void = () => {};
    const first = enqueue(async () => {
      log.push('first starts');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      log.push('first ends');
      return 1;
    });
    const second = enqueue(async () => {
      log.push('second');
      return 2;
    });
    await Promise.resolve();
    expect(log).toEqual(['first starts']);
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(log).toEqual(['first starts', 'first ends', 'second']);
  });
  it('goes on after a failed operation, which still rejects for its caller', async () => {
    const enqueue = createQueue();
    const failed = enqueue(async () => {
      throw new Error('refused');
    });
    const next = enqueue(async () => 'done');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('done');
  });
});
