/**
 * The questions the sites' builds ask, in Strapi's query grammar (qs: `filters[sku][$in][0]=…`,
 * `pagination[page]=…`), plus the two parameters of the shop's own service: `locale` names a site's locale
 * (fr_FR, fr_BE, nl_BE: a language and a channel's VAT), not a Strapi language, and `render` (0, 1, 2) how much of
 * a product to answer. The same grammar as the embedded content service's (src/backend/content/routes.ts), whose
 * limits these are.
 */
import { z } from 'zod';
import facts from './facts.json';

const MAX_PAGE_SIZE = 500;

export type SiteLocale = keyof typeof facts.locales;
const siteLocales = Object.keys(facts.locales) as [SiteLocale, ...SiteLocale[]];

/** fr_FR, fr_BE, nl_BE, their dashed forms, and a bare language (its first site locale), as the embedded service reads them. */
export const locale = z
  .string()
  .default('fr_FR')
  .transform((value, context) => {
    const code = value.replace('-', '_');
    const found = siteLocales.find((l) => l === code) ?? siteLocales.find((l) => facts.locales[l].language === code);
    if (!found) {
      context.addIssue({ code: 'custom', message: `unknown locale (one of ${siteLocales.join(', ')})` });
      return z.NEVER;
    }
    return { code: found, ...facts.locales[found] };
  });
export type Locale = z.output<typeof locale>;

/** qs turns a list longer than its array limit into an object keyed 0, 1, 2…: both are a list here. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.values(value) : value), z.array(item));

const identifier = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

export const productQuery = z.object({
  locale,
  render: z.coerce.number().int().min(0).max(2).default(1),
  filters: z
    .object({
      sku: z.object({ $in: list(identifier).pipe(z.array(identifier).max(MAX_PAGE_SIZE)) }).optional(),
      slug: z.object({ $eq: z.string().max(200) }).optional(),
    })
    .optional(),
  pagination: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(100),
    })
    .default({ page: 1, pageSize: 100 }),
});

export const localeQuery = z.object({ locale });
export const pageQuery = localeQuery.extend({
  filters: z.object({ kind: z.object({ $eq: z.enum(['page', 'landing']) }) }).optional(),
});
