/**
 * How the content service reads a query string, for every route of it (routes.ts, and the nutrition calls
 * of recommendations.ts, which routes.ts mounts): qs syntax, so `filters[sku][$in][0]=…` nests, checked
 * with a zod schema; a bad query is Strapi's 400 ValidationError.
 */
import type { Context } from 'hono';
import qs from 'qs';
import { z } from 'zod';
import type { LocaleCode } from '../../lib/channels.ts';
import { contentError } from './errors.ts';

/** The largest page of a list, and so the longest list a filter may name. */
export const MAX_PAGE_SIZE = 500;

export const localeParam = z
  .enum(['fr_FR', 'fr_BE', 'nl_BE', 'fr', 'nl', 'fr-FR', 'fr-BE', 'nl-BE'])
  .default('fr_FR')
  .transform((l): LocaleCode => (l === 'fr' ? 'fr_FR' : l === 'nl' ? 'nl_BE' : (l.replace('-', '_') as LocaleCode)));

/** Parses the query string (qs syntax, so `filters[sku][$in][0]=…` nests) with a zod schema. */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const raw = qs.parse(new URL(c.req.url).search.slice(1), { depth: 4, arrayLimit: MAX_PAGE_SIZE, parameterLimit: 2000 });
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw contentError(400, 'ValidationError', parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; '), {
    errors: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
  });
}
