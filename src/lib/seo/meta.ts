/** Page title and meta description rules: the title separator is `|`, a description is cut to 300 characters. */
import { META_DESCRIPTION_MAX, TITLE_SEPARATOR } from '../constants.ts';

export const pageTitle = (title: string, siteName: string): string =>
  title.includes(siteName) ? title : `${title} ${TITLE_SEPARATOR} ${siteName}`;

/** Whitespace folded, then cut on a word boundary with an ellipsis so it never exceeds the maximum. */
export function metaDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
