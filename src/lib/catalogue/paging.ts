/**
 * A category's products split into pages of CATEGORY_PAGE_SIZE, in the category's own order (relevancy):
 * a page's address always lists the same products, for search engines and for shared links. Page 1 is the
 * category's own address (/chien/), page n the same followed by the page word and n (/chien/page/2/,
 * /nl/hond/pagina/2/). Pure, so the build and the tests share it.
 */
import { CATEGORY_PAGE_SIZE } from '../constants.ts';
import type { Language } from '../channels.ts';

/** The word before a page number in the address, in each language. */
const PAGE_SEGMENT: Record<Language, string> = { fr: 'page', nl: 'pagina' };

/** How many pages a category of `count` products has: one at least, an empty category included. */
export const pageCount = (count: number, size: number = CATEGORY_PAGE_SIZE): number => Math.max(1, Math.ceil(count / size));

/** Whether `page` is a page of a category of `count` products. */
export const hasPage = (count: number, page: number, size: number = CATEGORY_PAGE_SIZE): boolean =>
  Number.isInteger(page) && page >= 1 && page <= pageCount(count, size);

/** The products of page `page` (1-based), and the list position of its first product. */
export function pageOf<T>(items: readonly T[], page: number, size: number = CATEGORY_PAGE_SIZE): { items: T[]; first: number } {
  const start = (page - 1) * size;
  return { items: items.slice(start, start + size), first: start + 1 };
}

/**
 * A category's heading, title or description on page `page` of `count`: page 1 keeps it as it is (SPEC's
 * texts), a later page says which page of how many it is, so that each page's title is unique on the site
 * and a shopper landing on page 2 from a search engine knows where they are.
 */
export const onPage = (
  text: string,
  page: number,
  count: number,
  format: (values: { title: string; page: number; count: number }) => string,
): string => (page > 1 ? format({ title: text, page, count }) : text);

/** The category route's parameter of a page: the category's slug, then the page word and number after page 1. */
export const pageParam = (slug: string, page: number, language: Language): string =>
  page > 1 ? `${slug}/${PAGE_SEGMENT[language]}/${page}` : slug;

/**
 * The page numbers a page's navigation shows: the first, the last, the current one and its neighbours; null
 * stands for the numbers left out between them. Each page links to the next one, so every page is reached
 * by a link even on a category of a hundred pages.
 */
export function pageLinks(current: number, count: number): Array<number | null> {
  const shown = [...new Set([1, current - 1, current, current + 1, count])].filter((n) => n >= 1 && n <= count).sort((a, b) => a - b);
  // A gap of one number is shown as that number: a link takes no more room than the ellipsis.
  return shown.flatMap((n, i) => {
    const previous = shown[i - 1];
    if (previous === undefined || n === previous + 1) return [n];
    return n === previous + 2 ? [previous + 1, n] : [null, n];
  });
}
