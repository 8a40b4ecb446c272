/**
 * netlify.toml answers the addresses the local server answers: a shell's rewrite matches one segment per
 * placeholder, as the local server's pattern does, never any depth below it.
 */
import { describe, expect, it } from 'vitest';
import { netlifyToml } from '../../../../src/lib/seo/netlify.ts';
import { shellRewrites } from '../../../../src/lib/routes/rewrites.ts';
import { localeCodes } from '../../../../src/lib/channels.ts';
import edgeFunction from '../../../../netlify/edge-functions/shell-rewrites.ts';

const rules = [...netlifyToml().matchAll(/\[\[redirects\]\]\nfrom = "([^"]+)"\nto = "([^"]+)"\nstatus = (\d+)/g)].map((m) => ({
  from: m[1]!,
  to: m[2]!,
  status: Number(m[3]),
}));

const edgeFunctions = [...netlifyToml().matchAll(/\[\[edge_functions\]\]\npath = "([^"]+)"\nfunction = "([^"]+)"/g)].map((m) => ({
  path: m[1]!,
  name: m[2]!,
}));

/** Netlify's matching: `:name` is one whole segment, `*` is the rest of the address. */
const netlifyMatches = (from: string, path: string) =>
  new RegExp(
    `^${from
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z]+/g, '[^/]+')
      .replace(/\*/g, '.*')}$`,
  ).test(path);
/**
 * What Netlify answers: an edge function declared for the path runs first (a URL it returns is a rewrite,
 * status 200; nothing lets the request go on); then the first redirect rule that matches.
 */
const netlifyStatus = (path: string): number | undefined => {
  for (const edge of edgeFunctions.filter((e) => netlifyMatches(e.path, path))) {
    expect(edge.name).toBe('shell-rewrites');
    if (edgeFunction(new Request(`https://shop.example${path}`))) return 200;
  }
  return rules.find((r) => netlifyMatches(r.from, path))?.status;
};
const localStatus = (path: string): number => (shellRewrites(localeCodes).some((r) => r.match.test(path)) ? 200 : 404);

describe('netlify.toml rewrites', () => {
  it('serve a shell only where the local server does: one FAQ query, one payment web view, not deeper', () => {
    const paths = [
      '/faq/livraison-rapide/',
      '/faq/a/b/',
      '/nl/veelgestelde-vragen/a/b/',
      '/web-view/S1-changement-de-paiement/',
      '/web-view/S1-changement-de-paiement/x/',
      '/web-view/a/b/',
      // One segment, but not the route's: Netlify's placeholder would take it, the local server does not.
      '/web-view/foo/',
      '/web-view/S1-betaalwijziging/',
      '/nl/web-view/S1-betaalwijziging/',
      '/nl/web-view/foo/',
      '/mon-compte/mes-animaux/42/modifier/',
      '/mon-compte/mes-animaux/42/modifier/x/',
    ];
    expect(paths.map((p) => [p, netlifyStatus(p)])).toEqual(paths.map((p) => [p, localStatus(p)]));
  });
  it('rewrite with no splat: a splat would answer 200 at any depth', () => {
    expect(rules.filter((r) => r.status === 200 && r.from.includes('*'))).toEqual([]);
  });
});

describe('the edge function of the shells a redirect rule cannot say', () => {
  it('rewrites a payment web view to its shell and lets anything else go on to the 404 page', () => {
    const rewrite = (path: string) => edgeFunction(new Request(`https://shop.example${path}`))?.pathname;
    expect(rewrite('/web-view/S1-changement-de-paiement/')).toBe('/web-view/_-changement-de-paiement/');
    expect(rewrite('/nl/web-view/S1-betaalwijziging/')).toBe('/nl/web-view/_-betaalwijziging/');
    expect(rewrite('/web-view/foo/')).toBeUndefined();
    expect(rewrite('/web-view/S1-changement-de-paiement/x/')).toBeUndefined();
    expect(edgeFunctions.map((e) => e.path).sort()).toEqual(['/nl/web-view/*', '/web-view/*']);
  });
});
