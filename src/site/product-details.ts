/**
 * What only a product's own page shows (its texts, its tables and its reviews: half of the catalogue's
 * bytes) is kept out of Astro's content store, in one file per entry named by the entry's digest, beside
 * the store in the channel's cache (so Netlify's build cache keeps both). Every build serialises the whole
 * store again, bundles it into its code and reads it back whole before the first page: the lists need only
 * what a product card shows, and a product page reads its own file. A file is written once per digest, so a
 * file that is there is the entry's; the loader (src/content.config.ts) reads a product again when its file
 * is missing and removes the files no entry names any more. `npm run dev` keeps its content store elsewhere
 * but shares this folder: a file one of them removes, the other's loader reads again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { productFull } from '../lib/content/wire.ts';
import { astroCacheDir } from '../lib/local-defaults.ts';

const fields = {
  description: true,
  composition: true,
  additives: true,
  energy_kcal_per_kg: true,
  analytical_constituents: true,
  // Its weights are the rows a product page shows; a food's grams are the engine's (lib/catalogue/feeding-table.ts).
  feeding_table: true,
  json_avis: true,
} as const;
export const productDetails = productFull.pick(fields);
export type ProductDetails = z.infer<typeof productDetails>;
/** A product as the content store keeps it. */
export const productListing = productFull.omit(fields);

/** The channel's folder of product details, the same for the loader and the pages (both run in the build). */
export const detailsDir = (channel: string, env: Record<string, string | undefined>) =>
  join(astroCacheDir(channel, env), 'product-details');

const fileOf = (dir: string, digest: string) => join(dir, `${digest}.json`);

/** A product's entry parted into what the store keeps and what its file holds. */
export function splitDetails<T extends ProductDetails>(entry: T): { listing: Omit<T, keyof ProductDetails>; details: ProductDetails } {
  const listing: Record<string, unknown> = { ...entry };
  const details: Record<string, unknown> = {};
  for (const name of Object.keys(fields)) {
    details[name] = listing[name];
    delete listing[name];
  }
  return { listing: listing as Omit<T, keyof ProductDetails>, details: details as ProductDetails };
}

export const hasDetails = (dir: string, digest: string) => existsSync(fileOf(dir, digest));

/** Writes an entry's details unless its file is there; renamed into place, so a build stopped halfway leaves no half file. */
export function writeDetails(dir: string, digest: string, details: ProductDetails): void {
  const file = fileOf(dir, digest);
  if (existsSync(file)) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${file}.part`, JSON.stringify(details));
  renameSync(`${file}.part`, file);
}

/** Removes the files of entries the store no longer holds (an edit gives its entry a new digest). */
export function keepDetailsOf(dir: string, digests: ReadonlySet<string>): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (!digests.has(name.replace(/\.json$/, ''))) rmSync(join(dir, name), { force: true });
}

/** An entry's details, checked as they are read (the cache is storage from outside this build). */
export function readDetails(dir: string, digest: string, entry: string): ProductDetails {
  const file = fileOf(dir, digest);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new Error(`The details of product ${entry} cannot be read (${file}): run \`npm run build -- --full\`.`, { cause });
  }
  const parsed = productDetails.safeParse(data);
  if (!parsed.success) throw new Error(`The details of product ${entry} in ${file} are not valid: ${parsed.error.message}`);
  return parsed.data;
}
