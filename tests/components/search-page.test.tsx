/**
 * The search page's island (src/islands/search/SearchIsland.tsx) on the DOM, with a search client that stands
 * for the service (the protocol and the real indices are the e2e journey's, tests/e2e/search.spec.ts). Proved
 * here: without a query the page is the box and its prompt, and nothing of the live search is loaded or asked
 * (its weight waits for a query, issue 47); what the shopper types from the start, before the live search is
 * there, is kept and searched once it is; a query in the address is searched at once.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { messagesFor, translator } from '../../src/i18n/translate.ts';
import SearchIsland from '../../src/islands/search/SearchIsland.tsx';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { until } from './support/until.ts';

const t = translator('nl');
const searched: string[] = [];
type Requests = Array<{ indexName: string; params?: { query?: string } }>;

/** The service's products: two kittens' foods, found by any part of their name. */
const KITTEN_FOODS = [
  { objectID: 'KITTEN-KIP', name: 'Brokken Kitten Kip', url: '/nl/producten/brokken-kitten-kip/', image: null, price: 2490 },
  { objectID: 'KITTEN-ZALM', name: 'Brokken Kitten Zalm', url: '/nl/producten/brokken-kitten-zalm/', image: null, price: 2590 },
];
const createSearchClient = vi.fn(() => ({
  // InstantSearch hands the requests as a list (algoliasearch v5's lite client takes either form).
  search: async (given: Requests | { requests: Requests }) => {
    const requests = Array.isArray(given) ? given : given.requests;
    const query = requests[0]?.params?.query ?? '';
    searched.push(query);
    return {
      results: requests.map(({ indexName, params }) => {
        const hits =
          indexName.includes('products') && query !== '' ? KITTEN_FOODS.filter((hit) => hit.name.toLowerCase().includes(query)) : [];
        return {
          hits,
          nbHits: hits.length,
          page: 0,
          nbPages: 1,
          hitsPerPage: 12,
          processingTimeMS: 1,
          query: params?.query ?? '',
          params: '',
          index: indexName,
        };
      }),
    };
  },
}));
vi.mock('../../src/lib/search/client.ts', async (original) => ({
  ...(await original<typeof import('../../src/lib/search/client.ts')>()),
  createSearchClient,
}));

const SUGGESTIONS = { categories: [], faq: pathTo('faq', 'nl_BE') };

function page() {
  return render(<SearchIsland locale="nl_BE" messages={messagesFor('nl', ['search', 'generic'])} suggestions={SUGGESTIONS} />);
}
/** What the island does with the page's work let through: the live search's module loaded, the service answered. */
const settle = <T,>(check: () => T): Promise<T> =>
  until(check, async () => {
    await vi.dynamicImportSettled();
    await act(() => new Promise((done) => setTimeout(done, 0)));
  });
const box = () => screen.getByRole('searchbox', { name: t('search.label') });

beforeEach(() => {
  searched.length = 0;
  createSearchClient.mockClear();
  history.replaceState(null, '', pathTo('search', 'nl_BE'));
});
afterEach(() => history.replaceState(null, '', '/'));

it('without a query shows the box and its prompt, and loads no live search until the shopper types; what is typed meanwhile is searched', async () => {
  page();
  expect(box()).toHaveProperty('value', '');
  expect(screen.getByText(t('search.prompt'))).toBeTruthy();
  await act(() => vi.dynamicImportSettled());
  expect(createSearchClient).not.toHaveBeenCalled();

  box().focus();
  fireEvent.change(box(), { target: { value: 'kit' } });
  // Typed before the live search arrived: the box keeps it, the line says it is being searched.
  expect(box()).toHaveProperty('value', 'kit');
  await settle(() => screen.getByText('Brokken Kitten Kip'));
  expect(searched).toContain('kit');
  expect(box()).toHaveProperty('value', 'kit');
  expect(document.activeElement).toBe(box());
});

it('searches the query of the address at once', async () => {
  history.replaceState(null, '', `${pathTo('search', 'nl_BE')}?q=kitten`);
  page();
  await settle(() => screen.getByText('Brokken Kitten Zalm'));
  expect(box()).toHaveProperty('value', 'kitten');
  expect(searched).toContain('kitten');
});
