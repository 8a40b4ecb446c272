/** Page title and meta description rules: the title separator is `|`, a description is cut to 300 characters. */
import { META_DESCRIPTION_MAX, TITLE_SEPARATOR } from '../constants.ts';

export const pageTitle = (title: string, siteName: string): string =>
  title.includes(siteName) ? title : `${title} ${TITLE_SEPARATOR} ${siteName}`;

/**
 * Whitespace folded, then cut on a word boundary with an ellipsis so it never exceeds the maximum. The
 * no-break spaces of French typography (before « : », in « 12 kg ») are kept: they are not a layout's
 * whitespace but part of the text, which a search result would otherwise break at the wrong place.
 */
export function metaDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const folded = text.replace(/[ \t\n\r\f\v]+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A page's share preview image (Open Graph, Twitter card): its absolute URL, its size in pixels, its alternative text. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The shop's own share image, for a page without a picture of its own (src/pages/packshots/maison-gamelle.png.ts). */
export const SITE_SHARE_IMAGE = { path: '/packshots/maison-gamelle.png', width: 1200, height: 630 } as const;
