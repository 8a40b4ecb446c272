/** The build watch (src/page-scripts/build-watch.ts): its rule, and its weight on every page. */
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { buildWatcher } from '../../../src/page-scripts/build-watch.ts';
import { staticClosure } from '../../support/static-closure.ts';

describe('build watch', () => {
  it('takes the first id as the page’s own, and raises the notice once, on the first id that differs', async () => {
    const ids = ['fr-1', 'fr-1', null, 'fr-2', 'fr-3', 'fr-1'];
    const latest = vi.fn(async () => ids.shift() ?? null);
    const onNewBuild = vi.fn();
    const check = buildWatcher(latest, onNewBuild);
    await check();
    await check();
    await check();
    expect(onNewBuild).not.toHaveBeenCalled();
    await check();
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    await check();
    await check();
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    // Once the notice is up there is nothing more to learn: no more requests.
    expect(latest).toHaveBeenCalledTimes(4);
  });

  it('treats an unanswered poll as no news (offline, a deploy in progress)', async () => {
    const onNewBuild = vi.fn();
    const answers: Array<() => Promise<string | null>> = [
      async () => 'be-1',
      () => Promise.reject(new TypeError('offline')),
      async () => 'be-1',
    ];
    const check = buildWatcher(() => answers.shift()!(), onNewBuild);
    for (let i = 0; i < 3; i += 1) await check();
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it('imports nothing and weighs at most 1.5 KB gzipped even unminified (it runs on every page)', async () => {
    const entry = 'src/page-scripts/build-watch.ts';
    expect((await staticClosure(entry)).modules).toEqual([entry]);
    // Its code without types or comments: the bundler's minified chunk can only be smaller.
    const code = stripTypeScriptTypes(readFileSync(entry, 'utf8')).replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    expect(gzipSync(code).length).toBeLessThanOrEqual(1536);
  });
});
