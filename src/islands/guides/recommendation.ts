/**
 * POST b2c-recommendation/getReco on the content service, as the kibble guide's results read it: the
 * recipes (their product, daily ration, formats with the frequency each fits, the one-sentence
 * explanation of the grams and the one of the choice) or the pet's not being eligible. The answer is parsed here, where it enters the page; any
 * failure (network, refusal, an answer of another shape) is the one technical error the shopper reads.
 */
import '../../lib/zod/jitless.ts';
import { z } from 'zod/mini';
import type { LocaleCode } from '../../lib/channels.ts';
import { productSummary } from '../../lib/content/products.ts';
import { formatFitAnswer, type RecommendationRequest } from '../../lib/nutrition/requests.ts';

const recipe = z.object({
  sku: z.string(),
  ration: z.object({
    kcal: z.number(),
    meals: z.int(),
    days: z
      .array(z.object({ foods: z.array(z.object({ key: z.string(), gramsPerDay: z.number(), gramsPerMeal: z.number() })) }))
      .check(z.minLength(1)),
  }),
  formats: z.record(z.string(), z.array(formatFitAnswer)),
  explanation: z.object({ text: z.string() }),
  /** Why this recipe for this pet, in one sentence (the reasons the recommendation rule kept it for). */
  why: z.object({ text: z.string() }),
  product: z.optional(productSummary),
});
export type GuideRecipe = z.infer<typeof recipe>;

const answer = z.object({
  data: z.discriminatedUnion('eligible', [
    z.object({ eligible: z.literal(false), message: z.string() }),
    z.object({ eligible: z.literal(true), recipes: z.array(recipe) }),
  ]),
});
export type GuideRecommendation = z.infer<typeof answer>['data'];

export async function fetchRecommendation(
  contentUrl: string,
  locale: LocaleCode,
  body: RecommendationRequest,
): Promise<GuideRecommendation> {
  const url = new URL(`${contentUrl.replace(/\/+$/, '')}/b2c-recommendation/getReco`);
  url.searchParams.set('locale', locale);
  const response = await fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`getReco answered ${response.status}`);
  return answer.parse(await response.json()).data;
}
