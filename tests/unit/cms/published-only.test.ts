/**
 * Strapi's REST API without a token answers published entries only (cms/src/middlewares/published-only.ts): the
 * `status` parameter, in every form Strapi's query parser reads, is dropped from the public role's requests.
 */
import { describe, expect, it } from 'vitest';
import publishedOnly, { withoutStatus } from '../../../cms/src/middlewares/published-only.ts';

const request = async (path: string, querystring: string, authorization?: string) => {
  const ctx = { path, querystring, request: { header: { authorization } } };
  let reached = false;
  await publishedOnly()(ctx, async () => {
    reached = true;
  });
  expect(reached).toBe(true);
  return ctx.querystring;
};

describe('published entries only, without a token', () => {
  it('drops status in each form qs reads, and keeps the rest', () => {
    expect(withoutStatus('status=draft&locale=fr')).toBe('locale=fr');
    expect(withoutStatus('locale=fr&status%5B0%5D=draft&fields%5B0%5D=sku')).toBe('locale=fr&fields%5B0%5D=sku');
    expect(withoutStatus('status[]=draft')).toBe('');
    expect(withoutStatus('locale=fr&populate[status]=x')).toBeNull();
    expect(withoutStatus('locale=fr&statusCode=1')).toBeNull();
  });

  it('leaves a request with a token, or outside the REST API, as it is', async () => {
    expect(await request('/api/b2c-products', 'status=draft&locale=fr')).toBe('locale=fr');
    expect(await request('/api/b2c-products', 'status=draft', 'Bearer token')).toBe('status=draft');
    expect(await request('/content-manager/collection-types/x', 'status=draft')).toBe('status=draft');
    expect(await request('/api/b2c-products', 'locale=fr&pagination[pageSize]=1')).toBe('locale=fr&pagination[pageSize]=1');
  });
});
