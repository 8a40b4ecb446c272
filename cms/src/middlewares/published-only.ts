/**
 * Strapi 5's REST API answers `?status=draft` to whoever may read a content type, its public role included (checked
 * on this project: `GET /api/b2c-products?status=draft` listed the product the seed keeps unpublished). A draft is
 * what an editor has not published yet: a product not on sale, a price not announced. So a request without a token
 * (the public role) is answered the published entries only: its `status` parameter is dropped before Strapi reads
 * the query (it parses the query string when a controller first asks). A request with a token (the build's
 * read-only API token) is left as it is: Strapi checks the token itself.
 */

/** What is used here of Koa's context. */
interface Context {
  path: string;
  querystring: string;
  request: { header: Record<string, string | string[] | undefined> };
}

/**
 * The query string without its `status` parameter, in any of the forms qs reads (`status`, `status[0]`, `status[]`),
 * or null when it has none (the query string is then left byte for byte).
 */
export function withoutStatus(querystring: string): string | null {
  const params = new URLSearchParams(querystring);
  const status = [...params.keys()].filter((name) => /^status(\[|$)/.test(name));
  if (status.length === 0) return null;
  for (const name of status) params.delete(name);
  return params.toString();
}

export default () => async (ctx: Context, next: () => Promise<void>) => {
  if (ctx.path.startsWith('/api/') && !ctx.request.header.authorization) {
    const published = withoutStatus(ctx.querystring);
    if (published !== null) ctx.querystring = published;
  }
  await next();
};
