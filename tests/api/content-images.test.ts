/**
 * The content service's pictures on a platform seeded from the fixtures (PGlite, or TEST_DATABASE_URL's
 * PostgreSQL): every product, category, content and landing page has an image in each language, whose
 * file the service serves under /content/uploads/ with a year's cache, whose fileHash is the file's
 * sha256, and whose words (in the picture and in its alternative text) are the row's language's.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testPlatform } from './platform.ts';
import { category, contentPage, envelope, errorBody, productFull, productSummary, type ContentImage } from '../../src/lib/content/wire.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { renderPng } from '../../src/backend/content/uploads.ts';
import { packshotSvg } from '../../src/lib/catalogue/packshot.ts';
import { languages, type Language } from '../../src/lib/channels.ts';

let platform: Awaited<ReturnType<typeof testPlatform>>;
const fixtures = loadFixtures();
const localeOf = { fr: 'fr_BE', nl: 'nl_BE' } as const satisfies Record<Language, string>;

beforeAll(async () => {
  platform = await testPlatform();
});
afterAll(async () => {
  await platform.db.close();
});

const products = async (language: Language) =>
  envelope(z.array(productFull)).parse(
    (await platform.get(`/content/b2c-products?render=2&pagination[pageSize]=500&locale=${localeOf[language]}`)).body,
  ).data;
describe('the seed’s pictures', () => {
  it('give each product a picture in each language, whose fileHash is the sha256 of the file served', async () => {
    for (const language of languages) {
      const all = await products(language);
      expect(all).toHaveLength(fixtures.products.length);
      for (const product of all) {
        const image = product.image;
        expect(image, `${product.sku} ${language}`).toBeTruthy();
        if (!image) continue;
        const { status, headers, raw } = await fetchFile(image);
        expect(status).toBe(200);
        expect(headers.get('content-type')).toBe('image/png');
        expect(createHash('sha256').update(raw).digest('hex')).toBe(image.fileHash);
        // The PNG's own header says its size.
        expect([raw.readUInt32BE(16), raw.readUInt32BE(20)]).toEqual([image.width, image.height]);
        expect(new URL(image.url).pathname).toMatch(
          new RegExp(`^/content/uploads/${product.sku.toLowerCase()}-${language}-${image.fileHash.slice(0, 12)}\\.png$`),
        );
      }
    }
  });

  it('draw each product’s words in the row’s language: the file is the drawing of that language’s name and species', async () => {
    const [fr, nl] = await Promise.all([products('fr'), products('nl')]);
    for (const fixture of fixtures.products) {
      const byLanguage = { fr: fr.find((p) => p.sku === fixture.sku)!, nl: nl.find((p) => p.sku === fixture.sku)! };
      expect(byLanguage.fr.image!.fileHash).not.toBe(byLanguage.nl.image!.fileHash);
      for (const language of languages) {
        const expected = await renderPng(
          packshotSvg({
            language,
            kind: fixture.kind,
            animal: fixture.animal,
            colour: fixture.colour,
            name: fixture.name[language],
          }),
          'expected',
        );
        expect(byLanguage[language].image!.fileHash, `${fixture.sku} ${language}`).toBe(expected.hash);
        expect(byLanguage[language].image!.alternativeText.startsWith(`${fixture.name[language]}, `)).toBe(true);
      }
    }
  });

  it('say what the picture shows in the row’s language, and no format: it serves every format’s page', async () => {
    const [fr, nl] = await Promise.all([products('fr'), products('nl')]);
    const sku = fixtures.products.find((p) => p.kind === 'dry' && p.variants.length > 1)!.sku;
    expect(fr.find((p) => p.sku === sku)!.image!.alternativeText).toMatch(/^[^\d]+, sac de croquettes$/);
    expect(nl.find((p) => p.sku === sku)!.image!.alternativeText).toMatch(/^[^\d]+, zak brokken$/);
  });

  it('give categories, content pages and landing pages a picture of their own per language, its text in that language', async () => {
    for (const language of languages) {
      const locale = localeOf[language];
      const categories = envelope(z.array(category)).parse((await platform.get(`/content/b2c-categories?locale=${locale}`)).body).data;
      const pages = envelope(z.array(contentPage)).parse((await platform.get(`/content/b2c-pages?locale=${locale}`)).body).data;
      expect(categories).toHaveLength(fixtures.categories.length);
      expect(new Set(pages.map((p) => p.kind))).toEqual(new Set(['page', 'landing']));
      for (const entry of [
        ...categories.map((c) => ({ title: c.name, image: c.image })),
        ...pages.map((p) => ({ title: p.title, image: p.image })),
      ]) {
        expect(entry.image?.alternativeText).toBe(`${entry.title} – Maison Gamelle`);
        const { status, raw } = await fetchFile(entry.image!);
        expect(status).toBe(200);
        expect(createHash('sha256').update(raw).digest('hex')).toBe(entry.image!.fileHash);
        expect([entry.image!.width, entry.image!.height]).toEqual([1200, 630]);
      }
    }
    const page = (await platform.get('/content/terms?locale=nl_BE')).body.data;
    expect(contentPage.parse(page).image?.url).toMatch(/\/content\/uploads\/page-terms-nl-[0-9a-f]{12}\.png$/);
  });

  it('come with a thumbnail, Strapi’s formats.thumbnail: the picture fitted in 245 × 156 pixels, served as an upload of its own', async () => {
    const { default: sharp } = await import('sharp');
    const categories = envelope(z.array(category)).parse((await platform.get('/content/b2c-categories?locale=nl_BE')).body).data;
    const entries = [
      ...(await products('nl')).map((p) => ({ key: p.sku.toLowerCase(), image: p.image! })),
      ...categories.map((c) => ({ key: `category-${c.key}`, image: c.image! })),
    ];
    for (const { key, image } of entries) {
      const thumbnail = image.formats?.thumbnail;
      expect(thumbnail, key).toBeDefined();
      if (!thumbnail) continue;
      expect(new URL(thumbnail.url).pathname).toMatch(new RegExp(`^/content/uploads/thumbnail-${key}-nl-[0-9a-f]{12}\\.webp$`));
      const { status, headers, raw } = await fetchFile(thumbnail);
      expect([status, headers.get('content-type'), headers.get('cache-control')]).toEqual([
        200,
        'image/webp',
        'public, max-age=31536000, immutable',
      ]);
      // The file is the size the wire says, the master's shape within 245 × 156, and a fraction of its bytes.
      const { width, height, format } = await sharp(raw).metadata();
      expect([format, width, height]).toEqual(['webp', thumbnail.width, thumbnail.height]);
      expect(thumbnail.mime).toBe('image/webp');
      expect(width <= 245 && height <= 156 && (width === 245 || height === 156), `${key} ${width}×${height}`).toBe(true);
      expect(Math.abs(width / height - image.width / image.height)).toBeLessThan(0.02);
      expect(raw.length * 5).toBeLessThan((await fetchFile(image)).raw.length);
    }
  });

  it('come with the summaries that lists and cross-sells read, not with the empty render', async () => {
    const sku = fixtures.products.find((p) => p.viewable && !p.isSample)!.sku;
    const summary = envelope(productSummary).parse(
      (await platform.get(`/content/b2c-products/sku-${sku}?render=1&locale=fr_FR`)).body,
    ).data;
    expect(summary.image?.url).toMatch(/^http:\/\/platform\.test\/content\/uploads\//);
    const empty = (await platform.get(`/content/b2c-products/sku-${sku}?render=0&locale=fr_FR`)).body.data;
    expect(empty).not.toHaveProperty('image');
  });
});

describe('GET /content/uploads/{name}', () => {
  it('lets caches keep a file for a year and answers 304 to its entity tag', async () => {
    const [product] = await products('fr');
    const { headers } = await fetchFile(product!.image!);
    expect(headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headers.get('etag')).toBe(`"${product!.image!.fileHash}"`);
    const path = new URL(product!.image!.url).pathname;
    for (const tag of [`"${product!.image!.fileHash}"`, `W/"${product!.image!.fileHash}"`, `"other", "${product!.image!.fileHash}"`]) {
      const again = await platform.request(path, { headers: { 'if-none-match': tag } });
      expect(again.status, tag).toBe(304);
      expect(again.body).toBe('');
    }
    expect((await platform.request(path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    // A HEAD (the build asking whether a picture exists) says its size without sending it.
    const head = await platform.request(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.get('content-length')).toBe(String((await fetchFile(product!.image!)).raw.length));
  });

  it('answers a missing or malformed name with the content service’s 404', async () => {
    for (const name of ['nothing-here-0123456789ab.png', '..%2Fsecret.png', 'UPPER.png', 'a.svg']) {
      const res = await platform.get(`/content/uploads/${name}`);
      expect(res.status, name).toBe(404);
      expect(errorBody.parse(res.body).error.name).toBe('NotFoundError');
    }
  });
});

/** GETs an image's (or its thumbnail's) file through the app: the status, the headers, the bytes. */
async function fetchFile(image: Pick<ContentImage, 'url'>) {
  const url = new URL(image.url);
  const response = await platform.app.request(`http://platform.test${url.pathname}`);
  return { status: response.status, headers: response.headers, raw: Buffer.from(await response.arrayBuffer()) };
}
