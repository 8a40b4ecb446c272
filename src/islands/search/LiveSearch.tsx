/**
 * The search page's live part (SearchIsland.tsx): InstantSearch over the three indices of the locale, the
 * line under the box and the groups of results. It is what weighs (InstantSearch, the search client, the
 * hits' checks: some 65 KB of gzip), so the island loads it only when the page has a query to answer (`?q=`
 * in the address) or the shopper starts using the box; the box itself stays the island's, so nothing typed
 * meanwhile is lost and the focus stays where it was.
 */
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { Configure, Highlight, Index, InstantSearch, useHits, useInfiniteHits, useInstantSearch, useSearchBox } from 'react-instantsearch';
import type { LiteClient } from 'algoliasearch/lite';
import type { LocaleCode } from '../../lib/channels.ts';
import { createSearchClient, searchFailure } from '../../lib/search/client.ts';
import {
  articleHit,
  categoryHit,
  productHit,
  validHits,
  type ArticleHit,
  type CategoryHit,
  type ProductHit,
} from '../../lib/search/hits.ts';
import { indexName } from '../../lib/search/records.ts';
import type { SearchSuggestions } from '../../lib/search/suggestions.ts';
import { queryRouting } from './routing.ts';
import { searchSettings } from './settings.ts';
import type { Translator } from '../../lib/translator.ts';

/** The island's texts in the page's language, made once by the search box's island (SearchIsland.tsx). */
export interface Texts {
  t: Translator;
  price: (minor: unknown) => string;
}

export interface LiveSearchProps {
  locale: LocaleCode;
  texts: Texts;
  suggestions: SearchSuggestions;
  /** What the box holds. */
  query: string;
  /** The query the address brought (back, forward), for the box to follow. */
  onRouted: (query: string) => void;
}

/** How many results of each group a page shows (products load more on demand). */
const HITS_PER_PAGE = { articles: 4, categories: 6, products: 12 } as const;

/**
 * A search with no words asks nothing of the service: the page shows its prompt instead of the whole
 * catalogue (Algolia's pattern for an empty query).
 */
function withoutEmptyQueries(client: LiteClient): LiteClient {
  const search: LiteClient['search'] = (request, options) => {
    const requests = Array.isArray(request) ? request : request.requests;
    const empty = requests.every((r) => {
      const params = 'params' in r ? r.params : undefined;
      const query = typeof params === 'object' && params !== null && 'query' in params ? params.query : (r as { query?: unknown }).query;
      return typeof query !== 'string' || query.trim() === '';
    });
    if (!empty) return client.search(request, options);
    return Promise.resolve({
      results: requests.map(() => ({
        hits: [],
        nbHits: 0,
        nbPages: 0,
        page: 0,
        hitsPerPage: 0,
        processingTimeMS: 0,
        query: '',
        params: '',
      })),
    }) as ReturnType<LiteClient['search']>;
  };
  return { ...client, search };
}

export default function LiveSearch({ locale, texts, suggestions, query, onRouted }: LiveSearchProps) {
  const client = useMemo(() => withoutEmptyQueries(createSearchClient(searchSettings)), []);
  const products = indexName('products', locale);
  const routing = useMemo(() => queryRouting(products), [products]);
  return (
    <InstantSearch searchClient={client} indexName={products} routing={routing} future={{ preserveSharedStateOnUnmount: true }}>
      <Configure hitsPerPage={HITS_PER_PAGE.products} />
      <BoxQuery query={query} onRouted={onRouted} />
      <Outcome texts={texts} suggestions={suggestions}>
        <Index indexName={indexName('articles', locale)}>
          <Configure hitsPerPage={HITS_PER_PAGE.articles} />
          <Articles texts={texts} />
        </Index>
        <Index indexName={indexName('categories', locale)}>
          <Configure hitsPerPage={HITS_PER_PAGE.categories} />
          <Categories texts={texts} />
        </Index>
        <Products texts={texts} />
      </Outcome>
    </InstantSearch>
  );
}

/**
 * The box's value sent to InstantSearch, and the address's query (back, forward) sent back to the box. `sent`
 * is the last query either side settled on, so neither echoes the other: the query InstantSearch read from the
 * address at its start is not sent back over what the shopper typed while this part was loading.
 */
function BoxQuery({ query, onRouted }: { query: string; onRouted: (query: string) => void }) {
  const { query: routed, refine } = useSearchBox();
  const sent = useRef(routed);
  useEffect(() => {
    if (routed === sent.current) return;
    sent.current = routed;
    onRouted(routed);
  }, [routed, onRouted]);
  useEffect(() => {
    if (query === sent.current) return;
    sent.current = query;
    refine(query);
  }, [query, refine]);
  return null;
}

