/**
 * The platform's search service, speaking Algolia's search protocol under /1 so the site's algoliasearch
 * client and InstantSearch work unchanged against it (their `hosts` pointed at the platform) or against
 * Algolia itself (scripts/search-index.ts pushes the same records there):
 *
 * - `POST /1/indexes/*\/queries`: several queries, answered in the order asked (facet-value searches among
 *   them with `type: "facet"`);
 * - `POST /1/indexes/{index}/query`: one query;
 * - `POST /1/indexes/{index}/facets/{facet}/query`: the values of a facet matching `facetQuery`.
 *
 * The application id and search key come as headers or as query parameters (the browser client's way,
 * which spares a preflight). Bodies are JSON whatever their content type (the clients send text/plain),
 * gzipped or not. Errors have Algolia's shape `{"message","status"}`: 400 for a body or parameter that
 * cannot be read, 403 for a wrong key, 404 for an index that does not exist.
 */
import { Hono, type Context } from 'hono';
import { gunzipSync } from 'node:zlib';
import { Problem } from '../problem.ts';
import type { Queryable } from '../db/database.ts';
import { localeCodes, type LocaleCode } from '../../lib/channels.ts';
import { indexName as nameOf, type SearchIndexKind } from '../../lib/search/records.ts';
import { facetCounts, facetValueMatches, highlight, highlightFacetValue, match, type KindIndex } from './engine.ts';
import { BadSearchRequest, readMultiQueries, readSingleQuery, type SearchParams } from './params.ts';
import { INDEXED_UPLOADS_URL, searchIndices, type SearchIndices } from './indices.ts';

export interface SearchServiceOptions {
  /** The application id and search key every call must carry. */
  keys: { appId: string; apiKey: string };
  /** How often an instance looks for content changes (indices.ts). */
  refreshEveryMs: number;
}

/** The largest body taken, before and after decompression: 50 queries with long filters fit in a fraction. */
const MAX_BODY_BYTES = 512 * 1024;

const algoliaError = (status: number, message: string) => new Problem(status, { message, status });

const KINDS: readonly SearchIndexKind[] = ['products', 'categories', 'articles'];
/** Every index name the service holds, to its kind and locale. */
const INDICES = new Map(KINDS.flatMap((kind) => localeCodes.map((locale) => [nameOf(kind, locale), { kind, locale }] as const)));

function indexOf(name: string): { kind: SearchIndexKind; locale: LocaleCode } {
  const found = INDICES.get(name);
  if (!found) throw algoliaError(404, 'Index does not exist');
  return found;
}

async function readBody(c: Context): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw algoliaError(400, 'Request body too large');
  let bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length > MAX_BODY_BYTES) throw algoliaError(400, 'Request body too large');
  if (/gzip/i.test(c.req.header('content-encoding') ?? '')) {
    try {
      bytes = new Uint8Array(gunzipSync(bytes, { maxOutputLength: MAX_BODY_BYTES }));
    } catch {
      throw algoliaError(400, 'Request body is not valid gzip (or too large once decompressed)');
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw algoliaError(400, 'Request body is not UTF-8');
  }
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw algoliaError(400, 'Invalid JSON in request body');
  }
}

/** Turns the parameter checks' refusals into Algolia's 400. */
async function readOr400<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof BadSearchRequest) throw algoliaError(400, error.message);
    throw error;
  }
}

/** The record as the caller sees it: its image at the caller's address of the content service's uploads. */
function answered(record: object, origin: string): Record<string, unknown> {
  const copy = { ...(record as Record<string, unknown>) };
  if (typeof copy.image === 'string' && copy.image.startsWith(INDEXED_UPLOADS_URL))
    copy.image = `${origin}/content/uploads/${copy.image.slice(INDEXED_UPLOADS_URL.length)}`;
  return copy;
}

/** attributesToRetrieve: all by default or with "*", minus "-name"s; the objectID always. */
function retrieve(record: Record<string, unknown>, wanted: readonly string[] | undefined): Record<string, unknown> {
  if (!wanted || wanted.includes('*')) {
    const excluded = new Set((wanted ?? []).filter((a) => a.startsWith('-')).map((a) => a.slice(1)));
    return Object.fromEntries(Object.entries(record).filter(([key]) => key === 'objectID' || !excluded.has(key)));
  }
  return Object.fromEntries(Object.entries(record).filter(([key]) => key === 'objectID' || wanted.includes(key)));
}

