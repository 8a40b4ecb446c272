/**
 * Which pictures a build uses (src/site/picture-availability.ts): a picture the content service names
 * but cannot give leaves the build going (the page does without), it never stops it.
 */
import { describe, expect, it } from 'vitest';
import { pictureAvailability } from '../../../src/site/picture-availability.ts';

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
    const isAvailable = pictureAvailability((url) => url.startsWith(base), fetchImpl);
    const urls = Object.keys(answers).map((name) => `${base}/${name}`);
    const asking = [...urls, `${base}/a.png`, 'https://elsewhere.test/x.png'];
    const usable = (await Promise.all(asking.map(async (url) => ((await isAvailable(url)) ? url : undefined)))).filter(Boolean);
    expect(usable).toEqual([`${base}/a.png`, `${base}/e.png`, `${base}/a.png`]);
    // Each allowed picture is asked about once, with HEAD, however many pages show it; a host the build may
    // not fetch from, never; and a picture no page needs, never either.
    expect(await isAvailable(`${base}/e.png`)).toBe(true);
    expect(asked.map((a) => a.url).sort()).toEqual(urls);
    expect(new Set(asked.map((a) => a.method))).toEqual(new Set(['HEAD']));
  });

  it('ask about many at once, but not more than sixteen', async () => {
    let inFlight = 0;
    let most = 0;
    const fetchImpl = (async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const isAvailable = pictureAvailability(() => true, fetchImpl);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => isAvailable(`${base}/${i}.png`)));
    expect(answers.every(Boolean)).toBe(true);
    expect(most).toBe(16);
  });
});
