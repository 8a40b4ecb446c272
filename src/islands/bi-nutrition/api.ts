/**
 * The bi-nutrition guides' calls to the content service, parsed with zod where they enter the page: our
 * kibbles (the full guide's Meals step: the same call with list=true, kinds ['dry'] and the wet days), the wet recipes that fit the cat (Selection, POST
 * b2c-recommendation/getReco?list=true with kinds ['wet']) and the menu (the same call with the kibble and
 * the wet recipes chosen). A refusal of the bi-nutrition checks comes back with its reason and sentence;
 * any failure (network, refusal of the request, an answer of another shape) is the technical error.
 */
import '../../lib/zod/jitless.ts';
import { z } from 'zod/mini';
import type { LocaleCode } from '../../lib/channels.ts';
import { productSummary } from '../../lib/content/products.ts';
import { formatFitAnswer, type RecommendationRequest } from '../../lib/nutrition/requests.ts';

const refusal = z.object({
  eligible: z.literal(false),
  reason: z.enum([
    'dogType',
    'dogKibble',
    'overweight',
    'underweight',
    'pathology',
    'pregnantOrNursing',
    'adultKibbleForKitten',
    'kittenKibbleForAdult',
  ]),
  message: z.string(),
});
export type BiNutritionRefusal = z.infer<typeof refusal>;

const menu = z.object({
  kibble: z.string(),
  wetRecipes: z.array(z.string()),
  daysPerWeek: z.union([z.literal(3), z.literal(7)]),
  ration: z.object({
    kcal: z.number(),
    meals: z.int(),
    days: z
      .array(
        z.object({
          daysPerWeek: z.int(),
          foods: z.array(z.object({ key: z.string(), gramsPerDay: z.number(), gramsPerMeal: z.number() })),
        }),
      )
      .check(z.minLength(1)),
  }),
  formats: z.record(z.string(), z.array(formatFitAnswer)),
  explanation: z.object({ text: z.string() }),
  /** Why the engine's kibble for this cat (the mini guide's); null when the shopper chose it. */
  why: z.optional(z.nullable(z.object({ text: z.string() }))),
  products: z.array(productSummary),
});
export type BiNutritionMenu = z.infer<typeof menu>;

const menuAnswer = z.object({
  data: z.union([refusal, z.object({ eligible: z.literal(true), menu: z.nullable(menu) })]),
});
const listAnswer = z.object({ data: z.union([refusal, z.array(productSummary)]) });

async function post(contentUrl: string, locale: LocaleCode, body: RecommendationRequest, list: boolean): Promise<unknown> {
  const url = new URL(`${contentUrl.replace(/\/+$/, '')}/b2c-recommendation/getReco`);
  url.searchParams.set('locale', locale);
  if (list) url.searchParams.set('list', 'true');
  const response = await fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`getReco answered ${response.status}`);
  return response.json();
}

/** The menu of these choices, a refusal, or (without wet recipes yet) only the checks' verdict (`menu` null). */
export async function fetchMenu(contentUrl: string, locale: LocaleCode, body: RecommendationRequest) {
  return menuAnswer.parse(await post(contentUrl, locale, body, false)).data;
}

/** The wet recipes that fit the cat, or a refusal. */
export async function fetchWetChoices(contentUrl: string, locale: LocaleCode, body: RecommendationRequest) {
  return listAnswer.parse(await post(contentUrl, locale, { ...body, kinds: ['wet'] }, true)).data;
}

/** Our kibbles, the cats' first (a dog's kibble can be chosen, and is then refused by the checks), or a refusal of the profile. */
export async function fetchKibbles(contentUrl: string, locale: LocaleCode, body: RecommendationRequest) {
  return listAnswer.parse(await post(contentUrl, locale, { ...body, kinds: ['dry'], kibble: null, wetRecipes: null }, true)).data;
}
