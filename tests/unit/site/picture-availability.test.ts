/**
 * Which pictures a build uses (src/site/picture-availability.ts): a picture the content service names
 * but cannot give leaves the build going (the page does without), it never stops it.
 */
import { describe, expect, it } from 'vitest';
import { availablePictureUrls } from '../../../src/site/picture-availability.ts';

const base = 'http://content.test/content/uploads';

describe('the pictures a build can use', () => {
  it('are those allowed that answer a HEAD with a 2xx; a 404, a server error or a refused connection leave them out', async () => {
    const asked: Array<{ url: string; method: string | undefined }> = [];
    const answers: Record<string, number | 'refused'> = { 'a.png': 200, 'b.png': 404, 'c.png': 500, 'd.png': 'refused', 'e.png': 204 };
    const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
      asked.push({ url: String(url), method: init?.method });
      const answer = answers[String(url).split('/').at(-1)!]!;
      if (answer === 'refused') throw new TypeError('fetch failed');
      return new Response(null, { status: answer });
    }) as typeof fetch;
    const urls = Object.keys(answers).map((name) => `${base}/${name}`);
    const usable = await availablePictureUrls(
      [...urls, `${base}/a.png`, 'https://elsewhere.test/x.png'],
      (url) => url.startsWith(base),
      fetchImpl,
    );
    expect([...usable].sort()).toEqual([`${base}/a.png`, `${base}/e.png`]);
    // Each allowed picture is asked about once, with HEAD; a host the build may not fetch from, never.
    expect(asked.map((a) => a.url).sort()).toEqual(urls);
    expect(new Set(asked.map((a) => a.method))).toEqual(new Set(['HEAD']));
  });

  it('ask about many at once, not one after the other', async () => {
    let inFlight = 0;
    let most = 0;
    const fetchImpl = (async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const urls = Array.from({ length: 100 }, (_, i) => `${base}/${i}.png`);
    expect((await availablePictureUrls(urls, () => true, fetchImpl)).size).toBe(100);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(16);
  });
});
