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
 * uploaded under two names (a pack shot per language) are encoded once too.
 */
import type { LocalImageService } from 'astro';
import sharpService, { type SharpImageServiceConfig } from 'astro/assets/services/sharp';
import sharp from 'sharp';
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

/** Astro's encoding of a transform, and the blurred preview's. */
const encode: LocalImageService<SharpImageServiceConfig>['transform'] = async (inputBuffer, options, imageConfig, logger) => {
  const sigma = blurOf(options);
  const { data, format } = await sharpService.transform(inputBuffer, sigma ? { ...options, format: 'png' } : options, imageConfig, logger);
  if (!sigma) return { data, format };
  // Resized losslessly first, then blurred and encoded at the quality asked.
  const quality = Number(options.quality) || undefined;
  const blurred = await sharp(data)
    .blur(sigma)
    .toFormat(options.format ?? 'webp', { quality })
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(blurred.data), format: blurred.info.format };
};

const PICTURES = pictureCacheDir(process.env);

export default service;
