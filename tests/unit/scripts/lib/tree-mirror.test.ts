/** Mirroring a served tree into the build's folder, and removing what a build no longer makes (scripts/lib/tree-mirror.ts). */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mirrorTree, removeUnwritten } from '../../../../scripts/lib/tree-mirror.ts';

let dir: string;
const write = (path: string, text: string, mtime?: Date) => {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (mtime) utimesSync(file, mtime, mtime);
};
const read = (path: string) => readFileSync(join(dir, path), 'utf8');
const files = (root: string) =>
  readdirSync(join(dir, root), { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, root, name)).isFile())
    .sort();

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tree-mirror-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('mirrorTree', () => {
  it('copies what changed, removes what the source lacks and leaves the rest', () => {
    const before = new Date('2026-11-27T10:00:00Z');
    const after = new Date('2026-11-28T10:00:00Z');
    write('served/index.html', 'accueil v2', after);
    write('served/produits/a/index.html', 'produit a', before);
    write('served/produits/b/index.html', 'prix 12,90 €', after);
    write('served/chien/index.html', 'nouvelle catégorie', after);
    write('old/index.html', 'accueil v1', before);
    write('old/produits/a/index.html', 'produit a', before);
    write('old/produits/b/index.html', 'prix 11,90 €', before);
    write('old/produits/retire/index.html', 'dépublié', before);
    write('old/chat', 'a file where the source has a folder', before);

    expect(mirrorTree(join(dir, 'served'), join(dir, 'old'))).toBe(3);
    expect(files('old')).toEqual(files('served'));
    expect(read('old/produits/b/index.html')).toBe('prix 12,90 €');
    expect(read('old/index.html')).toBe('accueil v2');
    // Copied with the source's time: mirroring again copies nothing.
    expect(statSync(join(dir, 'old/produits/b/index.html')).mtime).toEqual(after);
    expect(mirrorTree(join(dir, 'served'), join(dir, 'old'))).toBe(0);
  });

  it('copies a file written at a fraction of a millisecond once, not again on every mirror after', () => {
    // A build writes its files at any time, 1796161304.6366644 s for one: a copy timed to the rounded
    // millisecond (.637) differed from its source, and the two trees the builds take in turn kept copying it.
    const file = join(dir, 'served/index.html');
    write('served/index.html', 'accueil');
    utimesSync(file, 1796161304.6366644, 1796161304.6366644);
    expect(mirrorTree(join(dir, 'served'), join(dir, 'a'))).toBe(1);
    expect(mirrorTree(join(dir, 'a'), join(dir, 'b'))).toBe(1);
    expect(mirrorTree(join(dir, 'b'), join(dir, 'a'))).toBe(0);
    expect(mirrorTree(join(dir, 'served'), join(dir, 'b'))).toBe(0);
  });

  it('copies a file of the same time whose size differs', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    write('served/index.html', 'long text', at);
    write('copy/index.html', 'short', at);
    expect(mirrorTree(join(dir, 'served'), join(dir, 'copy'))).toBe(1);
    expect(read('copy/index.html')).toBe('long text');
  });
});

describe('removeUnwritten', () => {
  it('removes files older than the build that it does not keep, and the folders left empty', () => {
    const before = new Date('2026-11-27T10:00:00Z');
    write('tree/produits/a/index.html', 'cached page', before);
    write('tree/produits/retire/index.html', 'unpublished page', before);
    write('tree/_astro/old.js', 'old chunk', before);
    write('tree/_astro/new.js', 'new chunk');
    const since = new Date('2026-11-28T00:00:00Z').getTime();

    expect(removeUnwritten(join(dir, 'tree'), since, new Set(['produits/a/index.html']))).toBe(2);
    expect(files('tree')).toEqual(['_astro/new.js', 'produits/a/index.html']);
    expect(readdirSync(join(dir, 'tree/produits'))).toEqual(['a']);
  });
});
