/**
 * The sites' browsers ask the content service's nutrition calls themselves (the product page's ration
 * calculator, the guides): those calls grant the sites' origins, and only those calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPlatform, type TestPlatform } from './platform.ts';

let platform: TestPlatform;
let kibble: string;
beforeAll(async () => {
  platform = await testPlatform();
  kibble = (
    await platform.db.query<{ sku: string }>(
      `SELECT sku FROM content.products WHERE language = 'fr' AND animal = 'dog' AND kind = 'dry' AND NOT is_sample
       AND viewable AND NOT old_product ORDER BY position LIMIT 1`,
    )
  )[0]!.sku;
});
afterAll(async () => {
  await platform.db.close();
});

const site = 'http://localhost:4321';
const fromSite = (path: string, init: RequestInit = {}) =>
  platform.request(path, { ...init, headers: { origin: site, ...(init.headers as Record<string, string>) } });

describe('the nutrition calls from a site’s browser', () => {
  it('b2c-rations/getReco grants the site’s origin, without credentials', async () => {
    const res = await fromSite(`/content/b2c-rations/getReco?ref=${kibble}&weight=15&month=36&locale=fr`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(site);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
  it('b2c-recommendation/getReco answers the preflight of a JSON POST', async () => {
    const res = await fromSite('/content/b2c-recommendation/getReco?locale=fr', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(site);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });
  it('grants no other origin, and the rest of the content service stays for the builds', async () => {
    const stranger = await platform.request(`/content/b2c-rations/getReco?ref=${kibble}&weight=15&month=36&locale=fr`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const products = await fromSite('/content/b2c-products?locale=fr');
    expect(products.headers.get('access-control-allow-origin')).toBeNull();
  });
});
