/**
 * The header's search box on the DOM: its page script (src/page-scripts/header-search.ts) on the markup
 * Header.astro writes, and the suggestions it loads (src/islands/search/header-box.ts), answered by a search
 * client that stands for the service (the client's protocol and the real index are the e2e journey's,
 * tests/e2e/search.spec.ts, which also checks the box with axe and Enter reaching the search page). Proved
 * here: the icon opens the box on its combobox; typing suggests products in their group, the matched words
 * marked, their count said; the arrows move the active option with the focus kept in the box, and Enter opens
 * it; Escape closes the suggestions, then the box, the focus back on the icon, what was typed kept; Enter
 * without an active option is left to the form, which searches the whole site.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { translator } from '../../src/i18n/translate.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { HIGHLIGHT_TAGS } from '../../src/lib/search/highlight.ts';
import { until } from './support/until.ts';

const t = translator('nl');
const { highlightPreTag: pre, highlightPostTag: post } = HIGHLIGHT_TAGS;

/** The search service as the header's box asks it (one query over the products, categories and articles). */
vi.mock('../../src/lib/search/client.ts', async (original) => ({
  ...(await original<typeof import('../../src/lib/search/client.ts')>()),
  createSearchClient: () => ({
    search: async ({ requests }: { requests: Array<{ indexName: string; query: string }> }) => ({
      results: requests.map(({ indexName, query }) => ({
        hits:
          indexName.includes('products') && 'kitten'.startsWith(query.toLowerCase())
            ? ['Kip', 'Zalm'].map((taste, i) => ({
                objectID: `KITTEN-${i}`,
                name: `Brokken Kitten ${taste}`,
                url: `/nl/producten/brokken-kitten-${taste.toLowerCase()}/`,
                image: null,
                price: 2490,
                _highlightResult: { name: { value: `Brokken ${pre}Kitten${post} ${taste}` } },
              }))
            : [],
      })),
    }),
  }),
}));

/** A page's header with its search icon and box, as Header.astro writes them, the script started on it. */
async function header() {
  const search = pathTo('search', 'nl_BE');
  document.documentElement.lang = 'nl-BE';
  document.body.innerHTML = `
    <header>
      <a href="${search}" class="tool" title="${t('site.search')}" data-search-toggle><span class="visually-hidden">${t('site.search')}</span></a>
      <div id="header-search" data-header-search hidden data-locale="nl_BE">
        <form role="search" action="${search}" method="get">
          <label for="header-search-input">${t('search.label')}</label>
          <input id="header-search-input" name="q" type="search" role="combobox" aria-autocomplete="list" aria-expanded="false"
            aria-controls="header-search-list" autocomplete="off" />
          <button type="submit">${t('search.submit')}</button>
          <button type="button" data-header-search-close><span>${t('search.box.close')}</span></button>
        </form>
        <div id="header-search-list" role="listbox" aria-label="${t('search.box.suggestions')}" hidden></div>
        <div data-header-search-message hidden></div>
        <p aria-live="polite" data-header-search-status></p>
      </div>
    </header>
    <main><h1>Maison Gamelle</h1></main>`;
  vi.resetModules();
  await import('../../src/page-scripts/header-search.ts');
  const icon = document.querySelector<HTMLAnchorElement>('a[data-search-toggle]')!;
  // The box is hidden until the icon opens it.
  return { icon, combobox: screen.getByRole('combobox', { name: t('search.label'), hidden: true }) as HTMLInputElement };
}

/** What the script does with the page's work let through: the suggestions' module loaded, the service answered. */
const settle = <T,>(check: () => T): Promise<T> =>
  until(check, async () => {
    await vi.dynamicImportSettled();
    await new Promise((done) => setTimeout(done, 0));
  });

/** The links the browser was asked to follow (stopped on the window, last: the test's document never leaves). */
function followedLinks(): string[] {
  const followed: string[] = [];
  window.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (link && !event.defaultPrevented) followed.push(link.getAttribute('href')!);
    event.preventDefault();
  });
  return followed;
}

const press = (element: Element, key: string) => fireEvent.keyDown(element, { key });
const suggestions = () => screen.queryByRole('listbox', { name: t('search.box.suggestions') });

afterEach(() => {
  document.body.innerHTML = '';
});

it('the header’s box suggests products as the shopper types, and the arrows and Enter open one', async () => {
  const { icon, combobox } = await header();
  const followed = followedLinks();
  expect(icon.getAttribute('role')).toBe('button');
  expect(icon.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(icon);
  expect(followed).toEqual([]);
  expect(icon.getAttribute('aria-expanded')).toBe('true');
  expect(document.activeElement).toBe(combobox);

  combobox.value = 'kitten';
  fireEvent.input(combobox);
  const list = await settle(() => screen.getByRole('listbox', { name: t('search.box.suggestions') }));
  expect(combobox.getAttribute('aria-expanded')).toBe('true');
  const products = within(list).getByRole('group', { name: t('search.groups.products') });
  const product = within(products).getByRole('option', { name: /Brokken Kitten Zalm/ });
  expect(product.querySelector('mark')?.textContent).toBe('Kitten');
  // How many were found is said (the link to the whole site's results is no suggestion).
  expect(document.querySelector('[data-header-search-status]')?.textContent).toBe(t.plural('search.box.count', 2));

  // The arrows move the active option while the focus stays in the box; Enter opens it.
  press(combobox, 'ArrowDown');
  press(combobox, 'ArrowDown');
  expect(product.getAttribute('aria-selected')).toBe('true');
  expect(combobox.getAttribute('aria-activedescendant')).toBe(product.id);
  expect(document.activeElement).toBe(combobox);
  press(combobox, 'ArrowUp');
  expect(product.getAttribute('aria-selected')).toBe('false');
  press(combobox, 'ArrowDown');
  expect(press(combobox, 'Enter')).toBe(false);
  expect(followed).toEqual(['/nl/producten/brokken-kitten-zalm/']);
});

it('Escape closes the suggestions, then the box, the focus back on the icon and what was typed kept; Enter then searches the whole site', async () => {
  const { icon, combobox } = await header();
  fireEvent.click(icon);
  combobox.value = 'kitten';
  fireEvent.input(combobox);
  await settle(() => expect(suggestions()).not.toBeNull());
  // With suggestions shown but none chosen, Enter is the form's too.
  expect(press(combobox, 'Enter')).toBe(true);

  press(combobox, 'Escape');
  expect(suggestions()).toBeNull();
  expect(combobox.getAttribute('aria-expanded')).toBe('false');
  expect(document.querySelector<HTMLElement>('[data-header-search]')!.hidden).toBe(false);
  press(combobox, 'Escape');
  expect(document.querySelector<HTMLElement>('[data-header-search]')!.hidden).toBe(true);
  expect(icon.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(icon);

  // Enter on the icon (its click) opens the box again on what was typed; Enter without a chosen suggestion is
  // the form's: a search of the whole site, on the search page, for what was typed.
  fireEvent.click(icon);
  expect(document.activeElement).toBe(combobox);
  expect(combobox.value).toBe('kitten');
  expect(press(combobox, 'Enter')).toBe(true);
  const form = combobox.form!;
  expect(form.getAttribute('action')).toBe(pathTo('search', 'nl_BE'));
  expect(new FormData(form).get('q')).toBe('kitten');
});
