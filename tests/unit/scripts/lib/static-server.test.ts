/**
 * The local static server (scripts/lib/static-server.ts) on a site made here: dist/fr beside a
 * dist/fr-private folder holding a secret, so an escape from the site shows as a 200.
 */
import { mkdtempSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding, sitePath, staticServer } from '../../../../scripts/lib/static-server.ts';
import { securityHeaders } from '../../../../src/lib/security-headers.ts';

const SECRET = 'the shop owner’s secret';
// Long and repetitive enough that compression shows.
const home = `<!DOCTYPE html><html lang="fr"><head><title>Accueil</title></head><body>${'<p>Croquettes au saumon pour chien adulte.</p>'.repeat(200)}</body></html>`;
const files: Record<string, string> = {
  'fr/index.html': home,
  'fr/404.html': '<!DOCTYPE html><title>Page non trouvée</title>',
  'fr/chien/croquettes/index.html': '<!DOCTYPE html><title>Croquettes pour chien</title>',
  'fr/commande/_/confirmation/index.html': '<!DOCTYPE html><title>Confirmation de commande</title>',
  'fr/sitemap-index.xml': '<?xml version="1.0"?><sitemapindex/>',
  'fr/_astro/header.abc123.js': `export const header = ${JSON.stringify('x'.repeat(4000))};`,
  'fr/redirects.json': JSON.stringify([{ from: '/ancienne-page/', to: '/chien/croquettes/', status: 301 }]),
  'fr-private/secret.txt': SECRET,
};

let dir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-server-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  server = staticServer('FR', join(dir, 'fr'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with its path sent byte for byte (fetch would normalise dots and backslashes first). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the static server keeps to the site', () => {
  it.each([
    '/..%2ffr-private/secret.txt',
    '/..%2Ffr-private/secret.txt',
    '/%2e%2e%2ffr-private%2fsecret.txt',
    '/%2E%2E/fr-private/secret.txt',
    '/chien/..%2f..%2ffr-private/secret.txt',
    '/..%5cfr-private%5csecret.txt',
    '/..\\fr-private\\secret.txt',
    '/.%2e/fr-private/secret.txt',
    '/%252e%252e%252ffr-private/secret.txt',
    '/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/%00/../fr-private/secret.txt',
  ])('answers %s with the 404 page, never a file outside dist/fr', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain(SECRET);
    expect(answer.body.toString()).not.toContain('root:');
  });

  it.each([
    '/.//evil.example/login',
    '//evil.example/login',
    '///evil.example/login',
    '/%2fevil.example/login',
    '/%2f%2fevil.example/login',
    '/.%2f%2fevil.example/login',
    '/\\evil.example/login',
    '/%5cevil.example/login',
    '/\\/evil.example/login',
    '/./\\evil.example/login',
  ])('never redirects %s off the site', async (path) => {
    const answer = await get(path);
    if (answer.status >= 300 && answer.status < 400) {
      const location = answer.headers.location!;
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, `http://127.0.0.1:${port}/`).host).toBe(`127.0.0.1:${port}`);
    } else {
      expect(answer.status).toBe(404);
    }
  });

  it('still adds the trailing slash, keeping the query', async () => {
    const answer = await get('/chien/croquettes?tri=prix');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/chien/croquettes/?tri=prix');
  });

  it('follows the content redirects and serves shells for runtime ids', async () => {
    expect((await get('/ancienne-page/')).headers.location).toBe('/chien/croquettes/');
    const shell = await get('/commande/ABC123/confirmation/');
    expect(shell.status).toBe(200);
    expect(shell.body.toString()).toContain('Confirmation de commande');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const answer = await get('/', {}, 'POST');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });
});

