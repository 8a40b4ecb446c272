import { describe, expect, it } from 'vitest';
import { metaDescription, pageTitle } from '../../src/lib/seo/meta.ts';
import { sitemapXml } from '../../src/lib/seo/sitemap.ts';

describe('titles and descriptions (SPEC §9)', () => {
  it('joins the page and the site with the | separator, once', () => {
    expect(pageTitle('Chien', 'Maison Gamelle')).toBe('Chien | Maison Gamelle');
    expect(pageTitle('Maison Gamelle', 'Maison Gamelle')).toBe('Maison Gamelle');
  });
  it('cuts a meta description to 300 characters at a word boundary', () => {
    const long = 'croquettes '.repeat(60);
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith('croquettes…')).toBe(true);
    expect(metaDescription('  Court   texte ')).toBe('Court texte');
  });
});

describe('sitemaps', () => {
  it('list each page with its alternates, escaped', () => {
    const xml = sitemapXml([{ loc: 'https://be.example/chien/?a=1&b=2', alternates: { fr_BE: 'https://be.example/chien/', nl_BE: 'https://be.example/nl/hond/' } }]);
    expect(xml).toContain('<loc>https://be.example/chien/?a=1&amp;b=2</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="nl-BE" href="https://be.example/nl/hond/"/>');
  });
});

describe('locale cookie (SPEC §9)', () => {
  it('lasts 365 days on every path, SameSite lax', async () => {
    const { localeCookie } = await import('../../src/lib/constants.ts');
    expect(localeCookie('nl_BE')).toBe('locale=nl_BE; Max-Age=31536000; Path=/; SameSite=lax');
  });
});