/** The line under the box (prompt, count, no result, failure) and the groups of results. */
function Outcome({ texts, suggestions, children }: { texts: Texts; suggestions: SearchSuggestions; children: ReactNode }) {
  const { t } = texts;
  const { status, error, scopedResults, refresh, indexUiState } = useInstantSearch({ catchError: true });
  const typed = indexUiState.query ?? '';
  const query = typed.trim();
  const answered = scopedResults.filter((scope) => scope.results && scope.results.query === typed);
  const total = answered.reduce((sum, scope) => sum + (scope.results?.nbHits ?? 0), 0);
  const waiting = query !== '' && answered.length < scopedResults.length;
  const failed = status === 'error' && error !== undefined;

  let line: ReactNode;
  if (query === '') line = t('search.prompt');
  else if (failed)
    line = (
      <span role="alert" className="search-failure">
        {t(`search.failure.${searchFailure(error)}`)}{' '}
        <button type="button" className="button secondary" onClick={refresh}>
          {t('search.failure.retry')}
        </button>
      </span>
    );
  else if (waiting) line = t('search.searching');
  else if (total === 0) line = <strong>{t('search.noResults.title', { query })}</strong>;
  else line = t.plural('search.summary', total, { query });

  return (
    <>
      <p className="search-status" aria-live="polite">
        {line}
      </p>
      {/* The room of the results stays whatever they say (the footer does not jump up and down as the shopper types). */}
      <div className="search-results">
        {!failed && !waiting && query !== '' && total === 0 && <NoResults texts={texts} suggestions={suggestions} />}
        <div hidden={failed || query === ''}>{children}</div>
      </div>
    </>
  );
}

function NoResults({ texts, suggestions }: { texts: Texts; suggestions: SearchSuggestions }) {
  const { t } = texts;
  return (
    <section className="search-empty">
      <p>{t('search.noResults.text')}</p>
      <ul>
        {suggestions.guide && (
          <li>
            <a href={suggestions.guide}>{t('search.noResults.guide')}</a>
          </li>
        )}
        <li>
          <a href={suggestions.faq}>{t('search.noResults.faq')}</a>
        </li>
        {suggestions.contact && (
          <li>
            <a href={suggestions.contact}>{t('search.noResults.contact')}</a>
          </li>
        )}
      </ul>
      {suggestions.categories.length > 0 && (
        <>
          <h2>{t('search.noResults.categories')}</h2>
          <ul className="search-chips">
            {suggestions.categories.map((category) => (
              <li key={category.href}>
                <a href={category.href}>{category.name}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** A group of results under its heading; nothing when the group found nothing. */
function Group({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  const headingId = useId();
  if (count === 0) return null;
  return (
    <section className={`search-group search-group-${id}`} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title} <span className="search-count">({count})</span>
      </h2>
      {children}
    </section>
  );
}

/** A hit's attribute with its matched words marked; the plain value when the answer highlights nothing. */
function Marked<T extends { _highlightResult?: Record<string, unknown> | undefined }>({
  hit,
  attribute,
}: {
  hit: T;
  attribute: keyof T & string;
}) {
  const value = hit[attribute];
  if (!hit._highlightResult?.[attribute]) return <>{typeof value === 'string' ? value : ''}</>;
  // biome-ignore lint/suspicious/noExplicitAny: InstantSearch's Highlight takes its own hit type; ours is the checked one.
  return <Highlight hit={hit as any} attribute={attribute} />;
}

/**
 * The hits of each group as the page shows them (lib/search/hits.ts). Module-level functions: InstantSearch
 * compares a widget's options by identity, and a new function at each render would register the widget again
 * at each render, without end.
 */
const checkedArticles = <T,>(hits: T[]): T[] => validHits(articleHit, hits) as T[];
const checkedCategories = <T,>(hits: T[]): T[] => validHits(categoryHit, hits) as T[];
const checkedProducts = <T,>(hits: T[]): T[] => validHits(productHit, hits) as T[];

function Articles({ texts }: { texts: Texts }) {
  const { t } = texts;
  const { items, results } = useHits<ArticleHit>({ transformItems: checkedArticles });
  return (
    <Group id="articles" title={t('search.groups.articles')} count={results?.nbHits ?? 0}>
      <ul className="search-articles">
        {items.map((hit) => (
          <li key={hit.objectID}>
            <a href={hit.url}>
              <Marked hit={hit} attribute="title" />
            </a>
            <span className="search-type">{t(`search.types.${hit.type}`)}</span>
            <p className="muted">
              <Marked hit={hit} attribute="excerpt" />
            </p>
          </li>
        ))}
      </ul>
    </Group>
  );
}

function Categories({ texts }: { texts: Texts }) {
  const { t } = texts;
  const { items, results } = useHits<CategoryHit>({ transformItems: checkedCategories });
  return (
    <Group id="categories" title={t('search.groups.categories')} count={results?.nbHits ?? 0}>
      <ul className="search-chips">
        {items.map((hit) => (
          <li key={hit.objectID}>
            <a href={hit.url}>
              <Marked hit={hit} attribute="name" />
            </a>
          </li>
        ))}
      </ul>
    </Group>
  );
}

function Products({ texts }: { texts: Texts }) {
  const { t, price } = texts;
  const { items, results, isLastPage, showMore } = useInfiniteHits<ProductHit>({
    transformItems: checkedProducts,
  });
  return (
    <Group id="products" title={t('search.groups.products')} count={results?.nbHits ?? 0}>
      <ul className="search-products">
        {items.map((hit) => (
          <li key={hit.objectID} className="search-product">
            <a href={hit.url}>
              {hit.image ? (
                <img src={hit.image} alt="" width="96" height="96" loading="lazy" decoding="async" />
              ) : (
                <span className="search-noimage" />
              )}
              <span className="search-product-name">
                <Marked hit={hit} attribute="name" />
              </span>
            </a>
            {typeof hit.category === 'string' && <span className="muted search-product-category">{hit.category}</span>}
            <span className="search-price">{price(hit.price)}</span>
          </li>
        ))}
      </ul>
      {!isLastPage && (
        <p className="search-more">
          <button type="button" className="button secondary" onClick={showMore}>
            {t('search.more')}
          </button>
        </p>
      )}
    </Group>
  );
}
