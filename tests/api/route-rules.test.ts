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

  it('refuses a missing or relative path (400), an unknown channel, a channel never built (404)', async () => {
    expect((await request('/builds/fr/route-rules')).status).toBe(400);
    expect((await request('/builds/fr/route-rules?path=produits')).status).toBe(400);
    expect((await request(`/builds/fr/route-rules?path=/${'a'.repeat(3000)}`)).status).toBe(400);
    expect((await request('/builds/de/route-rules?path=/')).status).toBe(404);
    rmSync(join(dist, 'be'), { recursive: true });
    expect((await request('/builds/be/route-rules?path=/')).status).toBe(404);
  });
});
