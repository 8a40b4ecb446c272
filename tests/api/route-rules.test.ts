/**
 * The route rules check (GET /builds/<channel>/route-rules?path=…): the redirect a path leads to, read
 * from the redirect table the channel's last build published, and read again when a rebuild replaces it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform } from '../../src/backend/app.ts';
import { appRequest, testPlatform, type TestPlatform } from './platform.ts';

let platform: TestPlatform;
let request: ReturnType<typeof appRequest>;
const dist = mkdtempSync(join(tmpdir(), 'route-rules-'));
const publish = (channel: string, rows: object[]) => {
  mkdirSync(join(dist, channel), { recursive: true });
  writeFileSync(join(dist, channel, 'redirects.json'), JSON.stringify(rows));
};

beforeAll(async () => {
  platform = await testPlatform();
  request = appRequest(
    createPlatform({ db: platform.db, siteOrigins: [], distDir: dist, shop: { jwtSecret: 'route-rules-test-secret' } }),
    platform.clientAddress,
  );
});
afterAll(async () => {
  await platform.db.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /builds/{channel}/route-rules', () => {
  it('answers the redirect of a path of the published table, or null', async () => {
    publish('fr', [
      { from: '/produits/sku-DOG-1/', to: '/produits/croquettes/', status: 301 },
      { from: '/produits/ancien-nom/', to: '/produits/croquettes/', status: 301 },
    ]);
    const rule = async (path: string) => (await request(`/builds/fr/route-rules?path=${encodeURIComponent(path)}`)).body;
    expect(await rule('/produits/ancien-nom/')).toEqual({ path: '/produits/ancien-nom/', redirect: '/produits/croquettes/' });
    expect(await rule('/produits/ancien-nom')).toEqual({ path: '/produits/ancien-nom', redirect: '/produits/croquettes/' });
    expect(await rule('/produits/sku-DOG-1/?utm=x')).toMatchObject({ redirect: '/produits/croquettes/' });
    expect(await rule('/produits/croquettes/')).toEqual({ path: '/produits/croquettes/', redirect: null });
  });

  it('reads the table again once a rebuild replaced it', async () => {
    publish('be', [{ from: '/nl/producten/oud/', to: '/nl/producten/nieuw/', status: 301 }]);
    expect((await request('/builds/be/route-rules?path=/nl/producten/oud/')).body.redirect).toBe('/nl/producten/nieuw/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    publish('be', [{ from: '/nl/producten/nieuw/', to: '/nl/producten/nieuwer/', status: 301 }]);
    expect((await request('/builds/be/route-rules?path=/nl/producten/oud/')).body.redirect).toBeNull();
    expect((await request('/builds/be/route-rules?path=/nl/producten/nieuw/')).body.redirect).toBe('/nl/producten/nieuwer/');
  });

  it('refuses a missing or relative path (400), an unknown channel (404); a channel never built has no redirect', async () => {
    expect((await request('/builds/fr/route-rules')).status).toBe(400);
    expect((await request('/builds/fr/route-rules?path=produits')).status).toBe(400);
    expect((await request(`/builds/fr/route-rules?path=/${'a'.repeat(3000)}`)).status).toBe(400);
    expect((await request('/builds/de/route-rules?path=/')).status).toBe(404);
    rmSync(join(dist, 'be'), { recursive: true });
    expect((await request('/builds/be/route-rules?path=/')).body).toEqual({ path: '/', redirect: null });
  });

  it('sends the pages of the routes in maintenance (MAINTENANCE_ROUTES, the platform’s fixed list) to the maintenance page', async () => {
    const env = { JWT_SECRET: 'route-rules-test-secret', MAINTENANCE_ROUTES: 'shops, cart, notFound, maintenance' };
    const site = 'https://www.maison-gamelle.example';
    const maintained = appRequest(
      createPlatform({ db: platform.db, siteOrigins: [site], distDir: dist, shop: { env } }),
      platform.clientAddress,
    );
    const rule = async (channel: string, path: string) =>
      (await maintained(`/builds/${channel}/route-rules?path=${encodeURIComponent(path)}`)).body;
    expect(await rule('fr', '/magasins/')).toEqual({ path: '/magasins/', redirect: '/maintenance/' });
    expect(await rule('be', '/nl/winkels/')).toEqual({ path: '/nl/winkels/', redirect: '/nl/onderhoud/' });
    expect(await rule('be', '/magasins/')).toMatchObject({ redirect: '/maintenance/' });
    expect(await rule('fr', '/maintenance/')).toMatchObject({ redirect: null });
    expect(await rule('fr', '/produits/ancien-nom/')).toMatchObject({ redirect: '/produits/croquettes/' });
    // Asked by every page of the sites, from the browser: CORS for their origins, without credentials.
    const asked = await maintained('/builds/fr/route-rules?path=/', { headers: { origin: site } });
    expect(asked.headers.get('access-control-allow-origin')).toBe(site);
    expect(asked.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('follows the routes an editor puts in maintenance while the platform runs (the site-setting single type)', async () => {
    const token = 'site-setting-editor-token';
    const running = appRequest(
      createPlatform({
        db: platform.db,
        siteOrigins: [],
        distDir: dist,
        shop: { env: { JWT_SECRET: 'route-rules-test-secret', CONTENT_EDITOR_TOKEN: token } },
      }),
      platform.clientAddress,
    );
    const setting = (body: unknown, auth = token) =>
      running('/content/api/site-setting', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` },
        body: JSON.stringify(body),
      });
    const redirectOf = async (path: string) => (await running(`/builds/fr/route-rules?path=${encodeURIComponent(path)}`)).body.redirect;
    expect(await redirectOf('/panier/')).toBeNull();

    const set = await setting({ data: { maintenance_routes: ['cart', 'shops'] } });
    expect(set.status).toBe(200);
    expect(set.body.data.maintenance_routes).toEqual(['cart', 'shops']);
    // Read again at most every 2 seconds: the next page views within that time may still see the old list.
    await expect.poll(() => redirectOf('/panier/'), { timeout: 5000, interval: 250 }).toBe('/maintenance/');
    expect(await redirectOf('/magasins/')).toBe('/maintenance/');
    expect(await redirectOf('/')).toBeNull();

    // Bad settings are refused and change nothing; without the token, nothing is read or written.
    expect((await setting({ data: { maintenance_routes: ['maintenance'] } })).status).toBe(400);
    expect((await setting({ data: { maintenance_routes: ['nowhere'] } })).status).toBe(400);
    expect((await setting({ data: { maintenance_routes: ['cart'], other: 1 } })).status).toBe(400);
    expect((await setting('not json')).status).toBe(400);
    expect((await setting({ data: { maintenance_routes: [] } }, 'wrong-token-of-the-same-size!')).status).toBe(401);
    expect((await running('/content/api/site-setting')).status).toBe(401);
    const read = await running('/content/api/site-setting', { headers: { authorization: `Bearer ${token}` } });
    expect(read.body.data.maintenance_routes).toEqual(['cart', 'shops']);

    expect((await setting({ data: { maintenance_routes: [] } })).status).toBe(200);
    await expect.poll(() => redirectOf('/panier/'), { timeout: 5000, interval: 250 }).toBeNull();
  });
});
