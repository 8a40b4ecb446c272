/**
 * The content service's image fields on the wire (src/lib/content/wire.ts): Strapi's url, fileHash and
 * alternativeText (with the file's size and type) on products, categories and pages; an entry without a
 * picture says null, or nothing at all (a service that predates pictures). Its thumbnail, Strapi's
 * formats.thumbnail, is what a picture shown small loads.
 */
import { describe, expect, it } from 'vitest';
import { smallImageUrl } from '../../../../src/lib/content/products.ts';
import { category, contentPage, productSummary } from '../../../../src/lib/content/wire.ts';

const image = {
  url: 'https://content.example/content/uploads/dog-dry-puppy-chicken-fr-0123456789ab.png',
  fileHash: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  alternativeText: 'Croquettes Chiot Poulet & Riz, sac de 2 kg',
  width: 720,
  height: 720,
  mime: 'image/png',
};
/** The image field of each entry that has one (a product's summary, and so its full render, a category, a page). */
const fields = { product: productSummary.shape.image, category: category.shape.image, page: contentPage.shape.image };

describe('an entry’s image', () => {
  it('is read on products, categories and content pages', () => {
    for (const [entry, field] of Object.entries(fields)) expect(field.parse(image), entry).toEqual(image);
  });

  it('may be null or absent: the build then does without it', () => {
    for (const [entry, field] of Object.entries(fields)) {
      expect(field.parse(null), entry).toBeNull();
      expect(field.parse(undefined), entry).toBeUndefined();
    }
  });

  it('is refused without an absolute http(s) URL, a hash, its size or an image type', () => {
    for (const bad of [
      { url: '/content/uploads/a.png' },
      { url: 'javascript:alert(1)' },
      { url: 'ftp://x/a.png' },
      { fileHash: '' },
      { width: 0 },
      { height: 1.5 },
      { mime: 'text/html' },
      { alternativeText: undefined },
    ])
      for (const [entry, field] of Object.entries(fields))
        expect(field.safeParse({ ...image, ...bad }).success, `${entry} ${JSON.stringify(bad)}`).toBe(false);
  });

  it('may carry its thumbnail, which a small picture loads; without one the master stands in', () => {
    const thumbnail = {
      url: 'https://content.example/content/uploads/thumbnail-dog-dry-puppy-chicken-fr-ba9876543210.webp',
      width: 156,
      height: 156,
      mime: 'image/webp',
    };
    const withThumbnail = { ...image, formats: { thumbnail } };
    for (const [entry, field] of Object.entries(fields)) {
      const read = field.parse(withThumbnail)!;
      expect(read, entry).toEqual(withThumbnail);
      expect(smallImageUrl(read)).toBe(thumbnail.url);
      expect(smallImageUrl(field.parse({ ...image, formats: {} })!)).toBe(image.url);
      expect(smallImageUrl(field.parse(image)!)).toBe(image.url);
      for (const bad of [{ url: '/content/uploads/t.webp' }, { width: 0 }, { mime: 'text/html' }])
        expect(field.safeParse({ ...image, formats: { thumbnail: { ...thumbnail, ...bad } } }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
