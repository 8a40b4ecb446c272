/**
 * The encoded pictures the builds share (src/site/picture-cache.ts): a file is made once, by whichever build
 * asks first; a build asking while another makes it waits for that file; a stopped build's claim does not
 * hold the others back.
 */
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { madeOnce } from '../../../src/site/picture-cache.ts';

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'picture-cache-'));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

describe('the shared picture files', () => {
  it('are made once, then read by every build that asks, and leave no claim or partial file behind', async () => {
    const dir = folder();
    let made = 0;
    const make = async () => {
      made += 1;
      return new Uint8Array([1, 2, 3]);
    };
    expect([...(await madeOnce(dir, 'key', make))]).toEqual([1, 2, 3]);
    expect([...(await madeOnce(dir, 'key', make))]).toEqual([1, 2, 3]);
    expect(made).toBe(1);
    expect(readdirSync(dir)).toEqual(['key']);
  });

  it('are awaited, not made again, while another build makes them', async () => {
    const dir = folder();
    let made = 0;
    let finish: (data: Uint8Array) => void = () => {};
    // The second build asks once the first is making the file (has claimed it), whatever the machine's speed.
    const making = Promise.withResolvers<void>();
    const first = madeOnce(dir, 'key', () => {
      made += 1;
      making.resolve();
      return new Promise<Uint8Array>((resolve) => {
        finish = resolve;
      });
    });
    await making.promise;
    const second = madeOnce(dir, 'key', async () => {
      made += 1;
      return new Uint8Array([9]);
    });
    // Long enough for the second to find the claim and wait on it; shorter or longer, the result is the same.
    await new Promise((resolve) => setTimeout(resolve, 100));
    finish(new Uint8Array([7]));
    expect([...(await first)]).toEqual([7]);
    expect([...(await second)]).toEqual([7]);
    expect(made).toBe(1);
  });

  it('are made here when another build claimed them and stopped (its claim over a minute old)', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'key.encoding'), '12345');
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(dir, 'key.encoding'), old, old);
    expect([...(await madeOnce(dir, 'key', async () => new Uint8Array([5])))]).toEqual([5]);
  });
});
