/**
 * The local stand-in for the CDN: serves one channel's dist/ with the rules netlify.toml gives the real
 * one — trailing-slash redirects (except .xml and .txt), shell rewrites, content redirects
 * (redirects.json), the 404 page of the path's language, and the security headers of
 * src/lib/security-headers.ts. It is an origin server too: text is compressed (brotli or gzip, as the
 * browser asks), and every representation has an ETag, so a revalidation costs a 304.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { z } from 'zod';
import { shellRewrites } from '../../src/lib/routes/rewrites.ts';
import { channels, type ChannelCode } from '../../src/lib/channels.ts';
import { securityHeaders } from '../../src/lib/security-headers.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
};
/** Formats that are already compressed (images, fonts) gain nothing from a second pass. */
const compressible = new Set(['.html', '.js', '.css', '.json', '.xml', '.txt', '.svg', '.ico', '.webmanifest']);

type Coding = 'br' | 'gzip' | 'identity';

/**
 * The coding to answer with (RFC 9110 §12.5.3): the acceptable one with the highest weight, brotli
 * before gzip on a tie; the file as it is when neither is acceptable.
 */
export function negotiateEncoding(header: string | undefined): Coding {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((c) => weightOf(c) > 0).sort((a, b) => weightOf(b) - weightOf(a))[0];
  // Unlisted, identity is acceptable but not preferred; listed, it wins only with a higher weight.
  const identity = weights.get('identity');
  return best && (identity === undefined || weightOf(best) >= identity) ? best : 'identity';
}

/**
 * A request path as a safe site path: decoded, with no `..` segment, no backslash and no NUL (so an
 * encoded `%2f..` or `%5c` cannot climb out of the site), and with runs of slashes collapsed (so a
 * redirect built from it can never start with `//`, which a browser reads as another host).
 * undefined when the path cannot be served at all.
 */
export function sitePath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (/[\\\0]/.test(decoded)) return undefined;
  const path = `/${decoded.replace(/^\/+/, '')}`.replace(/\/{2,}/g, '/');
  // The URL parser already resolved the literal dot segments: these came in encoded, so refuse them.
  return path.split('/').some((s) => s === '..' || s === '.') ? undefined : path;
}

/** A Location for a redirect inside the site: one leading slash, never `//` or `/\` (another host). */
const sameSite = (path: string, search: string) => `/${path.replace(/^[/\\]+/, '')}${search}`;

const redirectsSchema = z.array(z.object({ from: z.string(), to: z.string() }));

interface Variant {
  body: Buffer;
  etag: string;
}