async function runQuery(indices: SearchIndices, name: string, params: SearchParams, origin: string) {
  const started = performance.now();
  const { kind, locale } = indexOf(name);
  const index = (await indices.of(locale))[kind] as KindIndex;
  const { order, words } = match(index, params.query, params.filters, params.restrictSearchableAttributes);
  const { page, hitsPerPage } = params;
  const tags = { pre: params.highlightPreTag, post: params.highlightPostTag };
  const hits = order.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((i) => {
    const record = answered(index.entries[i]!.record, origin);
    const asked = params.attributesToHighlight ?? index.highlighted;
    const highlighted = asked.includes('*') ? Object.keys(record).filter((key) => key !== 'objectID') : asked;
    const highlightResult = Object.fromEntries(
      highlighted
        .filter((attribute) => typeof record[attribute] === 'string')
        .map((attribute) => [attribute, highlight(index.rules, record[attribute] as string, words, tags)]),
    );
    return { ...retrieve(record, params.attributesToRetrieve), _highlightResult: highlightResult };
  });
  return {
    hits,
    nbHits: order.length,
    page,
    nbPages: hitsPerPage === 0 ? 0 : Math.ceil(order.length / hitsPerPage),
    hitsPerPage,
    facets: facetCounts(index, order, params.facets, params.maxValuesPerFacet),
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustive: { facetsCount: true, nbHits: true, typo: true },
    query: params.query,
    params: params.echo,
    index: name,
    renderingContent: {},
    processingTimeMS: Math.round(performance.now() - started),
  };
}

async function runFacetSearch(indices: SearchIndices, name: string, facet: string, params: SearchParams) {
  const started = performance.now();
  const { kind, locale } = indexOf(name);
  const index = (await indices.of(locale))[kind] as KindIndex;
  if (!index.facets.includes(facet))
    throw algoliaError(400, `Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`);
  const { order } = match(index, params.query, params.filters, params.restrictSearchableAttributes);
  const counts = facetCounts(index, order, [facet], Number.MAX_SAFE_INTEGER)[facet] ?? {};
  const tags = { pre: params.highlightPreTag, post: params.highlightPostTag };
  const facetHits = Object.entries(counts)
    .filter(([value]) => facetValueMatches(value, params.facetQuery))
    .slice(0, params.maxFacetHits)
    .map(([value, count]) => ({ value, highlighted: highlightFacetValue(value, params.facetQuery, tags), count }));
  return { facetHits, exhaustiveFacetsCount: true, processingTimeMS: Math.round(performance.now() - started) };
}

export function searchRoutes(db: Queryable, options: SearchServiceOptions, indices: SearchIndices = searchIndices(db, options)): Hono {
  const app = new Hono();
  // Algolia's clients send the keys as headers (server side) or as query parameters (the browser's lite client).
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    const appId = c.req.header('x-algolia-application-id') ?? url.searchParams.get('x-algolia-application-id');
    const apiKey = c.req.header('x-algolia-api-key') ?? url.searchParams.get('x-algolia-api-key');
    if (appId?.toUpperCase() !== options.keys.appId.toUpperCase() || apiKey !== options.keys.apiKey)
      throw algoliaError(403, 'Invalid Application-ID or API key');
    await next();
  });
  const origin = (c: Context) => new URL(c.req.url).origin;

  app.post('/indexes/*/queries', async (c) => {
    const requests = await readOr400(async () => readMultiQueries(await readBody(c)));
    const results = [];
    // One after the other, in the order asked: a query takes milliseconds, and the answers keep that order.
    for (const request of requests)
      results.push(
        request.facet === undefined
          ? await runQuery(indices, request.indexName, request.params, origin(c))
          : await runFacetSearch(indices, request.indexName, request.facet, request.params),
      );
    return c.json({ results });
  });

  app.post('/indexes/:indexName/query', async (c) => {
    const name = c.req.param('indexName');
    indexOf(name);
    const params = await readOr400(async () => readSingleQuery(await readBody(c)));
    return c.json(await runQuery(indices, name, params, origin(c)));
  });

  app.post('/indexes/:indexName/facets/:facet/query', async (c) => {
    const name = c.req.param('indexName');
    indexOf(name);
    const params = await readOr400(async () => readSingleQuery(await readBody(c)));
    return c.json(await runFacetSearch(indices, name, c.req.param('facet'), params));
  });

  return app;
}
