/** Sitemap XML with hreflang alternates (the sitemap integration only pairs identical paths). */
import { htmlLangOf, type LocaleCode } from '../channels.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page of a sitemap; `lastmod` is when its content was last edited (ISO 8601), where it is known. */
export function sitemapXml(urls: Array<{ loc: string; lastmod?: string; alternates: Partial<Record<LocaleCode, string>> }>): string {
  const body = urls
    .map(({ loc, lastmod, alternates }) =>
      [
        '  <url>',
        `    <loc>${escapeXml(loc)}</loc>`,
        ...(lastmod ? [`    <lastmod>${escapeXml(lastmod)}</lastmod>`] : []),
        ...Object.entries(alternates).map(
          ([l, href]) => `    <xhtml:link rel="alternate" hreflang="${htmlLangOf(l as LocaleCode)}" href="${escapeXml(href!)}"/>`,
        ),
        '  </url>',
      ].join('\n'),
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(locations: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locations.map((l) => `  <sitemap><loc>${escapeXml(l)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
}
