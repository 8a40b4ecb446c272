/**
 * Products a shopper can see: each product's own pack shot, in the page's language, through Astro's
 * image pipeline (a <picture> with AVIF and WebP at the widths the layout draws, its size set so nothing
 * moves); the product page's picture is its largest paint, so it loads first, and cards wait until
 * they are near. Crawlers and share previews get a raster image they can fetch: Product structured data,
 * og:image with its size and text, a large Twitter card. fr: the FR site in French; be: the BE site in Dutch.
 */
import type { Page, TestInfo } from '@playwright/test';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { expect, languageOf, pathOf, test } from './helpers.ts';
import { expectStill, watchShifts } from './page-checks.ts';

const fixtures = loadFixtures();
/** A dry food with several formats: one pack shot for all of them, naming none. */
const product = fixtures.products.find((p) => p.viewable && !p.isSample && p.kind === 'dry' && p.variants.length > 1)!;
const productPath = (info: TestInfo) => pathOf(info, 'product', { product: product.slug[languageOf(info)] });
/** A category's path in the project's language, from its slugs and its parents'. */
function categoryPath(info: TestInfo, key: string): string {
  const slugs = (k: string): string[] => {
    const category = fixtures.categories.find((c) => c.key === k)!;
    return [...(category.parent ? slugs(category.parent) : []), category.slug[languageOf(info)]];
  };
  return pathOf(info, 'category', { category: slugs(key).join('/') });
}
/** The alternative text's pack, in each language: "…, sac de croquettes" / "…, zak brokken". */
const packWords = { fr: 'sac de croquettes', nl: 'zak brokken' } as const;

