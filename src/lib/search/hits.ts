/**
 * The hits the site reads from the search service, checked where they enter the browser: an answer that
 * does not carry what a result shows (its name, its address on this site, its price) is left out rather
 * than drawn half. The records are the service's (src/lib/search/records.ts); the extra fields of a hit
 * (`_highlightResult`, InstantSearch's own) are kept.
 */
import { z } from 'zod';

/** An address on this site (a path): never another origin nor a `javascript:` URL from an answer. */
const sitePath = z.string().regex(/^\/(?!\/)/);

/** One attribute's highlighted value (Algolia's `_highlightResult.{attribute}`). */
const highlighted = z.looseObject({ value: z.string() });

export const productHit = z.looseObject({
  objectID: z.string(),
  name: z.string(),
  url: sitePath,
  // A picture is an http(s) address or none; a price in minor units, or none (the card then shows dashes).
  image: z
    .string()
    .nullish()
    .transform((url) => (url && /^https?:\/\//.test(url) ? url : null)),
  price: z.number().int().nonnegative().nullable().catch(null),
  category: z.string().optional(),
  _highlightResult: z.looseObject({ name: highlighted.optional() }).optional(),
});

export const categoryHit = z.looseObject({
  objectID: z.string(),
  name: z.string(),
  url: sitePath,
  _highlightResult: z.looseObject({ name: highlighted.optional() }).optional(),
});

export const articleHit = z.looseObject({
  objectID: z.string(),
  title: z.string(),
  url: sitePath,
  excerpt: z.string(),
  type: z.enum(['page', 'faq']),
  _highlightResult: z.looseObject({ title: highlighted.optional(), excerpt: highlighted.optional() }).optional(),
});

export type ProductHit = z.infer<typeof productHit>;
export type CategoryHit = z.infer<typeof categoryHit>;
export type ArticleHit = z.infer<typeof articleHit>;

/** The hits of an answer that have the shape the site shows, in the service's order. */
export function validHits<T>(schema: z.ZodType<T>, hits: readonly unknown[]): T[] {
  return hits.flatMap((hit) => {
    const parsed = schema.safeParse(hit);
    return parsed.success ? [parsed.data] : [];
  });
}