describe('the static server as an origin', () => {
  it('sends brotli to a browser that accepts it, with Vary', async () => {
    const answer = await get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(home.length / 5);
    expect(brotliDecompressSync(answer.body).toString()).toBe(home);
  });

  it('sends gzip when brotli is not accepted', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const answer = await get('/', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(home);
    }
  });

  it('sends the file as it is otherwise, still varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const answer = await get('/', accept ? { 'accept-encoding': accept } : {});
      expect(answer.headers['content-encoding'], accept).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.body.toString()).toBe(home);
    }
  });

  it('compresses scripts, shells and 404 pages too, and keeps the cache rules', async () => {
    const script = await get('/_astro/header.abc123.js', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(script.body).toString()).toBe(files['fr/_astro/header.abc123.js']);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const shell = await get('/commande/ABC123/confirmation/', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(shell.body).toString()).toBe(files['fr/commande/_/confirmation/index.html']);
    const missing = await get('/pas-de-page/', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(brotliDecompressSync(missing.body).toString()).toBe(files['fr/404.html']);
    expect(missing.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers 304 to If-None-Match with the current ETag, per coding', async () => {
    for (const [path, accept] of [
      ['/', 'br'],
      ['/', 'gzip'],
      ['/', 'identity'],
      ['/commande/ABC123/confirmation/', 'br'],
      ['/sitemap-index.xml', 'gzip'],
    ] as const) {
      const first = await get(path, { 'accept-encoding': accept });
      const etag = first.headers.etag!;
      expect(etag, `${path} ${accept}`).toMatch(/^"[^"]+"$/);
      const again = await get(path, { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.status, `${path} ${accept}`).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toMatch(/accept-encoding/i);
      // A weak or listed validator matches too; another one does not.
      expect((await get(path, { 'accept-encoding': accept, 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
      expect((await get(path, { 'accept-encoding': accept, 'if-none-match': '"other"' })).status).toBe(200);
    }
    const br = (await get('/', { 'accept-encoding': 'br' })).headers.etag;
    const gzip = (await get('/', { 'accept-encoding': 'gzip' })).headers.etag;
    expect(br).not.toBe(gzip);
  });

  it('gives a 404 page an ETag but never a 304 (preconditions apply to successes only)', async () => {
    const first = await get('/pas-de-page/');
    expect(first.headers.etag).toBeDefined();
    const again = await get('/pas-de-page/', { 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(404);
    expect(again.body.toString()).toBe(files['fr/404.html']);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get1 = await get('/', { 'accept-encoding': 'br' });
    const head = await get('/', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(get1.body.length));
    expect(head.headers.etag).toBe(get1.headers.etag);
    expect(head.headers['content-encoding']).toBe('br');
    expect((await get('/pas-de-page/', {}, 'HEAD')).status).toBe(404);
  });

  it('sends the security headers with every answer', async () => {
    const etag = (await get('/')).headers.etag!;
    const answers = await Promise.all([
      get('/'),
      get('/chien/croquettes'),
      get('/pas-de-page/'),
      get('/..%2ffr-private/secret.txt'),
      get('/', { 'if-none-match': etag }),
      get('/', {}, 'HEAD'),
      get('/', {}, 'DELETE'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 301, 404, 404, 304, 200, 405]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(securityHeaders)) expect(answer.headers[name.toLowerCase()], name).toBe(value);
    }
  });
});

describe('the static server behind a swapped link (scripts/build.ts)', () => {
  it('serves the new tree and its redirects once the link names it', async () => {
    const trees = mkdtempSync(join(tmpdir(), 'static-server-swap-'));
    const tree = (name: string, title: string, redirects: Array<{ from: string; to: string }>) => {
      mkdirSync(join(trees, name, 'chien'), { recursive: true });
      writeFileSync(join(trees, name, 'chien', 'index.html'), `<!DOCTYPE html><title>${title}</title>`);
      writeFileSync(join(trees, name, 'redirects.json'), JSON.stringify(redirects.map((r) => ({ ...r, status: 301 }))));
    };
    tree('one', 'Avant', [{ from: '/ancien/', to: '/chien/' }]);
    tree('two', 'Après', [{ from: '/autre/', to: '/chien/' }]);
    symlinkSync('one', join(trees, 'fr'));
    const swapped = staticServer('FR', join(trees, 'fr'));
    await new Promise<void>((resolve) => swapped.listen(0, '127.0.0.1', resolve));
    const at = (path: string) => fetch(`http://127.0.0.1:${(swapped.address() as AddressInfo).port}${path}`, { redirect: 'manual' });
    try {
      expect(await (await at('/chien/')).text()).toContain('Avant');
      expect((await at('/ancien/')).status).toBe(301);
      symlinkSync('two', join(trees, 'next'));
      renameSync(join(trees, 'next'), join(trees, 'fr'));
      expect(await (await at('/chien/')).text()).toContain('Après');
      expect((await at('/autre/')).headers.get('location')).toBe('/chien/');
      expect((await at('/ancien/')).status).toBe(404);
    } finally {
      await new Promise((resolve) => swapped.close(resolve));
      rmSync(trees, { recursive: true, force: true });
    }
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['gzip;q=0.9, br;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0', 'identity'],
    ['identity;q=1, br;q=0.5', 'identity'],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
    ['GZIP', 'gzip'],
    ['br; q=0.5, gzip; q=0.5', 'br'],
  ] as const)('%s → %s', (header, coding) => {
    expect(negotiateEncoding(header)).toBe(coding);
  });
});

describe('sitePath', () => {
  it('decodes, collapses slashes and refuses what could leave the site', () => {
    expect(sitePath('/chien/croquettes/')).toBe('/chien/croquettes/');
    expect(sitePath('/faq/livraison%20rapide/')).toBe('/faq/livraison rapide/');
    expect(sitePath('//evil.example/login')).toBe('/evil.example/login');
    expect(sitePath('/%2f%2fevil.example')).toBe('/evil.example');
    expect(sitePath('/..%2ffr-private/')).toBeUndefined();
    expect(sitePath('/a/.%2fb')).toBeUndefined();
    expect(sitePath('/%5cevil')).toBeUndefined();
    expect(sitePath('/%00')).toBeUndefined();
    expect(sitePath('/%E0%A4%A')).toBeUndefined();
  });
});
