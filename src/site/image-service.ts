/**
 * Astro's sharp image service, with one change: a remote picture's transforms are named (and cached in
 * cacheDir) by its path, not its whole URL. The embedded content service of an end-to-end run or a
 * benchmark listens on a port chosen for that run, so with the origin in the name every build would
 * re-encode every picture; the content service's file names carry their hash, so a path names the same
 * bytes whatever the host. Configured in astro.config.mjs (`image.service`).
 */
import type { LocalImageService } from 'astro';
import sharpService, { type SharpImageServiceConfig } from 'astro/assets/services/sharp';

const CACHE_KEY = 'cacheKey';
const HASHED = ['width', 'height', 'format', 'quality', 'fit', 'position', 'background'];

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
    // The key is the hash's, not the page's: it must not become an attribute of the <img>.
    const { [CACHE_KEY]: _key, ...rest } = options as typeof options & { [CACHE_KEY]?: unknown };
    return sharpService.getHTMLAttributes ? sharpService.getHTMLAttributes(rest, imageConfig, logger) : rest;
  },
};

export default service;
