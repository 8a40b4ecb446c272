/**
 * The content service's nutrition calls, as the site sends them: `GET b2c-rations/getReco` (ref, weight,
 * month, locale: the product page's ration calculator) and `POST b2c-recommendation/getReco` (an animal
 * profile: the guides). The platform validates them with these schemas; the answers are `rationAnswer`
 * and `recommendationAnswer`. Messages the shopper reads when there is no answer are here too, in French
 * and Dutch, so the platform and the screens say the same words.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { CAT_WEIGHT_KG, DOG_WEIGHT_MAX_KG, PUPPY_UNDER_MONTHS } from '../constants.ts';
import type { Language } from '../channels.ts';
import { MAX_RECIPES } from './recommendation.ts';
import { heaviestAtAge } from './energy.ts';
import { PATHOLOGY_MESSAGES } from './referral.ts';
import { ACTIVITY_CODES, BODY_CONDITION_CODES, FEATURE_CODES, SPECIES, SPECIES_IDS } from '../pets/profile.ts';

/**
 * Where the guides and the ration calculator ask their recommendations (b2c-rations, b2c-recommendation): the shop
 * platform's content routes, which answer from its copy of the catalogue (backend/content/recommendations.ts), the
 * one the carts sell from, whichever content service the sites are built from (CONTENT_API_URL may be Strapi).
 */
export const nutritionServiceUrl = (shopApiUrl: string): string => `${shopApiUrl.replace(/\/+$/, '')}/content`;

/** Up to 30 years: no dog or cat of ours is older. */
const MAX_AGE_MONTHS = 360;

/**
 * GET b2c-rations/getReco: the product (its SKU), the pet's weight (kg) and age (months), and whether she is
 * a pregnant or nursing female (`true` or `false`, absent: not; only an adult's, pregnancyProblem).
 */
export const rationQuery = z.object({
  ref: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  weight: z.coerce.number().check(z.gt(0), z.lte(DOG_WEIGHT_MAX_KG)),
  // At least a month old, as the calculator's form asks (lib/nutrition/calculator.ts).
  month: z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_AGE_MONTHS)),
  pregnantOrNursing: z._default(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((v) => v === 'true'),
    ),
    false,
  ),
});

/**
 * A pregnancy said where it cannot apply, as the forms never send it: a pet under 12 months (fed for
 * growth) or a sterilised one (referral.ts `canBePregnantOrNursing`; the ration's query knows no sex).
 */
export function pregnancyProblem(p: { month: number; sterilized?: boolean; pregnantOrNursing: boolean }): string | null {
  if (!p.pregnantOrNursing) return null;
  if (p.month < PUPPY_UNDER_MONTHS)
    return `pregnantOrNursing: only an adult (${PUPPY_UNDER_MONTHS} months or more) can be pregnant or nursing`;
  if (p.sterilized) return 'pregnantOrNursing: a sterilised pet cannot be pregnant or nursing';
  return null;
}

/**
 * What the product's species and the pet's age add to the weight's bounds, once the product is known: a cat
 * weighs 1 to 13 kg (the query's own bound is a dog's), and a young pet no more than heaviestAtAge. The
 * message names the field as the schemas' do.
 */
export function rationWeightProblem(species: 'dog' | 'cat', weightKg: number, ageMonths: number): string | null {
  if (species === 'cat' && (weightKg < CAT_WEIGHT_KG.min || weightKg > CAT_WEIGHT_KG.max))
    return `weight: a cat weighs ${CAT_WEIGHT_KG.min} to ${CAT_WEIGHT_KG.max} kg`;
  const heaviest = heaviestAtAge(species, ageMonths);
  if (heaviest !== null && weightKg > heaviest)
    return `weight: a ${species === 'dog' ? 'puppy' : 'kitten'} of ${ageMonths} months weighs at most ${heaviest} kg`;
  return null;
}

/** A species as the shop API's type IRI (animal-types/1 or /2), its id, or its code. */
const species = z.union([
  z.enum(SPECIES),
  z.pipe(
    z.pipe(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((v) => Number(/(\d+)$/.exec(String(v))?.[1])),
      ),
      z.union([z.literal(SPECIES_IDS.dog), z.literal(SPECIES_IDS.cat)]),
    ),
    z.transform((id) => (id === SPECIES_IDS.dog ? ('dog' as const) : ('cat' as const))),
  ),
]);

const sku = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

/**
 * On the days wet food is served, it brings half of the cat's energy and the kibble the other half: a cat
 * then gets a real wet meal (about a pouch or a tin for a 4 kg cat) while the kibble, left out for the
 * cat's many small meals, stays its staple; on the other days the kibble brings it all.
 */
export const BI_NUTRITION_WET_SHARE = 0.5;

/** A cat of the bi-nutrition guides weighs above 0 and below this (kg). */
export const BI_NUTRITION_CAT_MAX_KG = 13;

