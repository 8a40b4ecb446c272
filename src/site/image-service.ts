/**
 * Astro's sharp image service, with one change: a remote picture's transforms are named (and cached in
 * cacheDir) by its path, not its whole URL. The embedded content service of an end-to-end run or a
 * benchmark listens on a port chosen for that run, so with the origin in the name every build would
 * re-encode every picture; the content service's file names carry their hash, so a path names the same
 * bytes whatever the host. Configured in astro.config.mjs (`image.service`).
 *
 * And one addition: `blur` (a Gaussian sigma, in the output's pixels) makes the blurred preview a picture
 * shows while it loads (src/site/images.ts), blurred after resizing so the blur costs a tiny image's time.
 *
 * And each distinct picture is encoded once on a machine, whichever channel or language asks for it
 * (src/site/picture-cache.ts): the files are kept under CACHE_DIR/pictures (src/lib/local-defaults.ts), named
 * by the hash of the picture's bytes, of the transform and of the encoders' settings, so the same bytes
 * uploaded under two names (a pack shot per language) are encoded once too. A picture is decoded (and resized
 * to each width) once for all its files, rather than once a file: see `kept` below.
 */
import type { LocalImageService } from 'astro';
import sharpService, { resolveSharpEncoderOptions, type SharpImageServiceConfig } from 'astro/assets/services/sharp';
import sharp, { type FitEnum, type FormatEnum, type OutputInfo, type ResizeOptions, type Sharp } from 'sharp';
import { createHash } from 'node:crypto';
import { pictureCacheDir } from '../lib/local-defaults.ts';
import { madeOnce } from './picture-cache.ts';

const CACHE_KEY = 'cacheKey';
const BLUR = 'blur';
const HASHED = ['width', 'height', 'format', 'quality', 'fit', 'position', 'background', BLUR];

/** The blur of a transform, when it asks for one (a positive number, or its text in a dev server's URL). */
const blurOf = (options: Record<string, unknown>): number | undefined => {
  const sigma = Number(options[BLUR]);
  return Number.isFinite(sigma) && sigma > 0 ? sigma : undefined;
};

/** What names a picture in the transforms' hash: an http(s) URL's path and query, anything else as is. */
const cacheKeyOf = (src: unknown): unknown => {
  if (typeof src !== 'string' || !/^https?:\/\//.test(src)) return src;
  const url = new URL(src);
  return `${url.pathname}${url.search}`;
};

const service: LocalImageService<SharpImageServiceConfig> = {
  ...sharpService,
  propertiesToHash: [CACHE_KEY, ...HASHED],
  async validateOptions(options, imageConfig, logger) {
    const validated = sharpService.validateOptions ? await sharpService.validateOptions(options, imageConfig, logger) : options;
    return { ...validated, [CACHE_KEY]: cacheKeyOf(validated.src) };
  },
  async getHTMLAttributes(options, imageConfig, logger) {
    // The key and the blur are the file's, not the page's: they must not become attributes of the <img>.
    const { [CACHE_KEY]: _key, [BLUR]: _blur, ...rest } = options as typeof options & { [CACHE_KEY]?: unknown; [BLUR]?: unknown };
    return sharpService.getHTMLAttributes ? sharpService.getHTMLAttributes(rest, imageConfig, logger) : rest;
  },
  // The dev server makes its pictures on request, from their URL: the blur travels in it.
  getURL(options, imageConfig, logger) {
    const url = sharpService.getURL(options, imageConfig, logger) as string;
    const sigma = blurOf(options);
    return sigma && url.includes('?') ? `${url}&${BLUR}=${sigma}` : url;
  },
  parseURL(url, imageConfig, logger) {
    const transform = sharpService.parseURL(url, imageConfig, logger) as ReturnType<NonNullable<LocalImageService['parseURL']>>;
    const sigma = Number(url.searchParams.get(BLUR));
    return transform && sigma > 0 ? { ...transform, [BLUR]: sigma } : transform;
  },
  async transform(inputBuffer, options, imageConfig, logger) {
    if (!options.format) return encode(inputBuffer, options, imageConfig, logger);
    const key = createHash('sha256')
      .update(inputBuffer)
      .update(JSON.stringify([HASHED.map((name) => options[name]), imageConfig.service.config, sharp.versions]))
      .digest('base64url');
    const data = await madeOnce(PICTURES, key, async () => (await encode(inputBuffer, options, imageConfig, logger)).data);
    return { data, format: options.format };
  },
};

type Transform = LocalImageService<SharpImageServiceConfig>['transform'];
type ImageConfig = Parameters<Transform>[2];
type Options = Parameters<Transform>[1];

/** Astro's encoding of a transform, and the blurred preview's: from the picture's kept pixels when it has them. */
const encode: Transform = async (inputBuffer, options, imageConfig, logger) => {
  const pixels = options.format ? await pixelsOf(inputBuffer, options, imageConfig) : undefined;
  const encoded = pixels && (await encodePixels(rawImage(pixels), options, imageConfig).catch(() => undefined));
  if (encoded) return encoded;
  // Astro's own transform knows the other cases (an SVG, an animation, a colour profile, a file it cannot read).
  const sigma = blurOf(options);
  const { data, format } = await sharpService.transform(inputBuffer, sigma ? { ...options, format: 'png' } : options, imageConfig, logger);
  return sigma ? encodePixels(sharp(data), options, imageConfig) : { data, format };
};

/**
 * Astro's encoding of resized pixels (as astro/assets/services/sharp encodes them), or the blurred preview's:
 * resized losslessly first, then blurred and encoded at the quality asked.
 */
async function encodePixels(image: Sharp, options: Options, imageConfig: ImageConfig) {
  if (options.background) image.flatten({ background: options.background });
  const format = (options.format ?? 'webp') as keyof FormatEnum;
  const sigma = blurOf(options);
  const encoder = sigma
    ? { quality: Number(options.quality) || undefined }
    : // The source's format matters to Astro only for an animated GIF's loop, and those go through its transform.
      resolveSharpEncoderOptions({ format: options.format, quality: options.quality }, undefined, imageConfig.service.config);
  if (sigma) image.blur(sigma);
  const { data, info } = await image.toFormat(format, encoder).toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), format: info.format };
}