export function staticServer(code: ChannelCode, root: string): Server {
  const base = resolve(root);
  const rewrites = shellRewrites(channels[code].locales);
  const redirectsFile = resolve(base, 'redirects.json');
  // The root may be a link that a rebuild swaps to a new tree (scripts/build.ts): the table is read again
  // when the file it names is another one (its inode or mtime changed).
  let redirects = { version: '', table: new Map<string, string>() };
  const redirectsNow = (): Map<string, string> => {
    const stats = statSync(redirectsFile, { throwIfNoEntry: false });
    const version = stats ? `${stats.ino}:${stats.mtimeMs}` : '';
    if (version !== redirects.version) {
      const rows = stats ? redirectsSchema.parse(JSON.parse(readFileSync(redirectsFile, 'utf8'))) : [];
      redirects = { version, table: new Map(rows.map((r) => [r.from, r.to])) };
    }
    return redirects.table;
  };

  const fileFor = (path: string): { file: string; stats: Stats } | undefined => {
    const file = resolve(base, `.${path.endsWith('/') ? `${path}index.html` : path}`);
    // The separator matters: dist/fr-private starts with dist/fr too.
    if (!file.startsWith(base + sep)) return undefined;
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats?.isFile() ? { file, stats } : undefined;
  };

  /**
   * Compressed variants, kept while the file is unchanged (same size and mtime): a page is compressed
   * once, not once per request. Bounded, oldest out first, so a big catalogue does not fill memory.
   */
  const variants = new Map<string, Promise<Variant>>();
  const VARIANTS_KEPT = 2000;
  const variantOf = (file: string, stats: Stats, coding: Coding): Promise<Variant> => {
    const key = `${coding}:${stats.size}:${stats.mtimeMs}:${file}`;
    let variant = variants.get(key);
    if (!variant) {
      variant = (async () => {
        const raw = await readFile(file);
        const body =
          coding === 'br'
            ? await promisify(brotliCompress)(raw, {
                params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
              })
            : coding === 'gzip'
              ? await promisify(gzip)(raw, { level: 9 })
              : raw;
        // A strong validator per representation: the content's hash, and the coding (RFC 9110 §8.8.3).
        const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 27);
        return { body, etag: `"${hash}${coding === 'identity' ? '' : `-${coding}`}"` };
      })();
      variant.catch(() => variants.delete(key));
      variants.set(key, variant);
      if (variants.size > VARIANTS_KEPT) variants.delete(variants.keys().next().value!);
    }
    return variant;
  };

  const baseHeaders = (res: ServerResponse) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  };

  const send = async (req: IncomingMessage, res: ServerResponse, status: 200 | 404, { file, stats }: { file: string; stats: Stats }) => {
    const ext = extname(file);
    const canCompress = compressible.has(ext);
    const coding = canCompress ? negotiateEncoding(req.headers['accept-encoding']) : 'identity';
    const { body, etag } = await variantOf(file, stats, coding);
    baseHeaders(res);
    res.setHeader('content-type', types[ext] ?? 'application/octet-stream');
    // Built assets carry a hash in their names; pages and build info must be revalidated.
    res.setHeader(
      'cache-control',
      file.includes(`${sep}_astro${sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    );
    if (canCompress) res.setHeader('vary', 'Accept-Encoding');
    if (coding !== 'identity') res.setHeader('content-encoding', coding);
    res.setHeader('etag', etag);
    // Preconditions only apply where the answer would be a success (RFC 9110 §13.2.1): a 404 page
    // carries its ETag but is never answered 304.
    if (status === 200 && matches(req.headers['if-none-match'], etag)) {
      res.writeHead(304).end();
      return;
    }
    res.setHeader('content-length', body.length);
    res.writeHead(status);
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  };

  return createServer((req, res) => {
    const handle = async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        baseHeaders(res);
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
        return;
      }
      // Parsed as a path of this host: as a relative URL, `//evil.example/x` would name another host.
      const requested = req.url ?? '/';
      const url = new URL(requested.startsWith('/') ? `http://localhost${requested}` : requested, 'http://localhost');
      const path = sitePath(url.pathname);
      const redirect = (to: string) => {
        baseHeaders(res);
        res.writeHead(301, { location: to }).end();
      };
      const notFound = () => {
        const page = fileFor(path?.startsWith('/nl/') ? '/nl/404/' : '/404.html');
        if (page) return send(req, res, 404, page);
        baseHeaders(res);
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      };
      if (path === undefined) return notFound();

      const target = redirectsNow().get(path);
      if (target) return redirect(`${target}${url.search}`);
      const direct = fileFor(path);
      if (direct) return send(req, res, 200, direct);
      if (!path.endsWith('/') && !/\.(xml|txt)$/.test(path) && extname(path) === '') {
        return redirect(sameSite(`${path.split('/').map(encodeURIComponent).join('/')}/`, url.search));
      }
      const rewrite = rewrites.find((r) => r.match.test(path));
      const shell = rewrite && fileFor(rewrite.to);
      if (shell) return send(req, res, 200, shell);
      return notFound();
    };
    handle().catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end();
    });
  });
}

/** If-None-Match against a representation's ETag, by weak comparison as RFC 9110 §13.1.2 asks. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
