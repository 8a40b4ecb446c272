/**
 * The local stand-in for the CDN: serves one channel's dist/ with the rules netlify.toml gives the real
 * one — trailing-slash redirects (except .xml and .txt), shell rewrites, content redirects
 * (redirects.json), and the 404 page of the path's language.
 */
import { createServer, type Server } from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { shellRewrites } from '../../src/i18n/rewrites.ts';
import { channels, type ChannelCode } from '../../src/lib/channels.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.webp': 'image/webp', '.woff2': 'font/woff2',
};

export function staticServer(code: ChannelCode, root: string): Server {
  const rewrites = shellRewrites(channels[code].locales);
  const redirectsFile = join(root, 'redirects.json');
  const redirects = new Map<string, string>(existsSync(redirectsFile)
    ? (JSON.parse(readFileSync(redirectsFile, 'utf8')) as Array<{ from: string; to: string }>).map((r) => [r.from, r.to]) : []);

  const fileFor = (path: string): string | undefined => {
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(normalize(root))) return undefined;
    return existsSync(file) && statSync(file).isFile() ? file : undefined;
  };

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path: string;
    try { path = decodeURIComponent(url.pathname); } catch { path = '/'; }
    const send = (status: number, file: string) => {
      res.writeHead(status, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        // Built assets carry a hash in their names; pages and build info must be revalidated.
        'cache-control': file.includes('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      });
      if (req.method === 'HEAD') res.end(); else createReadStream(file).pipe(res);
    };
    const redirect = (to: string) => { res.writeHead(301, { location: to }); res.end(); };

    const target = redirects.get(path);
    if (target) return redirect(`${target}${url.search}`);
    const direct = fileFor(path);
    if (direct) return send(200, direct);
    if (!path.endsWith('/') && !/\.(xml|txt)$/.test(path) && extname(path) === '') return redirect(`${url.pathname}/${url.search}`);
    const rewrite = rewrites.find((r) => r.match.test(path));
    const shell = rewrite && fileFor(rewrite.to);
    if (shell) return send(200, shell);
    const notFound = fileFor(path.startsWith('/nl/') ? '/nl/404/' : '/404.html');
    if (notFound) return send(404, notFound);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
}
