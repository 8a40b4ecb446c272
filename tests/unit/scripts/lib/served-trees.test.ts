/** The build's trees: the one Astro builds in, prepared in a thread of its own, and the swap (scripts/lib/served-trees.ts). */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILDS, prepareTreeAside, publish } from '../../../../scripts/lib/served-trees.ts';

let dist: string;
const write = (path: string, text: string, mtime?: Date) => {
  const file = join(dist, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (mtime) utimesSync(file, mtime, mtime);
};
const yesterday = new Date('2026-12-01T10:00:00Z');
const next = () => join(dist, BUILDS, 'next', 'fr');

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'served-trees-'));
  // The served tree and the one before it, as two builds leave them.
  write(`${BUILDS}/fr-1/index.html`, 'accueil v1', yesterday);
  write(`${BUILDS}/fr-1/produits/retire/index.html`, 'dépublié', yesterday);
  write(`${BUILDS}/fr-2/index.html`, 'accueil v2');
  write(`${BUILDS}/fr-2/produits/a/index.html`, 'produit a');
  symlinkSync(`${BUILDS}/fr-2`, join(dist, 'fr'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('prepareTreeAside', () => {
  it('takes the tree before the served one and makes it equal to the served one, in a thread of its own', async () => {
    await expect(prepareTreeAside(dist, 'fr', next(), false)).resolves.toBe(true);
    expect(readFileSync(join(next(), 'index.html'), 'utf8')).toBe('accueil v2');
    expect(readFileSync(join(next(), 'produits/a/index.html'), 'utf8')).toBe('produit a');
    expect(existsSync(join(next(), 'produits/retire'))).toBe(false);
    // The served tree is untouched; the older one became the build's folder.
    expect(readdirSync(join(dist, BUILDS)).sort()).toEqual(['fr-2', 'next']);
    expect(readFileSync(join(dist, 'fr/index.html'), 'utf8')).toBe('accueil v2');
  });

  it('gives a full build an empty folder, the one a failed build left moved aside', async () => {
    write(`${BUILDS}/next/fr/index.html`, 'half-written');
    await expect(prepareTreeAside(dist, 'fr', next(), true)).resolves.toBe(false);
    expect(existsSync(next())).toBe(false);
  });

  it('fails with the reason when the tree cannot be prepared', async () => {
    write(`${BUILDS}/next/fr`, 'a file where the build needs a folder');
    await expect(prepareTreeAside(dist, 'fr', next(), false)).rejects.toThrow(/EEXIST|ENOTDIR/);
  });
});

describe('publish', () => {
  it('serves the new tree in one swap of the link and keeps the one before it', async () => {
    await prepareTreeAside(dist, 'fr', next(), false);
    write(`${BUILDS}/next/fr/index.html`, 'accueil v3');
    publish(dist, 'fr', next());
    expect(readFileSync(join(dist, 'fr/index.html'), 'utf8')).toBe('accueil v3');
    const trees = readdirSync(join(dist, BUILDS)).filter((name) => name.startsWith('fr-'));
    expect(trees).toHaveLength(2);
    expect(trees).toContain('fr-2');
    expect(realpathSync(join(dist, 'fr'))).not.toBe(realpathSync(join(dist, BUILDS, 'fr-2')));
  });
});
