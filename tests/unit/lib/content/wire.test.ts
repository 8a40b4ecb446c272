/**
 * The content service's image fields on the wire (src/lib/content/wire.ts): Strapi's url, fileHash and
 * alternativeText (with the file's size and type) on products, categories and pages; an entry without a
 * picture says null, or nothing at all (a service that predates pictures).
 */
import { describe, expect, it } from 'vitest';
import { category, contentImage, contentPage, productSummary } from '../../../../src/lib/content/wire.ts';

const image = {
  url: 'https://content.example/content/uploads/dog-dry-puppy-chicken-fr-0123456789ab.png',
  fileHash: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  alternativeText: 'Croquettes Chiot Poulet & Riz, sac de 2 kg',
  width: 720,
  height: 720,
  mime: 'image/png',
};
const summary = {
  sku: 'DOG-DRY',
  slug: 'croquettes',
  viewable: true,
  oldProduct: false,
  updatedAt: '2026-11-20T09:30:00.000Z',
  name: 'Croquettes',
  animal: 'dog',
  kind: 'dry',
  isSample: false,
  position: 1,
  best_seller_rank: 1,
  first_sell_at: '2024-01-01',
  colour: '#8a5a2b',
  rating: 4.5,
  review_count: 12,
  short_description: 'Court',
  filters: { lifeStage: 'adult', size: 'all', sterilised: false, grainFree: true, mainProtein: 'chicken' },
  categories: ['dog'],
  ProductVariants: [],
};
const categoryEntry = {
  key: 'dog',
  parent: null,
  animal: 'dog',
  position: 1,
  slug: 'chien',
  path: 'chien',
  name: 'Chien',
  description: 'Tout pour le chien',
  localizations: { fr: 'chien', nl: 'hond' },
  updatedAt: '2026-11-20T09:30:00.000Z',
};
const page = {
  key: 'terms',
  kind: 'page',
  slug: 'cgv',
  title: 'Conditions',
  description: 'Nos conditions',
  body: '# Conditions',
  localizations: { fr: 'cgv' },
  updatedAt: '2026-11-20T09:30:00.000Z',
};

describe('an entry’s image', () => {
  it('is read on products, categories and content pages', () => {
    expect(productSummary.parse({ ...summary, image }).image).toEqual(image);
    expect(category.parse({ ...categoryEntry, image }).image).toEqual(image);
    expect(contentPage.parse({ ...page, image }).image).toEqual(image);
  });

  it('may be null or absent: the build then does without it', () => {
    expect(productSummary.parse({ ...summary, image: null }).image).toBeNull();
    expect(productSummary.parse(summary).image).toBeUndefined();
    expect(category.parse(categoryEntry).image).toBeUndefined();
  });

  it('is refused without an absolute http(s) URL, a hash, its size or an image type', () => {
    for (const bad of [
      { url: '/content/uploads/a.png' },
      { url: 'javascript:alert(1)' },
      { fileHash: '' },
      { width: 0 },
      { height: 1.5 },
      { mime: 'text/html' },
      { alternativeText: undefined },
    ])
      expect(contentImage.safeParse({ ...image, ...bad }).success, JSON.stringify(bad)).toBe(false);
    expect(productSummary.safeParse({ ...summary, image: { ...image, url: 'ftp://x/a.png' } }).success).toBe(false);
  });
});