/**
 * POST b2c-recommendation/getReco body: the pet as the guides know it. `kinds` says which recipes to
 * propose (kibbles by default); `wet` asks for a mixed menu (the bi-nutrition guides): the share of the
 * energy wet food brings and on how many days a week.
 */
export const recommendationProfile = z
  .object({
    name: z.nullish(z.string().check(z.trim(), z.maxLength(255))),
    type: species,
    weight: z.number().check(z.gt(0), z.lte(DOG_WEIGHT_MAX_KG)),
    month: z.int().check(z.gte(0), z.lte(MAX_AGE_MONTHS)),
    sterilized: z._default(z.boolean(), false),
    condition: z._default(z.enum(BODY_CONDITION_CODES), 'ideal'),
    activity: z._default(z.enum(ACTIVITY_CODES), 'moderate'),
    feature: z.nullish(z.enum(FEATURE_CODES)),
    /** A puppy's expected adult weight (its breed's, or its owner's answer for a crossbreed), kg. */
    expectedAdultWeight: z.nullish(z.number().check(z.gt(0), z.lte(DOG_WEIGHT_MAX_KG))),
    /** A female said to be pregnant or nursing: the guides send her to a vet (referral.ts). */
    pregnantOrNursing: z._default(z.boolean(), false),
    kinds: z._default(z.array(z.enum(['dry', 'wet'])).check(z.minLength(1), z.maxLength(2)), ['dry']),
    wet: z.nullish(
      z.object({
        share: z._default(z.number().check(z.gt(0), z.lt(1)), BI_NUTRITION_WET_SHARE),
        daysPerWeek: z.union([z.literal(3), z.literal(7)]),
      }),
    ),
    /** The bi-nutrition guides: the cat's kibble (its SKU; the mini guide leaves it to the engine). */
    kibble: z.nullish(sku),
    /** The bi-nutrition guides: the wet recipes the shopper selected, served on the wet days. */
    wetRecipes: z.nullish(z.array(sku).check(z.minLength(1), z.maxLength(MAX_RECIPES))),
  })
  .check(
    // A cat of the bi-nutrition guides (a mixed menu) weighs above 0 and below 13 kg; one of the kibble guide 1 to 13 kg.
    z.refine(
      (p) =>
        p.type !== 'cat' ||
        p.wet != null ||
        p.kibble != null ||
        p.wetRecipes != null ||
        (p.weight >= CAT_WEIGHT_KG.min && p.weight <= CAT_WEIGHT_KG.max),
      {
        path: ['weight'],
        message: `A cat weighs ${CAT_WEIGHT_KG.min} to ${CAT_WEIGHT_KG.max} kg`,
      },
    ),
    z.refine((p) => p.type !== 'cat' || (p.wet == null && p.kibble == null && p.wetRecipes == null) || p.weight < BI_NUTRITION_CAT_MAX_KG, {
      path: ['weight'],
      message: `A cat of the bi-nutrition guides weighs below ${BI_NUTRITION_CAT_MAX_KG} kg`,
    }),
    // A weight the age cannot carry (a typing slip in the pet's profile) gets no ration.
    z.refine((p) => p.weight <= (heaviestAtAge(p.type, p.month) ?? Number.POSITIVE_INFINITY), {
      path: ['weight'],
      message: 'This weight is more than a pet of this age can weigh',
    }),
    z.refine((p) => pregnancyProblem(p) === null, {
      path: ['pregnantOrNursing'],
      message: 'Only an intact adult female can be pregnant or nursing',
    }),
  );
export type RecommendationRequest = z.output<typeof recommendationProfile>;

/** One format of a recommended food in getReco's answer: how long one lasts and the frequency it fits (null: none). */
export const formatFitAnswer = z.object({
  code: z.string(),
  name: z.string(),
  lastsDays: z.number(),
  frequency: z.nullable(z.looseObject({ days: z.int() })),
  quantityForShortest: z.int(),
  frequencyForQuantity: z.looseObject({ days: z.int() }),
});

/** What the shopper reads instead of a result. */
export const NUTRITION_MESSAGES: Record<Language, Record<'notEligible' | 'rationNoResult' | 'technicalError', string>> = {
  fr: {
    notEligible: PATHOLOGY_MESSAGES.fr,
    rationNoResult: 'Nous ne pouvons pas calculer de ration pour ce produit\u00A0: merci de contacter notre service client.',
    technicalError: "Nous ne sommes pas en mesure de vous donner une recommandation. Merci d'essayer ultérieurement",
  },
  nl: {
    notEligible: PATHOLOGY_MESSAGES.nl,
    rationNoResult: 'We kunnen voor dit product geen rantsoen berekenen: neem contact op met onze klantendienst.',
    technicalError: 'We kunnen je geen aanbeveling geven. Probeer het later opnieuw.',
  },
};