/** The <picture> of a selector's image: its sources and its image's attributes. */
async function pictureOf(page: Page, selector: string) {
  return page.locator(selector).evaluate((img: HTMLImageElement) => {
    const picture = img.parentElement!;
    return {
      tag: picture.tagName,
      sources: [...picture.querySelectorAll('source')].map((s) => ({ type: s.type, srcset: s.srcset, sizes: s.sizes })),
      alt: img.getAttribute('alt'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      fetchpriority: img.getAttribute('fetchpriority'),
    };
  });
}

/** A URL the page names, fetched as a crawler would: its status and type. */
async function fetched(page: Page, url: string) {
  const response = await page.request.get(url);
  return { status: response.status(), type: response.headers()['content-type'] ?? '', bytes: (await response.body()).length };
}

test.describe('a product page', () => {
  test('shows the product’s own pack shot, in AVIF and WebP, sized, described in the page’s language and loaded first', async ({
    page,
  }, info) => {
    const language = languageOf(info);
    await page.goto(productPath(info));
    const main = '.product .visual img';
    const picture = await pictureOf(page, main);
    expect(picture.tag).toBe('PICTURE');
    expect(picture.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    for (const source of picture.sources) {
      // The widths the layout draws it at: 360 px, and 720 for a sharp screen.
      expect(source.srcset).toMatch(/^\S+\.avif 360w, \S+\.avif 720w$|^\S+\.webp 360w, \S+\.webp 720w$/);
      expect(source.sizes).toBe('(max-width: 768px) 88px, 360px');
    }
    expect([picture.width, picture.height]).toEqual(['720', '720']);
    expect(picture.alt).toBe(`${product.name[language]}, ${packWords[language]}`);
    expect(picture.loading).toBe('eager');
    expect(picture.fetchpriority).toBe('high');
    // The browser picked the AVIF, and it arrived.
    await expect(page.locator(main)).toHaveJSProperty('complete', true);
    const { currentSrc, naturalWidth } = await page
      .locator(main)
      .evaluate((img: HTMLImageElement) => ({ currentSrc: img.currentSrc, naturalWidth: img.naturalWidth }));
    expect(currentSrc).toMatch(/\.avif$/);
    expect(naturalWidth).toBeGreaterThanOrEqual(360);
    // Drawn by the platform, not the inline fallback (which would mean the build missed the picture).
    await expect(page.locator('.product .visual svg')).toHaveCount(0);
  });

  test('shows the same pack shot on every format’s page, which names no format: a 12 kg page shows no 2 kg bag', async ({ page }, info) => {
    const language = languageOf(info);
    const shown = product.variants.filter((v) => v.showVariant);
    expect(shown.length).toBeGreaterThan(1);
    const pictures = new Set<string>();
    for (const variant of shown) {
      await page.goto(pathOf(info, 'product', { product: product.slug[language], format: variant.slug }));
      const img = page.locator('.product .visual img');
      const [src, alt] = [await img.getAttribute('src'), (await img.getAttribute('alt'))!];
      pictures.add(`${src} ${alt}`);
      expect(alt).toBe(`${product.name[language]}, ${packWords[language]}`);
      for (const format of shown) expect(alt.replace(/\u00a0/g, ' ')).not.toContain(format.name[language]);
      expect(await page.locator('meta[property="og:image:alt"]').getAttribute('content')).toBe(alt);
    }
    expect(pictures.size).toBe(1);
  });

  test('gives crawlers and share previews a raster image they can fetch', async ({ page }, info) => {
    await page.goto(productPath(info));
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = jsonLd.map((text) => JSON.parse(text) as { '@type': string; image?: string[] }).find((d) => d['@type'] === 'Product')!;
    expect(data.image).toHaveLength(1);
    const [image] = data.image!;
    expect(image).toMatch(/^https?:\/\/[^/]+\/.+\.jpg$/);
    expect(await fetched(page, image!)).toMatchObject({ status: 200, type: 'image/jpeg' });

    const meta = async (key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');
    expect(await meta('og:image')).toBe(image);
    expect(await meta('og:image:width')).toBe('720');
    expect(await meta('og:image:height')).toBe('720');
    expect(await meta('og:image:alt')).toMatch(new RegExp(`^${product.name[languageOf(info)].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `));
    expect(await meta('twitter:card')).toBe('summary_large_image');
  });
});

test('a category’s cards show their pack shots, loaded as they come near', async ({ page }, info) => {
  await page.goto(categoryPath(info, 'dog-dry'));
  const images = page.locator('.product-card img');
  const count = await images.count();
  expect(count).toBeGreaterThan(3);
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute('loading', 'lazy');
    // The card's link names the product: its picture adds nothing to read.
    await expect(img).toHaveAttribute('alt', '');
    await expect(img).toHaveAttribute('width', '360');
  }
  const picture = await pictureOf(page, '.product-card img >> nth=0');
  expect(picture.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
  expect(picture.sources.every((s) => s.sizes === '180px')).toBe(true);
  // Lazy: the last card's picture arrives once it is scrolled to (360 pixels drawn in 180: naturalWidth says 180).
  const last = images.last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveJSProperty('complete', true);
  expect(await last.evaluate((img: HTMLImageElement) => [img.currentSrc.split('.').at(-1), img.naturalWidth])).toEqual(['avif', 180]);
});

test('other pages share an image too: the category’s banner, the shop’s own on the home', async ({ page }, info) => {
  for (const [path, size] of [
    [pathOf(info, 'home'), ['1200', '630']],
    [categoryPath(info, 'dog'), ['1200', '630']],
  ] as const) {
    await page.goto(path);
    const url = (await page.locator('meta[property="og:image"]').getAttribute('content'))!;
    expect(await fetched(page, url), `${path}: ${url}`).toMatchObject({ status: 200, type: expect.stringMatching(/^image\/(png|jpeg)$/) });
    expect([
      await page.locator('meta[property="og:image:width"]').getAttribute('content'),
      await page.locator('meta[property="og:image:height"]').getAttribute('content'),
    ]).toEqual([...size]);
    expect(await page.locator('meta[property="og:image:alt"]').getAttribute('content')).toBeTruthy();
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
  }
});

/**
 * Until a picture arrives, its blurred preview stands in its place (SPEC §9: a quarter of its size, blurred,
 * quality 20): a tiny WebP of the site's own, named in the <img>'s --placeholder and drawn as its background,
 * in the space its width and height already keep. The picture held back by the network, the preview shows.
 */
test('a picture shows its blurred preview until it arrives, in the space it keeps', async ({ page }, info) => {
  await watchShifts(page);
  // Every AVIF and WebP of the pack shots held back, but the previews: the page is drawn with them alone.
  const previews = new Set<string>();
  const response = await fetch(new URL(productPath(info), info.project.use.baseURL));
  for (const [, url] of (await response.text()).matchAll(/--placeholder:url\(([^)]+)\)/g)) previews.add(url!);
  expect(previews.size).toBeGreaterThan(0);
  let release: () => void = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\.(avif|webp)$/, async (route) => {
    if (!previews.has(new URL(route.request().url()).pathname)) await held;
    await route.continue();
  });

  await page.goto(productPath(info), { waitUntil: 'domcontentloaded' });
  const main = page.locator('.product .visual img');
  const preview = await main.evaluate((img: HTMLImageElement) => ({
    style: img.getAttribute('style'),
    background: getComputedStyle(img).backgroundImage,
    complete: img.complete && img.naturalWidth > 0,
  }));
  expect(preview.complete).toBe(false);
  const [, url] = /^--placeholder:url\((\/\S+\.webp)\)$/.exec(preview.style ?? '') ?? [];
  expect(url, preview.style ?? 'no style').toBeTruthy();
  expect(preview.background).toBe(`url("${new URL(url!, page.url()).href}")`);
  // Tiny, and a quarter of the 360 px file: 90 px square.
  const file = await fetched(page, url!);
  expect(file).toMatchObject({ status: 200, type: 'image/webp' });
  expect(file.bytes).toBeLessThan(1500);
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, url!);
  expect(size).toEqual([90, 90]);
  // The cards' pictures have theirs too.
  await expect(page.locator('.product-card img:not(.has-placeholder)')).toHaveCount(0);

  release();
  await expect(main).toHaveJSProperty('complete', true);
  await expectStill(page, 'product page, preview then picture');
});
