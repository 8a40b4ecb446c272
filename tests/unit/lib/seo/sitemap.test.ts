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
});
