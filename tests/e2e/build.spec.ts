/**
 * The build walks the route table: every route exists in both languages of the BE site and in the FR
 * site, and every hreflang alternate points at a page that exists.
 */
import { expect, target, test } from './helpers.ts';
import { routes as routeTable } from '../../src/lib/routes/routes.ts';

const routes = Object.entries(routeTable).map(([name, def]) => ({ name, fr: def.fr as string, nl: def.nl as string }));
const sites = target.sites;

test.describe.configure({ mode: 'serial' });

/**
 * The addresses that do not answer 200 by themselves (no redirect followed): asked with HEAD, a few at a
 * time, since only the status matters (a full page is 58 KB, and there are thousands). Asked by the
 * worker's own fetch: Playwright's request context would carry each of them through its driver process,
 * which cost more than the answers themselves.
 */
async function notFound(asked: Array<{ url: string; name?: string }>): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...asked];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const res = await fetch(next.url, { method: 'HEAD', redirect: 'manual' });
      if (res.status !== 200) failures.push(`${next.url} → ${res.status}${next.name ? ` (${next.name})` : ''}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return failures.sort();
}

test('every route of the table exists on each site and in each language', async () => {
  expect(routes.length).toBeGreaterThan(40);
  const fill = (pattern: string) =>
    pattern
      .replace(/\[\.\.\.category\]/, '__CATEGORY__')
      .replace(/\[[^\]]+\?\]\//g, '')
      .replace(/\[[^\]]+\]/g, '1');
  const asked: Array<{ url: string; name?: string }> = [];
  for (const [site, prefixes] of [
    [sites.fr, ['fr']],
    [sites.be, ['fr', 'nl']],
  ] as const) {
    for (const route of routes) {
      for (const language of prefixes) {
        const pattern = language === 'nl' ? `/nl${route[language]}` : route[language];
        if (
          pattern.includes('[page]') ||
          pattern.includes('[landing]') ||
          pattern.includes('[shop]') ||
          pattern.includes('[product]') ||
          pattern.includes('[sample]') ||
          pattern.includes('[status]')
        )
          continue;
        const path = fill(pattern).replace('__CATEGORY__', language === 'nl' ? 'hond' : 'chien');
        asked.push({ url: new URL(path, site).href, name: route.name });
      }
    }
  }
  const missing = await notFound(asked);
  expect(missing).toEqual([]);
});

test('every hreflang alternate of every sitemap page exists', async ({ request }) => {
  const checked = new Set<string>();
  for (const [site, locales] of [
    [sites.fr, ['fr_FR']],
    [sites.be, ['fr_BE', 'nl_BE']],
  ] as const) {
    for (const locale of locales) {
      const xml = await (await request.get(`${site}/sitemap-${locale}.xml`)).text();
      const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(pages.length).toBeGreaterThan(20);
      const alternates = [...xml.matchAll(/hreflang="[^"]+" href="([^"]+)"/g)].map((m) => m[1]!);
      for (const url of [...pages, ...alternates]) checked.add(url);
    }
  }
  expect(await notFound([...checked].map((url) => ({ url })))).toEqual([]);
});

test('a page names itself canonical and lists reciprocal alternates across both sites', async ({ request }) => {
  const html = await (await request.get(`${sites.be}/nl/hond/`)).text();
  const links = Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]));
  expect(links['nl-BE']).toBe(`${sites.be}/nl/hond/`);
  expect(links['fr-BE']).toBe(`${sites.be}/chien/`);
  expect(links['fr-FR']).toBe(`${sites.fr}/chien/`);
  expect(html).toContain(`<link rel="canonical" href="${sites.be}/nl/hond/"`);
  const back = await (await request.get(`${sites.fr}/chien/`)).text();
  expect(back).toContain(`hreflang="nl-BE" href="${sites.be}/nl/hond/"`);
});

test('the build publishes its id', async ({ request }) => {
  const body = await (await request.get('/builds/latest.json')).json();
  expect(body.id).toMatch(/\w+/);
});
