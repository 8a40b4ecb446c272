/**
 * The site's search client (src/lib/search/client.ts): algoliasearch's lite client pointed by `hosts` at a
 * service of the test's own, and SPEC §8's reading of its failures.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchClient, searchFailure } from '../../../../src/lib/search/client.ts';

/** A server answering each path with the status the test set; it records what it was asked. */
let server: Server;
let origin: string;
const asked: Array<{ url: string; body: string; appId: string | undefined }> = [];
let status = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const appId =
        (req.headers['x-algolia-application-id'] as string | undefined) ??
        new URL(req.url!, 'http://x').searchParams.get('x-algolia-application-id') ??
        undefined;
      asked.push({ url: req.url!, body, appId });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        status === 200
          ? JSON.stringify({
              results: [
                {
                  hits: [{ objectID: 'a' }],
                  nbHits: 1,
                  page: 0,
                  nbPages: 1,
                  hitsPerPage: 20,
                  processingTimeMS: 1,
                  query: 'chat',
                  params: '',
                },
              ],
            })
          : JSON.stringify({ message: 'down', status }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = (url: string) => ({ appId: 'EMBEDDED', apiKey: 'embedded-search-key', url });

describe('the search client', () => {
  it('asks the configured service, under its path', async () => {
    status = 200;
    asked.length = 0;
    const { results } = await createSearchClient(settings(`${origin}/search/`)).search({
      requests: [{ indexName: 'products_fr_FR', query: 'chat' }],
    });
    expect(results[0] && 'hits' in results[0] ? results[0].hits.map((h: { objectID: string }) => h.objectID) : []).toEqual(['a']);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toMatch(/^\/search\/1\/indexes\/\*\/queries\?/);
    expect(asked[0]!.appId).toBe('EMBEDDED');
    expect(JSON.parse(asked[0]!.body)).toEqual({ requests: [{ indexName: 'products_fr_FR', query: 'chat' }] });
  });

  it('reads a service that answers with an error as unavailable, asked once', async () => {
    for (const code of [503, 403]) {
      status = code;
      asked.length = 0;
      const error = await createSearchClient(settings(origin))
        .search({ requests: [{ indexName: 'products_fr_FR', query: `chat ${code}` }] })
        .catch((e: unknown) => e);
      expect(searchFailure(error)).toBe('unavailable');
      expect(asked).toHaveLength(1);
    }
  });

  it('reads a service it cannot reach as a network failure', async () => {
    // A port nobody listens on: the one the test's server had before it closed would race; take a new one and close it.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await createSearchClient(settings(`http://127.0.0.1:${port}`))
      .search({ requests: [{ indexName: 'products_fr_FR', query: 'chat' }] })
      .catch((e: unknown) => e);
    expect(searchFailure(error)).toBe('network');
  });
});

describe('reading a failure (SPEC §8)', () => {
  const retryError = (response: object) => ({ name: 'RetryError', message: 'Unreachable hosts', stackTrace: [{ response }] });

  it('says network for status 0 and the client’s network and time-out messages', () => {
    expect(searchFailure({ status: 0 })).toBe('network');
    expect(searchFailure(new Error('Network request failed'))).toBe('network');
    expect(searchFailure(retryError({ status: 0, content: 'Network request failed', isTimedOut: false }))).toBe('network');
    expect(searchFailure(retryError({ status: 0, content: 'Connection timeout', isTimedOut: true }))).toBe('network');
    expect(searchFailure(retryError({ status: 0, content: 'Socket timeout', isTimedOut: true }))).toBe('network');
  });

  it('says unavailable for the rest', () => {
    expect(searchFailure(retryError({ status: 502, content: 'Bad gateway', isTimedOut: false }))).toBe('unavailable');
    expect(searchFailure({ name: 'ApiError', status: 400, message: 'Unknown parameter' })).toBe('unavailable');
    expect(searchFailure('boom')).toBe('unavailable');
    expect(searchFailure(null)).toBe('unavailable');
  });
});
