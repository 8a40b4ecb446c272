/**
 * The bodies of Algolia's search calls, read once with zod. A query's parameters come as a URL-encoded
 * string (`params: "query=chat&hitsPerPage=5"`, the v4 clients and InstantSearch's legacy form), as fields
 * of the request itself (the v5 clients), or both: the string's win. Inside the string, lists are JSON
 * (`facets=["species"]`) or comma-separated, numbers are text. Parameters this service does not know are
 * ignored, as Algolia ignores those that change nothing here (clickAnalytics, analyticsTags…).
 */
import { z } from 'zod';
import { FilterSyntaxError, parseFilterExpression, readFacetFilters, type Filters } from '../../lib/search/filters.ts';

/** A JSON array written in a string (a params string's lists), else the value as it came. */
const jsonInString = (value: unknown): unknown => {
  if (typeof value !== 'string' || !value.trim().startsWith('[')) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const integer = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().min(min).max(max));

const stringList = z.preprocess(
  (v) => {
    const parsed = jsonInString(v);
    return typeof parsed === 'string'
      ? parsed
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : parsed;
  },
  z.array(z.string().max(200)).max(100),
);

const nestedFilters = z.preprocess(
  jsonInString,
  z.union([z.string().max(2000), z.array(z.union([z.string().max(500), z.array(z.string().max(500)).max(100)])).max(100)]),
);

const tag = z.string().max(100);

const searchParams = z.object({
  query: z.string().max(512).default(''),
  page: integer(0, 10_000).default(0),
  hitsPerPage: integer(0, 1000).default(20),
  facets: stringList.default([]),
  facetFilters: nestedFilters.optional(),
  numericFilters: nestedFilters.optional(),
  filters: z.string().max(4000).default(''),
  highlightPreTag: tag.default('<em>'),
  highlightPostTag: tag.default('</em>'),
  attributesToRetrieve: stringList.optional(),
  attributesToHighlight: stringList.optional(),
  restrictSearchableAttributes: stringList.optional(),
  maxValuesPerFacet: integer(1, 1000).default(100),
  facetQuery: z.string().max(512).default(''),
  maxFacetHits: integer(1, 100).default(10),
});

export type SearchParams = Omit<z.infer<typeof searchParams>, 'facetFilters' | 'numericFilters' | 'filters'> & {
  /** filters, facetFilters and numericFilters together: every group must hold. */
  filters: Filters;
  /** The parameters as Algolia echoes them back (`params` of a result). */
  echo: string;
};

export class BadSearchRequest extends Error {}

const issuesOf = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');

/** The parameters of one query: its own fields, overridden by its params string. */
function readSearchParams(fields: Record<string, unknown>, paramsString?: string): SearchParams {
  const merged: Record<string, unknown> = { ...fields };
  if (paramsString) for (const [key, value] of new URLSearchParams(paramsString)) merged[key] = value;
  const parsed = searchParams.safeParse(merged);
  if (!parsed.success) throw new BadSearchRequest(issuesOf(parsed.error));
  const { facetFilters, numericFilters, filters, ...rest } = parsed.data;
  let all: Filters;
  try {
    all = [
      ...parseFilterExpression(filters),
      ...(facetFilters === undefined ? [] : readFacetFilters(facetFilters)),
      // numericFilters: the same nesting as facetFilters, each entry a comparison ("price<=2000").
      ...(numericFilters === undefined
        ? []
        : (typeof numericFilters === 'string' ? [numericFilters] : numericFilters).map((entry) =>
            (typeof entry === 'string' ? [entry] : entry).flatMap((text) => parseFilterExpression(text).flat()),
          )),
    ];
  } catch (error) {
    if (error instanceof FilterSyntaxError) throw new BadSearchRequest(error.message);
    throw error;
  }
  const echo = new URLSearchParams(
    Object.entries(merged)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  return { ...rest, filters: all, echo };
}

const queryFields = z.record(z.string(), z.unknown());

/** One query of a multi-query call: its index, and a facet search when `type` is `facet`. */
const multiRequest = z
  .object({
    indexName: z.string().min(1).max(256),
    params: z.union([z.string().max(20_000), z.record(z.string(), z.unknown())]).optional(),
    type: z.enum(['default', 'facet']).default('default'),
    facet: z.string().max(200).optional(),
  })
  .passthrough();

const multiBody = z.object({ requests: z.array(multiRequest).max(50), strategy: z.string().optional() });

export interface QueryRequest {
  indexName: string;
  params: SearchParams;
  /** Set for a facet-value search. */
  facet?: string;
}

/** The fields and params string of a body: `params` may be a string or an object of fields. */
function splitParams(body: Record<string, unknown>): { fields: Record<string, unknown>; paramsString?: string } {
  const { params, indexName: _index, type: _type, facet: _facet, ...fields } = body;
  if (typeof params === 'string') return { fields, paramsString: params };
  if (params && typeof params === 'object') return { fields: { ...fields, ...(params as Record<string, unknown>) } };
  return { fields };
}

export function readMultiQueries(body: unknown): QueryRequest[] {
  const parsed = multiBody.safeParse(body);
  if (!parsed.success) throw new BadSearchRequest(issuesOf(parsed.error));
  return parsed.data.requests.map((request) => {
    if (request.type === 'facet' && !request.facet) throw new BadSearchRequest('requests: a facet query needs its facet');
    const { fields, paramsString } = splitParams(request);
    return {
      indexName: request.indexName,
      params: readSearchParams(fields, paramsString),
      ...(request.type === 'facet' ? { facet: request.facet } : {}),
    };
  });
}

/** The body of a single-index query or facet search (`{params: "…"}` or the parameters as fields). */
export function readSingleQuery(body: unknown): SearchParams {
  const parsed = queryFields.safeParse(body ?? {});
  if (!parsed.success) throw new BadSearchRequest(issuesOf(parsed.error));
  const { fields, paramsString } = splitParams(parsed.data);
  return readSearchParams(fields, paramsString);
}
