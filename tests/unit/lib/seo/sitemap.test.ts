import { describe, expect, it } from 'vitest';
import { sitemapXml } from '../../../../src/lib/seo/sitemap.ts';

describe('sitemaps', () => {
  it('list each page with its alternates, escaped', () => {
    const xml = sitemapXml([
      {
        loc: 'https://be.example/chien/?a=1&b=2',
        alternates: { fr_BE: 'https://be.example/chien/', nl_BE: 'https://be.example/nl/hond/' },
      },
    ]);
    expect(xml).toContain('<loc>https://be.example/chien/?a=1&amp;b=2</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="nl-BE" href="https://be.example/nl/hond/"/>');
  });
  it('say when a page’s content was last edited, where it is known', () => {
    const xml = sitemapXml([
      { loc: 'https://fr.example/chien/', lastmod: '2024-03-01T09:00:00.000Z', alternates: {} },
      { loc: 'https://fr.example/', alternates: {} },
    ]);
    expect(xml).toContain('<loc>https://fr.example/chien/</loc>\n    <lastmod>2024-03-01T09:00:00.000Z</lastmod>');
    expect(xml.match(/<lastmod>/g)).toHaveLength(1);
  });
});
