/**
 * The hits the site reads from the search service, checked where they enter the browser: an answer that
 * does not carry what a result shows (its name, its address on this site) is left out rather than drawn
 * half. The records are the service's (src/lib/search/records.ts); the extra fields of a hit
 * (`_highlightResult`, InstantSearch's own) are kept.
 *
 * zod's mini build: these checks ship with the search page, the header's box and the FAQ search, where
 * the full build would weigh some 20 KB more. Its parsers are built without `new Function` (jitless.ts
 * first), as the page policy has no 'unsafe-eval'.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';

/** An address on this site (a path): never another origin nor a `javascript:` URL from an answer. */
const sitePath = z.string().check(z.regex(/^\/(?!\/)/));

/** One attribute's highlighted value (Algolia's `_highlightResult.{attribute}`). */
const highlighted = z.looseObject({ value: z.string() });
const highlights = <K extends string>(...attributes: K[]) =>
  z.optional(
    z.looseObject(
      Object.fromEntries(attributes.map((a) => [a, z.optional(highlighted)])) as Record<K, z.ZodMiniOptional<typeof highlighted>>,
    ),
  );

export const productHit = z.looseObject({
  objectID: z.string(),
  name: z.string(),
  url: sitePath,
  // A picture is an http(s) address or none; a price in minor units, or none (the card then shows dashes).
  image: z.pipe(
    z.nullish(z.string()),
    z.transform((url) => (url && /^https?:\/\//.test(url) ? url : null)),
  ),
  price: z.catch(z.nullable(z.number().check(z.int(), z.nonnegative())), null),
  category: z.optional(z.string()),
  _highlightResult: highlights('name'),
});

export const categoryHit = z.looseObject({
  objectID: z.string(),
  name: z.string(),
  url: sitePath,
  _highlightResult: highlights('name'),
});

export const articleHit = z.looseObject({
  objectID: z.string(),
  title: z.string(),
  url: sitePath,
  excerpt: z.string(),
  type: z.enum(['page', 'faq']),
  _highlightResult: highlights('title', 'excerpt'),
});

export type ProductHit = z.infer<typeof productHit>;
export type CategoryHit = z.infer<typeof categoryHit>;
export type ArticleHit = z.infer<typeof articleHit>;

/** The hits of an answer that have the shape the site shows, in the service's order. */
export function validHits<T>(schema: z.ZodMiniType<T>, hits: readonly unknown[]): T[] {
  return hits.flatMap((hit) => {
    const parsed = schema.safeParse(hit);
    return parsed.success ? [parsed.data] : [];
  });
}
