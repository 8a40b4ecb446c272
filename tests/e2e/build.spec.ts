/**
 * The build walks the route table: every route exists in both languages of the BE site and in the FR
 * site, and every hreflang alternate points at a page that exists.
 */
import { expect, target, test } from './helpers.ts';
import { routes as routeTable } from '../../src/lib/routes/routes.ts';

const routes = Object.entries(routeTable).map(([name, def]) => ({ name, fr: def.fr as string, nl: def.nl as string }));
const sites = target.sites;

test.describe.configure({ mode: 'serial' });

test('every route of the table exists on each site and in each language', async ({ request }) => {
  expect(routes.length).toBeGreaterThan(40);
  const fill = (pattern: string) =>
    pattern
      .replace(/\[\.\.\.category\]/, '__CATEGORY__')
      .replace(/\[[^\]]+\?\]\//g, '')
      .replace(/\[[^\]]+\]/g, '1');
  const missing: string[] = [];
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
        const res = await request.get(new URL(path, site).href, { maxRedirects: 0 });
        if (res.status() !== 200) missing.push(`${site}${path} → ${res.status()} (${route.name})`);
      }
    }
  }
  expect(missing).toEqual([]);
});

test('every hreflang alternate of every sitemap page exists', async ({ request }) => {
  test.setTimeout(300_000);
  const checked = new Set<string>();
  const broken: string[] = [];
  for (const [site, locales] of [
    [sites.fr, ['fr_FR']],
    [sites.be, ['fr_BE', 'nl_BE']],
  ] as const) {
    for (const locale of locales) {
      const xml = await (await request.get(`${site}/sitemap-${locale}.xml`)).text();
      const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(pages.length).toBeGreaterThan(20);
      const alternates = [...xml.matchAll(/hreflang="[^"]+" href="([^"]+)"/g)].map((m) => m[1]!);
      for (const url of [...pages, ...alternates]) {
        if (checked.has(url)) continue;
        checked.add(url);
        const res = await request.get(url, { maxRedirects: 0 });
        if (res.status() !== 200) broken.push(`${url} → ${res.status()}`);
      }
    }
  }
  expect(broken).toEqual([]);
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
