/**
 * The files of a pack shot in one layout, as the build makes them (src/site/images.ts) and a page draws
 * them: the <source>s of its <picture> and its <img>. Here, not in src/site, so an island handed them by
 * its page (the cart's upsells) reads the same shape.
 */
export interface PictureFiles {
  sources: Array<{ type: string; srcset: string }>;
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  /** The blurred preview drawn behind the <img> until it arrives: a tiny file of its own, CSP's img-src 'self'. */
  placeholder: string;
}
