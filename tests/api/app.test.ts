/**
 * The platform's own routes (src/backend/app.ts): /health, which names the database driver, and
 * /builds/:channel/latest.json, what each channel's last build published. Also the one test that says
 * which driver this pass really ran on: always run, in both passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testPlatform, type TestPlatform } from './platform.ts';
import { createPlatform } from '../../src/backend/app.ts';
import { expectedDriver } from '../support/test-database.ts';

let platform: TestPlatform;
let distDir: string;

beforeAll(async () => {
  platform = await testPlatform();
  distDir = mkdtempSync(join(tmpdir(), 'mg-app-dist-'));
});
afterAll(async () => {
  await platform.db.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the pass', () => {
  it('runs on the driver it says: PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise', async () => {
    // Spelled out rather than read from expectedDriver(): this is the line that makes a PostgreSQL pass
    // which quietly opened PGlite fail.
    expect(platform.db.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(expectedDriver()).toBe(platform.db.driver);
    const [{ version }] = (await platform.db.query<{ version: string }>('SELECT version()')) as [{ version: string }];
    expect(version).toMatch(/^PostgreSQL \d+/);
    // PGlite is PostgreSQL compiled to WebAssembly: its version string names the emscripten build.
    if (platform.db.driver === 'pglite') expect(version).toMatch(/emscripten|wasm/i);
    else expect(version).not.toMatch(/emscripten|wasm/i);
  });
});

describe('GET /health', () => {
  it('answers ok with the driver it reached the database through', async () => {
    const res = await platform.get('/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ status: 'ok', database: platform.db.driver });
  });

  it('fails (500) when the database does not answer, rather than saying ok', async () => {
    const broken = createPlatform({
      db: {
        ...platform.db,
        query: async () => {
          throw new Error('connection refused');
        },
      },
      siteOrigins: [],
      shop: { env: { JWT_SECRET: 'api-test-secret' } },
    });
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => {
      errors.push(args);
    };
    try {
      const res = await broken.request('http://platform.test/health');
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        data: null,
        error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' },
      });
    } finally {
      console.error = log;
    }
    expect(errors).toHaveLength(1);
  });
});

describe('GET /builds/:channel/latest.json', () => {
  const app = () => createPlatform({ db: platform.db, siteOrigins: [], distDir, shop: { env: { JWT_SECRET: 'api-test-secret' } } });
  const get = async (path: string) => {
    const res = await app().request(`http://platform.test${path}`);
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('answers 404 before the channel’s first build, then the file the build wrote', async () => {
    expect(await get('/builds/fr/latest.json')).toEqual({ status: 404, body: { error: 'No build yet' } });

    const info = { id: 'fr-20261120080000000', channel: 'FR', builtAt: '2026-11-20T08:00:00.000Z' };
    mkdirSync(join(distDir, 'fr', 'builds'), { recursive: true });
    writeFileSync(join(distDir, 'fr', 'builds', 'latest.json'), JSON.stringify(info));
    expect(await get('/builds/fr/latest.json')).toEqual({ status: 200, body: info });
    // The channel is matched without regard to case; the other channel still has no build.
    expect(await get('/builds/FR/latest.json')).toEqual({ status: 200, body: info });
    expect(await get('/builds/be/latest.json')).toEqual({ status: 404, body: { error: 'No build yet' } });
  });

  it('answers 404 for an unknown channel, without reading outside the dist folder', async () => {
    // A file where a path escape would find it: it must never be served.
    mkdirSync(join(distDir, 'de', 'builds'), { recursive: true });
    writeFileSync(join(distDir, 'de', 'builds', 'latest.json'), JSON.stringify({ secret: true }));
    for (const channel of ['de', 'lu', 'frx', 'fr.', '..%2Ffr', 'fr%00']) {
      expect(await get(`/builds/${channel}/latest.json`), channel).toEqual({ status: 404, body: { error: 'Unknown channel' } });
    }
    // Dot segments resolve before routing: no route at all.
    expect(await get('/builds/%2e%2e/de/builds/latest.json')).toEqual({ status: 404, body: { error: 'Not Found' } });
  });

  it('answers 404 (not 500) for a build file that is not JSON yet (a build writing it)', async () => {
    mkdirSync(join(distDir, 'be', 'builds'), { recursive: true });
    writeFileSync(join(distDir, 'be', 'builds', 'latest.json'), '{"channel":"BE","built');
    expect(await get('/builds/be/latest.json')).toEqual({ status: 404, body: { error: 'No build yet' } });
  });
});
