/** A category's pages (src/lib/catalogue/paging.ts): how many, which products, their addresses and their navigation. */
import { describe, expect, it } from 'vitest';
import { hasPage, onPage, pageCount, pageLinks, pageOf, pageParam } from '../../../../src/lib/catalogue/paging.ts';
import { CATEGORY_PAGE_SIZE } from '../../../../src/lib/constants.ts';

describe('category pages', () => {
  it('count one page per page size begun, and one for an empty category', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(CATEGORY_PAGE_SIZE)).toBe(1);
    expect(pageCount(CATEGORY_PAGE_SIZE + 1)).toBe(2);
    expect(pageCount(1000, 48)).toBe(21);
  });

  it('know which page numbers exist', () => {
    expect(hasPage(21, 2, 20)).toBe(true);
    expect(hasPage(21, 3, 20)).toBe(false);
    expect(hasPage(0, 1, 20)).toBe(true);
    expect(hasPage(21, 0, 20)).toBe(false);
    expect(hasPage(21, 1.5, 20)).toBe(false);
  });

  it('give each page its share of the products in order, with the position of its first', () => {
    const items = Array.from({ length: 45 }, (_, i) => i + 1);
    expect(pageOf(items, 1, 20)).toEqual({ items: items.slice(0, 20), first: 1 });
    expect(pageOf(items, 3, 20)).toEqual({ items: [41, 42, 43, 44, 45], first: 41 });
    expect(pageOf(items, 4, 20).items).toEqual([]);
  });

  it('leave page 1’s texts as they are and say on later pages which page of how many they are', () => {
    const format = ({ title, page, count }: { title: string; page: number; count: number }) => `${title} – page ${page} sur ${count}`;
    expect(onPage('Chien', 1, 3, format)).toBe('Chien');
    expect(onPage('Chien', 2, 3, format)).toBe('Chien – page 2 sur 3');
    expect(onPage('Hond', 3, 3, ({ title, page, count }) => `${title} – pagina ${page} van ${count}`)).toBe('Hond – pagina 3 van 3');
  });

  it('address page 1 as the category and later pages by the page word of the language', () => {
    expect(pageParam('chien', 1, 'fr')).toBe('chien');
    expect(pageParam('chien/croquettes', 2, 'fr')).toBe('chien/croquettes/page/2');
    expect(pageParam('hond', 12, 'nl')).toBe('hond/pagina/12');
  });

  it('show the first, the last, the current page and its neighbours, an ellipsis for longer gaps', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 2)).toEqual([1, 2]);
    expect(pageLinks(2, 2)).toEqual([1, 2]);
    expect(pageLinks(1, 5)).toEqual([1, 2, null, 5]);
    expect(pageLinks(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageLinks(5, 9)).toEqual([1, null, 4, 5, 6, null, 9]);
    expect(pageLinks(100, 100)).toEqual([1, null, 99, 100]);
  });

  it('link every page from the one before it, so a crawler reaches them all', () => {
    for (const count of [2, 5, 37]) {
      for (let page = 1; page < count; page += 1) expect(pageLinks(page, count)).toContain(page + 1);
    }
  });
});
