/**
 * The build read from disk, as a crawler sees it: every indexable page (no noindex, its own canonical) has
 * a title and a description no other indexable page of its site has, and every page type is valid HTML
 * (html-validate). Each project walks its own channel's build (fr: the FR site, be: the BE site).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { expect, target, test, EACH_SITE } from './helpers.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';

const channelOf = (project: string): 'fr' | 'be' => (project === 'be' ? 'be' : 'fr');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : [],
  );
}

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e]!);
const first = (html: string, re: RegExp) => {
  const m = re.exec(html);
  return m ? decode(m[1]!) : undefined;
};

interface Page {
  path: string;
  html: string;
  title?: string;
  description?: string;
  indexable: boolean;
}

function pagesOf(channel: 'fr' | 'be'): Page[] {
  const root = join(target.distDir, channel);
  const site = target.sites[channel];
  return htmlFiles(root).map((file) => {
    const html = readFileSync(file, 'utf8');
    const path = `/${relative(root, file).replace(/index\.html$/, '')}`;
    const canonical = first(html, /<link rel="canonical" href="([^"]*)"/);
    const noindex = /<meta name="robots" content="[^"]*noindex/.test(html);
    return {
      path,
      html,
      title: first(html, /<title>([^<]*)<\/title>/),
      description: first(html, /<meta name="description" content="([^"]*)"/),
      // A format's page names its product's page as canonical: one page to a crawler.
      indexable: !noindex && canonical === `${site}${path}`,
    };
  });
}

const duplicates = (pages: Page[], field: 'title' | 'description') => {
  const seen = new Map<string, string[]>();
  for (const p of pages) seen.set(p[field] ?? '', [...(seen.get(p[field] ?? '') ?? []), p.path]);
  return [...seen].filter(([, paths]) => paths.length > 1).map(([value, paths]) => ({ value, paths }));
};

test('every indexable page has a title and a description of its own on its site', EACH_SITE, async ({}, info) => {
  const pages = pagesOf(channelOf(info.project.name)).filter((p) => p.indexable);
  expect(pages.length).toBeGreaterThan(50);
  expect(pages.filter((p) => !p.title || !p.description).map((p) => p.path)).toEqual([]);
  expect(duplicates(pages, 'title')).toEqual([]);
  expect(duplicates(pages, 'description')).toEqual([]);
});

test('every page has one h1: the content service’s bodies sit under the page’s title', EACH_SITE, async ({}, info) => {
  const pages = pagesOf(channelOf(info.project.name));
  const landing = pages.filter((p) => p.path.includes('/landing/'));
  expect(landing.length, 'landing pages, whose bodies open with their own # heading').toBeGreaterThan(0);
  const notOne = pages.map((p) => ({ path: p.path, h1: p.html.match(/<h1[\s>]/g)?.length ?? 0 })).filter((p) => p.h1 !== 1);
  expect(notOne).toEqual([]);
});

test('every page type of the build is valid HTML', EACH_SITE, async ({}, info) => {
  const pages = pagesOf(channelOf(info.project.name));
  // One page of each kind: the first built page whose address has the same shape (its first segment, its depth).
  const shapes = new Map<string, Page>();
  for (const p of pages.sort((a, b) => a.path.localeCompare(b.path))) {
    const segments = p.path.split('/').filter(Boolean);
    const shape = `${segments.slice(0, segments[0] === 'nl' ? 2 : 1).join('/')}:${segments.length}`;
    if (!shapes.has(shape)) shapes.set(shape, p);
  }
  expect(shapes.size).toBeGreaterThan(15);
  // The sign-in pages are islands pre-rendered by React: their HTML is the build's too.
  const validated = [...shapes.values()].map((p) => p.path);
  for (const route of ['login', 'register'] as const)
    expect(validated).toContain(pathTo(route, channelOf(info.project.name) === 'be' ? 'fr_BE' : 'fr_FR'));
  // Attribute names in lower case, as HTML writes them: React leaves its own spelling (autoComplete, inputMode).
  const validator = new HtmlValidate({ extends: ['html-validate:standard'], rules: { 'attr-case': ['error', { style: 'lowercase' }] } });
  const errors: string[] = [];
  for (const page of shapes.values()) {
    const report = await validator.validateString(page.html, page.path);
    for (const result of report.results)
      for (const m of result.messages) if (m.severity === 2) errors.push(`${page.path}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
  }
  expect(errors).toEqual([]);
});

test('every page of a sitemap is reached by a link from another page of its site', EACH_SITE, async ({}, info) => {
  const channel = channelOf(info.project.name);
  const root = join(target.distDir, channel);
  const site = target.sites[channel];
  const pages = pagesOf(channel);
  // The paths each page links to (its own address aside), on its own site.
  const linked = new Set<string>();
  for (const page of pages) {
    for (const [, href] of page.html.matchAll(/<a\b[^>]*\shref="([^"#?]*)[^"]*"/g)) {
      const url = new URL(decode(href!), `${site}${page.path}`);
      if (url.origin === site && url.pathname !== page.path) linked.add(url.pathname);
    }
  }
  const sitemaps = readdirSync(root).filter((f) => /^sitemap-.+\.xml$/.test(f) && f !== 'sitemap-index.xml');
  const listed = sitemaps.flatMap((f) =>
    [...readFileSync(join(root, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!)),
  );
  expect(listed.length).toBeGreaterThan(50);
  // Landing pages and samples included: a page crawlers are told about is one a shopper can reach.
  expect(listed.filter((url) => url.origin === site && !linked.has(url.pathname)).map((url) => url.pathname)).toEqual([]);
});
