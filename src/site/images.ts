/**
 * The content service's pictures as the build uses them: which may go through Astro's image pipeline,
 * the widths the layouts need, and the share image (Open Graph, Product structured data) of a page.
 *
 * A picture the content service names but cannot give (no image on the entry, a file that answers no
 * 200, a host the build may not fetch from) must not stop the build: the page draws the product inline
 * instead (the same drawing the platform rendered, src/lib/catalogue/packshot.ts) and the build warns.
 * A missing picture is the content service's fault to fix, not a reason to leave a whole site unpublished.
 */
import { getImage, imageConfig } from 'astro:assets';
import { isRemoteAllowed } from 'astro/assets/utils';
import { PICTURE_PLACEHOLDER } from '../lib/constants.ts';
import type { PictureFiles } from '../lib/catalogue/picture-files.ts';
import type { ContentImage } from '../lib/content/wire.ts';
import type { ShareImage } from '../lib/seo/meta.ts';
import { noteDrawn } from './page-pictures.ts';
import { pictureAvailability } from './picture-availability.ts';

/**
 * The widths each layout draws a pack shot at, in CSS pixels, and the files made for them (1× and 2×
 * screens): a card's is 180 px wide; the product page's 360 px, or 88 px beside the name on a phone.
 */
export const PICTURE_LAYOUTS = {
  card: { widths: [360], sizes: '180px' },
  main: { widths: [360, 720], sizes: '(max-width: 768px) 88px, 360px' },
  // A home carousel's banner covers a box the page's width and 320 to 500 px high: on a phone it is drawn
  // about 630 px wide (its height sets its width), wider screens draw it the page's width.
  slide: { widths: [640, 1280], sizes: '(max-width: 768px) 640px, 100vw' },
} as const;

/** AVIF first (the smallest, read by today's browsers), WebP for the others and as the <img> itself. */
const PICTURE_FORMATS = ['avif', 'webp'] as const;

/**
 * A picture is drawn on many pages (a product's card is in its categories, on the home, beside other
 * products): its files are asked of Astro's pipeline once per layout and build, and reused; each page
 * drawing it notes them (src/site/page-pictures.ts).
 */
const pictures = new Map<string, Promise<PictureFiles>>();

export async function pictureFiles(image: ContentImage, layout: keyof typeof PICTURE_LAYOUTS): Promise<PictureFiles> {
  const key = `${layout} ${image.url}`;
  let files = pictures.get(key);
  if (!files) {
    files = (async () => {
      const { widths, sizes } = PICTURE_LAYOUTS[layout];
      const width = Math.max(...widths);
      const height = Math.round((width * image.height) / image.width);
      const [avif, webp] = await Promise.all(
        PICTURE_FORMATS.map((format) => getImage({ src: image.url, width, height, widths: [...widths], sizes, format })),
      );
      // A quarter of the smallest file: the same preview serves every layout of a picture drawn at that width.
      const small = Math.min(...widths) * PICTURE_PLACEHOLDER.scale;
      const placeholder = await getImage({
        src: image.url,
        width: Math.round(small),
        height: Math.round((small * image.height) / image.width),
        format: 'webp',
        quality: PICTURE_PLACEHOLDER.quality,
        blur: PICTURE_PLACEHOLDER.blur,
      });
      return {
        sources: [
          { type: 'image/avif', srcset: avif!.srcSet.attribute },
          { type: 'image/webp', srcset: webp!.srcSet.attribute },
        ],
        src: webp!.src,
        srcset: webp!.srcSet.attribute,
        sizes,
        width,
        height,
        placeholder: placeholder.src,
      };
    })();
    pictures.set(key, files);
  }
  const drawn = await files;
  noteDrawn(...drawn.sources.map((source) => source.srcset), drawn.srcset, drawn.src, drawn.placeholder);
  return drawn;
}

/** A share image: one JPEG (what every crawler and messenger reads), at the largest size a page draws. */
const SHARE_FORMAT = 'jpg';
const SHARE_MAX_WIDTH = 1200;

/** Whether the build can use a picture of the channel's entries, asked once per picture. */
const isAvailable = pictureAvailability((url) =>
  isRemoteAllowed(url, { domains: imageConfig.domains, remotePatterns: imageConfig.remotePatterns }),
);

const warned = new Set<string>();
const DOING_WITHOUT = 'a product is drawn in the page instead, a page shares the shop’s picture';

/** The entry's picture when the build can use it; otherwise undefined, with a warning naming the entry once. */
export async function usablePicture(image: ContentImage | null | undefined, entry: string): Promise<ContentImage | undefined> {
  if (image && (await isAvailable(image.url))) return image;
  if (!warned.has(entry)) {
    warned.add(entry);
    console.warn(
      image
        ? `[images] ${entry}: ${image.url} is not a picture this build can fetch (outside image.remotePatterns, or no 2xx answer); ${DOING_WITHOUT}.`
        : `[images] ${entry}: the content service gives no picture; ${DOING_WITHOUT}.`,
    );
  }
  return undefined;
}

/** The share image of a page from its entry's picture (absolute URL on the site), or undefined without one. */
export async function shareImageOf(
  image: ContentImage | null | undefined,
  entry: string,
  site: URL | undefined,
): Promise<ShareImage | undefined> {
  const usable = await usablePicture(image, entry);
  if (!usable) return undefined;
  const width = Math.min(usable.width, SHARE_MAX_WIDTH);
  const height = Math.round((usable.height * width) / usable.width);
  let file = shareFiles.get(usable.url);
  if (!file) {
    file = getImage({ src: usable.url, width, height, format: SHARE_FORMAT }).then((result) => result.src);
    shareFiles.set(usable.url, file);
  }
  const src = await file;
  noteDrawn(src);
  return { url: new URL(src, site).href, width, height, alt: usable.alternativeText };
}
/** A product's share image serves each of its format pages: asked once per build. */
const shareFiles = new Map<string, Promise<string>>();
