/**
 * A product's details (src/site/product-details.ts): what only its page shows is parted from what the content
 * store keeps, written once per digest, read back checked, and removed once no entry names it.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hasDetails,
  keepDetailsOf,
  productDetails,
  productListing,
  readDetails,
  splitDetails,
  writeDetails,
} from '../../../src/site/product-details.ts';
import { productFull } from '../../../src/lib/content/wire.ts';

const details = {
  description: 'Des croquettes au canard.',
  composition: 'Canard 40 %, riz.',
  additives: 'Vitamine E.',
  energy_kcal_per_kg: 3900,
  analytical_constituents: { protein: 28, fat: 16, fibre: 3, ash: 7, moisture: 9 },
  feeding_table: [{ weightKg: 5, gramsPerDay: 90 }],
  json_avis: {
    rating: 4.5,
    count: 1,
    reviews: [{ author: 'Léa', rating: 5, date: '2026-11-02', locale: 'fr_FR', title: 'Top', body: 'Il adore.' }],
  },
};

let dir: string | undefined;
const folder = () => (dir = mkdtempSync(join(tmpdir(), 'product-details-')));
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a product’s details', () => {
  it('are every field of the full product the store does not keep, and no other', () => {
    const stored = Object.keys(productListing.shape);
    const detailed = Object.keys(productDetails.shape);
    expect([...stored, ...detailed].sort()).toEqual(Object.keys(productFull.shape).sort());
    expect(stored.filter((name) => detailed.includes(name))).toEqual([]);
    // What a product card and the lists read stays in the store.
    expect(stored).toEqual(expect.arrayContaining(['name', 'image', 'ProductVariants', 'filters', 'short_description', 'localizations']));
  });

  it('are parted from the entry without touching it', () => {
    const entry = { sku: 'CHIEN-1', name: 'Canard', locale: 'fr_FR', ...details };
    const { listing, details: parted } = splitDetails(entry);
    expect(listing).toEqual({ sku: 'CHIEN-1', name: 'Canard', locale: 'fr_FR' });
    expect(parted).toEqual(details);
    expect(entry.json_avis).toBe(details.json_avis);
  });

  it('are written once per digest and read back as written', () => {
    const at = join(folder(), 'product-details');
    expect(hasDetails(at, 'abc')).toBe(false);
    writeDetails(at, 'abc', details);
    expect(hasDetails(at, 'abc')).toBe(true);
    // A file that is there is the digest's: it is not written again.
    writeDetails(at, 'abc', { ...details, description: 'autre' });
    expect(readDetails(at, 'abc', 'CHIEN-1 (fr_FR)')).toEqual(details);
    expect(readdirSync(at)).toEqual(['abc.json']);
  });

  it('are removed once no entry names their digest', () => {
    const at = folder();
    for (const digest of ['a', 'b', 'c']) writeDetails(at, digest, details);
    keepDetailsOf(at, new Set(['b', 'z']));
    expect(readdirSync(at)).toEqual(['b.json']);
    keepDetailsOf(join(at, 'never-made'), new Set());
  });

  it('stop the build with the entry and the way out when missing, cut short or not valid', () => {
    const at = folder();
    expect(() => readDetails(at, 'gone', 'CHIEN-1 (fr_FR)')).toThrow(/CHIEN-1 \(fr_FR\).*npm run build -- --full/);
    writeFileSync(join(at, 'cut.json'), '{"description":"Des cro');
    expect(() => readDetails(at, 'cut', 'CHIEN-1 (fr_FR)')).toThrow(/cannot be read/);
    writeFileSync(join(at, 'bad.json'), JSON.stringify({ ...details, feeding_table: 'beaucoup' }));
    expect(() => readDetails(at, 'bad', 'CHIEN-1 (fr_FR)')).toThrow(/CHIEN-1 \(fr_FR\).*not valid/);
  });
});
