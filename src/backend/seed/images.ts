/**
 * The seed's pictures, derived from the catalogue's rows (the fixtures hold no image): a pack shot per
 * product and language (its recipe name and species in that language, its range's colour, a bag, a tin or
 * a pouch by kind; no format, as one picture serves every format's page), and a banner per category (its
 * lead products' packs) and per content or landing page (the best sellers' packs), each rendered to PNG
 * once and named by its hash.
 */
import { availableParallelism } from 'node:os';
import { languages, type Language } from '../../lib/channels.ts';
import { bannerAlt, bannerSvg, packshotAlt, packshotSvg, type BannerInput } from '../../lib/catalogue/packshot.ts';
import { renderPng, thumbnailOf, type Upload } from '../content/uploads.ts';
import type { CatalogueFixture, ProductFixture } from './fixture-schema.ts';

/** A row's image: the upload it names and its alternative text, in the row's language. */
interface RowImage {
  image_file: string;
  image_alt: string;
}

export interface CatalogueImages {
  /** Every file, a thumbnail before the master that names it. */
  uploads: Upload[];
  /** By `{key}/{language}`: a product's SKU, a category's or a page's key. */
  products: Map<string, RowImage>;
  categories: Map<string, RowImage>;
  pages: Map<string, RowImage>;
}

/** Background tints of the banners: warm for dogs, cool for cats, the shop's cream for pages. */
const TINTS = { dog: '#efe2cc', cat: '#dfe7ea', page: '#f1e9dc' } as const;

/** `fn` over `items`, at most `limit` at a time (renders hold a decoded canvas each). */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const listed = (p: ProductFixture) => p.viewable && !p.isSample;
const pack = (p: ProductFixture): BannerInput['packs'][number] => ({ kind: p.kind, animal: p.animal, colour: p.colour });

export async function catalogueImages(c: CatalogueFixture): Promise<CatalogueImages> {
  interface Job {
    map: 'products' | 'categories' | 'pages';
    key: string;
    language: Language;
    stem: string;
    svg: string;
    alt: string;
  }
  const jobs: Job[] = [];
  for (const language of languages) {
    for (const p of c.products) {
      const input = { language, kind: p.kind, animal: p.animal, colour: p.colour, name: p.name[language] };
      jobs.push({
        map: 'products',
        key: p.sku,
        language,
        stem: `${p.sku.toLowerCase()}-${language}`,
        svg: packshotSvg(input),
        alt: packshotAlt(input),
      });
    }
    // A category shows its first products in the editor's order (its own, or its subcategories' for a parent).
    const byPosition = c.products.filter(listed).sort((a, b) => a.position - b.position);
    const below = (key: string): string[] => [key, ...c.categories.filter((cat) => cat.parent === key).flatMap((cat) => below(cat.key))];
    for (const cat of c.categories) {
      const keys = below(cat.key);
      const lead = byPosition.filter((p) => p.categories.some((k) => keys.includes(k))).slice(0, 3);
      const svg = bannerSvg({ title: cat.name[language], tint: TINTS[cat.animal], packs: lead.map(pack) });
      jobs.push({
        map: 'categories',
        key: cat.key,
        language,
        stem: `category-${cat.key}-${language}`,
        svg,
        alt: bannerAlt(cat.name[language]),
      });
    }
    const bestSellers = c.products
      .filter(listed)
      .sort((a, b) => a.bestSellerRank - b.bestSellerRank)
      .slice(0, 3);
    for (const page of c.pages) {
      const svg = bannerSvg({ title: page.title[language], tint: TINTS.page, packs: bestSellers.map(pack) });
      jobs.push({ map: 'pages', key: page.key, language, stem: `page-${page.key}-${language}`, svg, alt: bannerAlt(page.title[language]) });
    }
  }
  // Each master with its thumbnail, as Strapi's upload plugin stores an upload; the thumbnail first, as the
  // master names it.
  const rendered = await mapLimit(jobs, Math.max(2, availableParallelism()), async (job) => {
    const master = await renderPng(job.svg, job.stem);
    const thumbnail = await thumbnailOf(master, job.stem);
    return [thumbnail, { ...master, thumbnail: thumbnail.name }] as const;
  });
  const result: CatalogueImages = { uploads: rendered.flat(), products: new Map(), categories: new Map(), pages: new Map() };
  for (const [i, job] of jobs.entries())
    result[job.map].set(`${job.key}/${job.language}`, { image_file: rendered[i]![1].name, image_alt: job.alt });
  return result;
}
