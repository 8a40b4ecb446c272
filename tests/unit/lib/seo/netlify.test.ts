/**
 * netlify.toml answers the addresses the local server answers: a shell's rewrite matches one segment per
 * placeholder, as the local server's pattern does, never any depth below it.
 */
import { describe, expect, it } from 'vitest';
import { netlifyToml } from '../../../../src/lib/seo/netlify.ts';
import { shellRewrites } from '../../../../src/lib/routes/rewrites.ts';
import { localeCodes } from '../../../../src/lib/channels.ts';

const rules = [...netlifyToml().matchAll(/\[\[redirects\]\]\nfrom = "([^"]+)"\nto = "([^"]+)"\nstatus = (\d+)/g)].map((m) => ({
  from: m[1]!,
  to: m[2]!,
  status: Number(m[3]),
}));

/** Netlify's matching: `:name` is one whole segment, `*` is the rest of the address; the first rule wins. */
const netlifyStatus = (path: string): number | undefined => {
  const matches = (from: string) =>
    new RegExp(
      `^${from
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/:[A-Za-z]+/g, '[^/]+')
        .replace(/\*/g, '.*')}$`,
    ).test(path);
  return rules.find((r) => matches(r.from))?.status;
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
      '/nl/web-view/S1-betaalwijziging/',
      '/mon-compte/mes-animaux/42/modifier/',
      '/mon-compte/mes-animaux/42/modifier/x/',
    ];
    expect(paths.map((p) => [p, netlifyStatus(p)])).toEqual(paths.map((p) => [p, localStatus(p)]));
  });
  it('rewrite with no splat: a splat would answer 200 at any depth', () => {
    expect(rules.filter((r) => r.status === 200 && r.from.includes('*'))).toEqual([]);
  });
});
