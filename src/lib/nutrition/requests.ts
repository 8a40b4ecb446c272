/**
 * The content service's nutrition calls, as the site sends them: `GET b2c-rations/getReco` (ref, weight,
 * month, locale: the product page's ration calculator) and `POST b2c-recommendation/getReco` (an animal
 * profile: the guides). The platform validates them with these schemas; the answers are `rationAnswer`
 * and `recommendationAnswer`. Messages the shopper reads when there is no answer are here too, in French
 * and Dutch, so the platform and the screens say the same words.
 */
import { z } from 'zod';
import { CAT_WEIGHT_KG, DOG_WEIGHT_MAX_KG } from '../constants.ts';
import type { Language } from '../channels.ts';
import { MAX_RECIPES } from './recommendation.ts';
import { ACTIVITY_CODES, BODY_CONDITION_CODES, FEATURE_CODES, SPECIES, SPECIES_IDS } from '../pets/profile.ts';

/** Up to 30 years: no dog or cat of ours is older. */
const MAX_AGE_MONTHS = 360;

/** GET b2c-rations/getReco: the product (its SKU), the pet's weight (kg) and age (months). */
export const rationQuery = z.object({
  ref: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  weight: z.coerce.number().gt(0).max(DOG_WEIGHT_MAX_KG),
  month: z.coerce.number().int().min(0).max(MAX_AGE_MONTHS),
});

/** A species as the shop API's type IRI (animal-types/1 or /2), its id, or its code. */
const species = z.union([
  z.enum(SPECIES),
  z
    .union([z.string(), z.number()])
    .transform((v) => Number(/(\d+)$/.exec(String(v))?.[1]))
    .pipe(z.union([z.literal(SPECIES_IDS.dog), z.literal(SPECIES_IDS.cat)]))
    .transform((id) => (id === SPECIES_IDS.dog ? ('dog' as const) : ('cat' as const))),
]);

const sku = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

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
    name: z.string().trim().max(255).nullish(),
    type: species,
    weight: z.number().gt(0).max(DOG_WEIGHT_MAX_KG),
    month: z.number().int().min(0).max(MAX_AGE_MONTHS),
    sterilized: z.boolean().default(false),
    condition: z.enum(BODY_CONDITION_CODES).default('ideal'),
    activity: z.enum(ACTIVITY_CODES).default('moderate'),
    feature: z.enum(FEATURE_CODES).nullish(),
    /** A puppy's expected adult weight (its breed's), kg. */
    expectedAdultWeight: z.number().gt(0).max(DOG_WEIGHT_MAX_KG).nullish(),
    kinds: z
      .array(z.enum(['dry', 'wet']))
      .min(1)
      .max(2)
      .default(['dry']),
    wet: z
      .object({
        share: z.number().gt(0).lt(1).default(BI_NUTRITION_WET_SHARE),
        daysPerWeek: z.union([z.literal(3), z.literal(7)]),
      })
      .nullish(),
    /** The bi-nutrition guides: the cat's kibble (its SKU; the mini guide leaves it to the engine). */
    kibble: sku.nullish(),
    /** The bi-nutrition guides: the wet recipes the shopper selected, served on the wet days. */
    wetRecipes: z.array(sku).min(1).max(MAX_RECIPES).nullish(),
  })
  // A cat of the bi-nutrition guides (a mixed menu) weighs above 0 and below 13 kg; one of the kibble guide 1 to 13 kg.
  .refine(
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
  )
  .refine((p) => p.type !== 'cat' || (p.wet == null && p.kibble == null && p.wetRecipes == null) || p.weight < BI_NUTRITION_CAT_MAX_KG, {
    path: ['weight'],
    message: `A cat of the bi-nutrition guides weighs below ${BI_NUTRITION_CAT_MAX_KG} kg`,
  });
export type RecommendationRequest = z.output<typeof recommendationProfile>;

/** One format of a recommended food in getReco's answer: how long one lasts and the frequency it fits (null: none). */
export const formatFitAnswer = z.object({
  code: z.string(),
  name: z.string(),
  lastsDays: z.number(),
  frequency: z.object({ days: z.number().int() }).passthrough().nullable(),
  quantityForShortest: z.number().int(),
});

/** What the shopper reads instead of a result. */
export const NUTRITION_MESSAGES: Record<Language, Record<'notEligible' | 'rationNoResult' | 'technicalError', string>> = {
  fr: {
    notEligible:
      'Votre animal a besoin d’une alimentation adaptée à sa pathologie\u00A0: nous vous conseillons de consulter votre vétérinaire.',
    rationNoResult: 'Nous ne pouvons pas calculer de ration pour ce produit\u00A0: merci de contacter notre service client.',
    technicalError: "Nous ne sommes pas en mesure de vous donner une recommandation. Merci d'essayer ultérieurement",
  },
  nl: {
    notEligible: 'Je dier heeft voeding nodig die op zijn aandoening is afgestemd: we raden je aan je dierenarts te raadplegen.',
    rationNoResult: 'We kunnen voor dit product geen rantsoen berekenen: neem contact op met onze klantendienst.',
    technicalError: 'We kunnen je geen aanbeveling geven. Probeer het later opnieuw.',
  },
};