/**
 * A picture's decoded pixels, and its resized ones, kept while its files are encoded. Astro asks for a picture's
 * files one after the other (AVIF and WebP at two widths, the JPEG, the blurred preview), and its transform
 * decoded the source again for each (5 to 8 ms for a 720 px PNG) and resized it again for each file of a
 * width. The last few pictures' are kept (a 720 px one is 1.5 MB decoded): Astro makes two pictures at once.
 */
interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}
interface Picture {
  source: Promise<Pixels | undefined>;
  sizes: Map<string, Promise<Pixels | undefined>>;
}
const KEPT_PICTURES = 4;
const kept = new Map<string, Picture>();

/** The pixels a transform encodes (its picture's, resized), or undefined when Astro's transform must do it. */
async function pixelsOf(inputBuffer: Uint8Array, options: Options, imageConfig: ImageConfig) {
  const picture = pictureOf(inputBuffer, imageConfig);
  const resize = resizeOf(options);
  const size = JSON.stringify(resize ?? null);
  let resized = picture.sizes.get(size);
  if (!resized) {
    resized = picture.source.then((source) => {
      if (!source || !resize) return source;
      return rawImage(source)
        .resize({ ...resize, kernel: imageConfig.service.config.kernel, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(pixelsFrom, () => undefined);
    });
    picture.sizes.set(size, resized);
  }
  return resized;
}

/** The kept picture of these bytes (decoded now if it is not kept), the most recently asked kept last. */
function pictureOf(inputBuffer: Uint8Array, imageConfig: ImageConfig): Picture {
  const key = createHash('sha256').update(inputBuffer).digest('base64url');
  const picture = kept.get(key) ?? decode(inputBuffer, imageConfig);
  kept.delete(key);
  kept.set(key, picture);
  if (kept.size > KEPT_PICTURES) kept.delete(kept.keys().next().value!);
  return picture;
}

/**
 * The picture's pixels, upright, when they are plain 8-bit sRGB (or grey) of one frame without a colour profile,
 * as the shop's pack shots and banners are: those decode to the same pixels Astro's transform would resize.
 */
function decode(inputBuffer: Uint8Array, imageConfig: ImageConfig): Picture {
  const open = () => sharp(inputBuffer, { failOn: 'none', limitInputPixels: imageConfig.service.config.limitInputPixels });
  const meta = open()
    .metadata()
    .catch(() => undefined);
  const source = meta.then((m) =>
    m && m.format !== 'svg' && (m.pages ?? 1) === 1 && !m.hasProfile && m.depth === 'uchar' && (m.space === 'srgb' || m.space === 'b-w')
      ? open()
          .rotate()
          .raw()
          .toBuffer({ resolveWithObject: true })
          .then(pixelsFrom, () => undefined)
      : undefined,
  );
  return { source, sizes: new Map() };
}

const pixelsFrom = ({ data, info }: { data: Buffer; info: OutputInfo }): Pixels => ({
  data,
  info: { width: info.width, height: info.height, channels: info.channels },
});

const rawImage = ({ data, info }: Pixels) => sharp(data, { raw: info });

/** Astro's fits, as sharp names them (astro/assets/services/sharp). */
const FIT: Record<string, keyof FitEnum> = {
  fill: 'fill',
  contain: 'inside',
  cover: 'cover',
  none: 'outside',
  'scale-down': 'inside',
  outside: 'outside',
  inside: 'inside',
};

/** The resize Astro's transform makes for these options (without its kernel and no enlargement), if any. */
function resizeOf({ width, height, fit, position }: Options): ResizeOptions | undefined {
  if (width && height)
    return {
      width: Math.round(width),
      height: Math.round(height),
      fit: fit ? (FIT[fit] ?? 'inside') : undefined,
      position: position as ResizeOptions['position'],
    };
  if (height) return { height: Math.round(height) };
  if (width) return { width: Math.round(width) };
  return undefined;
}

const PICTURES = pictureCacheDir(process.env);

export default service;
