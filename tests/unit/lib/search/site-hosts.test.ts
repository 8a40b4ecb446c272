/** Where the site's search client sends its queries, and what the page policy lets it reach (src/lib/search/hosts.ts). */
import { describe, expect, it } from 'vitest';
import { searchHosts, searchOrigins } from '../../../../src/lib/search/hosts.ts';
import { pagePolicy, servicesFromEnv } from '../../../../src/lib/security-headers.ts';

const connectSources = (env: Record<string, string>) =>
  pagePolicy(servicesFromEnv(env))
    .directives.find((d) => d.startsWith('connect-src '))!
    .split(' ')
    .slice(1);

describe('search hosts', () => {
  it('is the one host of a URL, its path kept for the client to prefix', () => {
    expect(searchHosts('http://localhost:4400')).toEqual([{ url: 'localhost:4400', protocol: 'http', accept: 'readWrite' }]);
    expect(searchHosts('https://platform.example/search/')).toEqual([
      { url: 'platform.example/search', protocol: 'https', accept: 'readWrite' },
    ]);
  });

  it('leaves Algolia its own hosts for `algolia`', () => {
    expect(searchHosts('algolia')).toBeUndefined();
    expect(searchOrigins('algolia', 'LATENCY')).toEqual([
      'https://latency-dsn.algolia.net',
      'https://latency-1.algolianet.com',
      'https://latency-2.algolianet.com',
      'https://latency-3.algolianet.com',
    ]);
  });

  it('refuses what is not a search service', () => {
    expect(() => searchHosts('ftp://files.example')).toThrow(/http\(s\)/);
    expect(() => searchHosts('https://platform.example/?key=secret')).toThrow(/no query/);
    expect(() => searchOrigins('algolia', '')).toThrow(/PUBLIC_SEARCH_APP_ID/);
  });

  it('opens the page policy to the configured search service only', () => {
    // Unset: the embedded service at the shop API platform's root, already a connect source.
    expect(connectSources({})).toContain('http://localhost:4400');
    expect(connectSources({ PUBLIC_SEARCH_URL: 'https://search.example/api' })).toContain('https://search.example');
    const algolia = connectSources({ PUBLIC_SEARCH_URL: 'algolia', PUBLIC_SEARCH_APP_ID: 'ABC123' });
    expect(algolia).toContain('https://abc123-dsn.algolia.net');
    expect(algolia).toContain('https://abc123-3.algolianet.com');
    expect(() => connectSources({ PUBLIC_SEARCH_URL: 'algolia' })).toThrow(/PUBLIC_SEARCH_APP_ID/);
  });
});
