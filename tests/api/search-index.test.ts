/**
 * The records the indexing script pushes to Algolia (scripts/search-index.ts) are the embedded service's
 * own: one builder (src/backend/search/records.ts), read here from the test's database and compared with
 * what the service answers; the settings pushed name the facets the service offers; and without Algolia's
 * keys the script says so and exits 0. (The script's writes to Algolia itself are not run here: the
 * embedded service does not take Algolia's indexing calls.)
 * Runs on PGlite, and on a PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPlatform, type TestPlatform } from './platform.ts';
import { EMBEDDED_SEARCH } from '../../src/lib/search/hosts.ts';
import { buildLanguageRecords } from '../../src/backend/search/records.ts';
import { algoliaSettings } from '../../src/backend/search/engine.ts';
import { localeCodes, languageOf } from '../../src/lib/channels.ts';
import { indexName, type SearchIndexKind } from '../../src/lib/search/records.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await testPlatform();
});
afterAll(async () => {
  await platform.db.close();
});

const kinds: SearchIndexKind[] = ['products', 'categories', 'articles'];

async function everything(name: string): Promise<Array<Record<string, unknown>>> {
  const res = await platform.request('/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'x-algolia-application-id': EMBEDDED_SEARCH.appId, 'x-algolia-api-key': EMBEDDED_SEARCH.apiKey },
    body: JSON.stringify({ requests: [{ indexName: name, query: '', hitsPerPage: 1000, attributesToHighlight: [] }] }),
  });
  expect(res.status).toBe(200);
  return res.body.results[0].hits;
}

describe('the indexing script’s records and settings', () => {
  it.each(localeCodes)('pushes for %s exactly the records the embedded service answers', async (locale) => {
    const uploadsUrl = 'http://platform.test/content/uploads/';
    const records = await buildLanguageRecords(platform.db, languageOf(locale), uploadsUrl);
    for (const kind of kinds) {
      const pushed = records[kind].map((entry) => entry.record);
      const served = (await everything(indexName(kind, locale))).map(({ _highlightResult, ...record }) => record);
      const byId = (list: Array<{ objectID: string }>) => [...list].sort((a, b) => a.objectID.localeCompare(b.objectID));
      expect(byId(served as Array<{ objectID: string }>), kind).toEqual(byId(pushed));
      expect(new Set(pushed.map((r) => r.objectID)).size).toBe(pushed.length);
    }
    for (const product of records.products) {
      expect(Number.isInteger(product.record.price)).toBe(true);
      expect(product.record.url.startsWith(languageOf(locale) === 'nl' ? '/nl/producten/' : '/produits/')).toBe(true);
    }
  });

  it('sets at Algolia the searchable attributes and facets the embedded service uses', () => {
    expect(algoliaSettings('products', 'fr')).toMatchObject({
      searchableAttributes: ['name', 'category', 'description'],
      attributesForFaceting: ['searchable(species)', 'searchable(kind)', 'searchable(category)'],
      queryLanguages: ['fr'],
    });
    expect(algoliaSettings('articles', 'nl')).toMatchObject({
      searchableAttributes: ['title'],
      attributesForFaceting: ['searchable(type)'],
      indexLanguages: ['nl'],
    });
    expect(algoliaSettings('categories', 'fr').attributesForFaceting).toEqual([]);
  });

  it('says so and pushes nothing without ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY', () => {
    const { ALGOLIA_APP_ID: _id, ALGOLIA_ADMIN_KEY: _key, DATABASE_URL: _db, ...env } = process.env;
    const run = spawnSync(process.execPath, ['scripts/search-index.ts'], { env: { ...env, DATA_DIR: 'memory://' }, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY are not set');
  });
});
