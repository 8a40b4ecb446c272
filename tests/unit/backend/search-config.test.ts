/** The search service's settings (readSearchSettings in src/backend/config/search.ts): published keys elsewhere, the shop's own in production. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/backend/config/checks.ts';
import { readSearchSettings } from '../../../src/backend/config/search.ts';
import { EMBEDDED_SEARCH } from '../../../src/lib/search/hosts.ts';

const production = { NODE_ENV: 'production' };

describe('search service settings', () => {
  it('answers the published embedded keys outside production, looking for content changes every 2 s', () => {
    expect(readSearchSettings({})).toEqual({ ...EMBEDDED_SEARCH, refreshEveryMs: 2000 });
    expect(readSearchSettings({ SEARCH_APP_ID: 'SHOP', SEARCH_API_KEY: 'k', SEARCH_REFRESH_SECONDS: '0' })).toEqual({
      appId: 'SHOP',
      apiKey: 'k',
      refreshEveryMs: 0,
    });
  });

  it('is not mounted in production without keys (the sites search Algolia), and takes the shop’s own', () => {
    expect(readSearchSettings(production)).toBeNull();
    expect(readSearchSettings({ ...production, SEARCH_APP_ID: 'SHOP', SEARCH_API_KEY: 'a-secret-search-key' })).toMatchObject({
      appId: 'SHOP',
    });
  });

  it.each([
    ['the published key', { SEARCH_APP_ID: 'SHOP', SEARCH_API_KEY: EMBEDDED_SEARCH.apiKey }],
    ['the published application id', { SEARCH_APP_ID: EMBEDDED_SEARCH.appId, SEARCH_API_KEY: 'a-secret-search-key' }],
    ['a key without its application id', { SEARCH_API_KEY: 'a-secret-search-key' }],
  ])('refuses %s in production', (_what, env) => {
    expect(() => readSearchSettings({ ...production, ...env })).toThrow(ConfigError);
  });

  it('refuses a refresh interval that is not a number of seconds up to an hour', () => {
    for (const value of ['soon', '-1', '7200']) expect(() => readSearchSettings({ SEARCH_REFRESH_SECONDS: value })).toThrow(ConfigError);
  });
});
