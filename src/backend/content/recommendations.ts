/**
 * The content service's nutrition calls, answered from the engine (lib/nutrition) and the catalogue:
 *
 * - `GET /b2c-rations/getReco?ref&weight&month&locale`: the product page's ration calculator. The daily
 *   ration of that product for a pet of that weight and age (a puppy or kitten under 12 months is fed for
 *   growth), at moderate activity and in ideal shape, and the delivery frequency of each of its formats. A
 *   pregnant or nursing female (`pregnantOrNursing=true`, an adult's only) gets no ration but the referral
 *   to a vet (lib/nutrition/referral.ts).
 * - `POST /b2c-recommendation/getReco?locale[&list=true]`: the guides. For an animal profile, the recipes
 *   that fit (at most three), each with its daily ration and frequencies, the explanation of its grams and
 *   why this recipe (`why`: the reasons the rule kept it for, in one sentence); a pet the referral rule
 *   sends to a vet (a pathology, a pregnancy, obesity, extreme thinness) is not eligible. With `list=true`, only the products (summary render).
 *
 * Answers are Strapi-shaped (`{ data, meta }`); a bad query or body is a 400 ValidationError, an unknown
 * product a 404, a product the ration cannot be computed for (a treat, a sample) a 404 carrying the
 * message the shopper reads.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { channelOf, languageOf, type Language, type LocaleCode } from '../../lib/channels.ts';
import { dailyEnergy, type EnergyNeed } from '../../lib/nutrition/energy.ts';
import { foodEnergy, type AnalyticalConstituents } from '../../lib/nutrition/food-energy.ts';
import { dailyRation, mealsPerDay, type RationFood } from '../../lib/nutrition/ration.ts';
import { deliveryFrequency, formatGrams } from '../../lib/nutrition/delivery-frequency.ts';
import { explainChoice, explainRation } from '../../lib/nutrition/explanation.ts';
import { recommend, type RecipeCandidate } from '../../lib/nutrition/recommendation.ts';
import { BI_NUTRITION_MESSAGES, biNutritionError, biNutritionFoods } from '../../lib/nutrition/bi-nutrition.ts';
import { VET_MESSAGES } from '../../lib/nutrition/referral.ts';
import {
  BI_NUTRITION_WET_SHARE,
  NUTRITION_MESSAGES,
  pregnancyProblem,
  rationQuery,
  rationWeightProblem,
  recommendationProfile,
  type RecommendationRequest,
} from '../../lib/nutrition/requests.ts';
import type { Species } from '../../lib/pets/profile.ts';
import { findProducts } from './repository.ts';
import { contentError, contentNotFound, jsonBody } from './errors.ts';
import { localeParam, parseQuery } from './query.ts';

interface FoodRow {
  sku: string;
  name: string;
  animal: Species;
  kind: RecipeCandidate['kind'];
  is_sample: boolean;
  filters: RecipeCandidate['filters'];
  energy_kcal_per_kg: number | null;
  constituents: AnalyticalConstituents | null;
  position: number;
  variants: Array<{ code: string; name: string; unit: 'kg' | 'g' | 'l'; net_quantity: number | string }>;
}

/** Foods that can be recommended or rationed: listed, in stock in a shown format. */
const FOOD_SELECT = `
  SELECT p.sku, p.name, p.animal, p.kind, p.is_sample, p.filters, p.energy_kcal_per_kg, p.details -> 'analyticalConstituents' AS constituents,
    p.position,
    (SELECT coalesce(json_agg(json_build_object('code', v.code, 'name', v.name, 'unit', v.unit, 'net_quantity', v.net_quantity)
       ORDER BY v.position), '[]'::json)
     FROM content.product_variants v WHERE v.product_sku = p.sku AND v.language = p.language AND v.show_variant AND v.in_stock) AS variants
  FROM content.products p
  WHERE p.language = $1 AND p.viewable AND NOT p.old_product`;

const kcalPerKgOf = (row: FoodRow) =>
  foodEnergy({ energyKcalPerKg: row.energy_kcal_per_kg, analyticalConstituents: row.constituents }, row.animal);

/** Each shown format: how long one lasts at this ration and the frequency it fits. */
const formatsOf = (row: FoodRow, gramsPerDay: number) =>
  row.variants.flatMap((v) => {
    const grams = formatGrams(v.unit, Number(v.net_quantity));
    return grams && gramsPerDay > 0 ? [{ code: v.code, name: v.name, ...deliveryFrequency(gramsPerDay, grams) }] : [];
  });

const energyJson = (need: EnergyNeed) => ({
  kcal: need.kcal,
  targetWeight: need.targetWeightKg,
  factor: need.factor,
  lifeStage: need.lifeStage,
});

// Any zod error: the profile's schema is zod mini's (lib/nutrition/requests.ts, shared with the guides' pages).
function validationError(error: z.core.$ZodError): never {
  throw contentError(400, 'ValidationError', error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '), {
    errors: error.issues.map((i) => ({ path: i.path, message: i.message })),
  });
}

/** The ration of a menu (in the pet's meals a day), each food's formats at its pace, and the sentence explaining it. */
function menuOf(lang: Language, profile: RecommendationRequest, energy: EnergyNeed, menu: RationFood[], foods: Map<string, FoodRow>) {
  const meals = mealsPerDay(profile.month);
  const ration = dailyRation(energy.kcal, menu, meals);
  return {
    ration,
    formats: Object.fromEntries(menu.map((f) => [f.key, formatsOf(foods.get(f.key)!, ration.averageGramsPerDay[f.key]!)])),
    explanation: explainRation(lang, {
      name: profile.name,
      species: profile.type,
      growing: energy.lifeStage === 'growth',
      kcal: energy.kcal,
      weightKg: profile.weight,
      targetWeightKg: energy.targetWeightKg,
      meals,
      foods: ration.days[0]!.foods.map((f) => ({ name: foods.get(f.key)!.name, grams: f.gramsPerDay })),
    }),
  };
}

/** The recipes of a profile, with a ration each (a mixed menu when wet food joins the kibble). */
async function recommendationFor(db: Database, lang: Language, profile: RecommendationRequest) {
  const rows = await db.query<FoodRow>(`${FOOD_SELECT} AND p.animal = $2 AND NOT p.is_sample AND p.kind = ANY($3::text[])`, [
    lang,
    profile.type,
    profile.kinds,
  ]);
  const foods = new Map(rows.filter((r) => r.variants.length > 0 && kcalPerKgOf(r)).map((r) => [r.sku, r]));
  const pet = petOf(profile);
  const candidates = (kind: 'dry' | 'wet') => [...foods.values()].filter((r) => r.kind === kind).map(candidateOf);
  const result = recommend(pet, candidates(profile.kinds[0]!));
  if (!result.eligible)
    return { eligible: false as const, reason: result.reason, message: VET_MESSAGES[lang][result.reason][profile.type] };
  const energy = dailyEnergy(pet);
  // A mixed menu: the best wet recipe of the same fit joins each kibble for its share.
  const wetRecipe =
    profile.wet && profile.kinds.includes('wet')
      ? (() => {
          const wet = recommend(pet, candidates('wet'), 1);
          return wet.eligible ? wet.recipes[0] : undefined;
        })()
      : undefined;
  const recipes = result.recipes.map((recipe) => {
    const menu: RationFood[] = [{ key: recipe.sku, kcalPerKg: recipe.energyKcalPerKg, share: wetRecipe ? 1 - profile.wet!.share : 1 }];
    if (wetRecipe && profile.wet)
      menu.push({
        key: wetRecipe.sku,
        kcalPerKg: wetRecipe.energyKcalPerKg,
        share: profile.wet.share,
        daysPerWeek: profile.wet.daysPerWeek,
      });
    const why = explainChoice(lang, { name: profile.name, species: profile.type, feature: pet.feature, reasons: recipe.reasons });
    return { sku: recipe.sku, ...menuOf(lang, profile, energy, menu, foods), why };
  });
  return { eligible: true as const, energy: energyJson(energy), recipes };
}

const candidateOf = (r: FoodRow): RecipeCandidate => ({
  sku: r.sku,
  animal: r.animal,
  kind: r.kind,
  filters: r.filters,
  energyKcalPerKg: kcalPerKgOf(r)!,
  position: r.position,
});

const petOf = (profile: RecommendationRequest) => ({
  species: profile.type,
  ageMonths: profile.month,
  weightKg: profile.weight,
  expectedAdultWeightKg: profile.expectedAdultWeight ?? null,
  sterilised: profile.sterilized,
  condition: profile.condition,
  activity: profile.activity,
  feature: profile.feature ?? null,
  pregnantOrNursing: profile.pregnantOrNursing,
});

/**
 * A bi-nutrition request: the guides name the cat's kibble or the wet recipes chosen, or list the wet
 * recipes (kinds ['wet']) or, with the wet days said, our kibbles (the Meals step).
 */
const isBiNutrition = (profile: RecommendationRequest, list: boolean) =>
  profile.kibble != null ||
  profile.wetRecipes != null ||
  (list && ((profile.kinds.length === 1 && profile.kinds[0] === 'wet') || profile.wet != null));

/**
 * The bi-nutrition guides' answer: the checks first (a dog, a dog's kibble, a cat above its ideal shape or
 * with a pathology needing a vet, a kitten/adult kibble mismatch), each refusal with its reason and the
 * shopper's sentence; then, with `list`, every wet recipe that fits the cat (the Selection step's choice,
 * the shopper picks at most MAX_RECIPES); else the menu of the kibble (the one chosen, or the engine's
 * best) and the wet recipes chosen, per day type and per meal, with each food's formats and frequencies.
 */
async function biNutritionFor(db: Database, lang: Language, profile: RecommendationRequest, list: boolean) {
  const refused = (reason: NonNullable<ReturnType<typeof biNutritionError>>) => ({
    eligible: false as const,
    reason,
    message: BI_NUTRITION_MESSAGES[lang][reason],
  });
  const pet = petOf(profile);
  const profileError = biNutritionError(pet);
  if (profileError) return refused(profileError);
  const rows = await db.query<FoodRow>(`${FOOD_SELECT} AND NOT p.is_sample AND p.kind = ANY($2::text[])`, [lang, ['dry', 'wet']]);
  const foods = new Map(rows.filter((r) => r.variants.length > 0 && kcalPerKgOf(r)).map((r) => [r.sku, r]));
  let kibble: FoodRow | undefined;
  if (profile.kibble) {
    kibble = foods.get(profile.kibble);
    if (kibble?.kind !== 'dry') throw contentError(400, 'ValidationError', `kibble: ${profile.kibble} is not one of our kibbles`);
    const error = biNutritionError(pet, { animal: kibble.animal, lifeStage: kibble.filters.lifeStage });
    if (error) return refused(error);
  }
  const catFoods = (kind: 'dry' | 'wet') => [...foods.values()].filter((r) => r.kind === kind && r.animal === 'cat').map(candidateOf);
  // The Meals step: every kibble of ours, the cats' first (a dog's may be chosen, and is then refused).
  if (list && !profile.kinds.includes('wet'))
    return {
      eligible: true as const,
      list: [...foods.values()]
        .filter((r) => r.kind === 'dry')
        .sort((a, b) => Number(a.animal === 'dog') - Number(b.animal === 'dog') || a.position - b.position)
        .map((r) => r.sku),
    };
  if (list) {
    const wet = recommend(pet, catFoods('wet'), Number.POSITIVE_INFINITY);
    return { eligible: true as const, list: wet.eligible ? wet.recipes.map((r) => r.sku) : [] };
  }
  // The mini guide's kibble is the engine's choice: it says why, as the kibble guide's recipes do.
  let why: ReturnType<typeof explainChoice> | null = null;
  if (!kibble) {
    const best = recommend(pet, catFoods('dry'), 1);
    const first = best.eligible ? best.recipes[0] : undefined;
    kibble = first ? foods.get(first.sku) : undefined;
    if (first) why = explainChoice(lang, { name: profile.name, species: pet.species, feature: pet.feature, reasons: first.reasons });
  }
  const wets = (profile.wetRecipes ?? []).map((sku) => {
    const row = foods.get(sku);
    if (row?.kind !== 'wet' || row.animal !== 'cat')
      throw contentError(400, 'ValidationError', `wetRecipes: ${sku} is not one of our wet recipes for cats`);
    // Only the recipes the Selection step offers this cat: never a senior's or a neutered cat's for a
    // kitten, nor one with grain for a cat that cannot eat it.
    const fit = recommend(pet, [candidateOf(row)]);
    if (!fit.eligible || fit.recipes.length === 0)
      throw contentError(400, 'ValidationError', `wetRecipes: ${sku} does not fit this cat's profile`);
    return row;
  });
  if (!kibble || wets.length === 0) return { eligible: true as const, menu: null };
  const energy = dailyEnergy(pet);
  const daysPerWeek = profile.wet?.daysPerWeek ?? 3;
  const share = profile.wet?.share ?? BI_NUTRITION_WET_SHARE;
  const menu = biNutritionFoods(
    { key: kibble.sku, kcalPerKg: kcalPerKgOf(kibble)! },
    wets.map((w) => ({ key: w.sku, kcalPerKg: kcalPerKgOf(w)! })),
    daysPerWeek,
    share,
  );
  return {
    eligible: true as const,
    energy: energyJson(energy),
    menu: { kibble: kibble.sku, wetRecipes: wets.map((w) => w.sku), daysPerWeek, ...menuOf(lang, profile, energy, menu, foods), why },
  };
}

export function recommendationRoutes(db: Database, base: string): Hono {
  const app = new Hono();
  // The query schemas are built in the handlers: routes.ts, which they come from, mounts this module.
  const uploadsUrl = (c: Context) => `${new URL(c.req.url).origin}${base}/uploads/`;
  const productsOf = (c: Context, locale: LocaleCode, skus: string[]) =>
    findProducts(db, { language: languageOf(locale), vatRate: channelOf(locale).vatRate, render: 1, uploadsUrl: uploadsUrl(c), skus });

  app.get('/b2c-rations/getReco', async (c) => {
    const q = parseQuery(c, z.object({ ...rationQuery.shape, locale: localeParam }));
    const lang = languageOf(q.locale);
    const [row] = await db.query<FoodRow>(`${FOOD_SELECT} AND p.sku = $2`, [lang, q.ref]);
    if (!row) throw contentNotFound(`Product ${q.ref} not found`);
    const kcalPerKg = kcalPerKgOf(row);
    if (row.kind === 'treat' || row.is_sample || !kcalPerKg) throw contentNotFound(NUTRITION_MESSAGES[lang].rationNoResult);
    const weightProblem = rationWeightProblem(row.animal, q.weight, q.month) ?? pregnancyProblem(q);
    if (weightProblem) throw contentError(400, 'ValidationError', weightProblem);
    // A pregnant or nursing female's need changes by the week and the litter: the vet sets it, not a maintenance ration.
    if (q.pregnantOrNursing)
      return c.json({
        data: { ref: row.sku, referral: { reason: 'pregnantOrNursing', message: VET_MESSAGES[lang].pregnantOrNursing[row.animal] } },
        meta: {},
      });
    const growing = q.month < 12;
    // The page asks weight and age only: the pet is taken as moderately active, and neutered when the food
    // is made for neutered pets (a cat's need falls by a quarter, FEDIAF). The answer says so beside the ration.
    const sterilised = row.filters.sterilised;
    const energy = dailyEnergy({
      species: row.animal,
      weightKg: q.weight,
      ageMonths: q.month,
      activity: 'moderate',
      sterilised,
      condition: 'ideal',
    });
    const meals = mealsPerDay(q.month);
    const ration = dailyRation(energy.kcal, [{ key: row.sku, kcalPerKg, share: 1 }], meals);
    const day = ration.days[0]!.foods[0]!;
    return c.json({
      data: {
        ref: row.sku,
        weight: q.weight,
        month: q.month,
        puppy: growing,
        assumedSterilised: sterilised,
        energy: energyJson(energy),
        kcalPerKg,
        gramsPerDay: day.gramsPerDay,
        gramsPerMeal: day.gramsPerMeal,
        meals,
        formats: formatsOf(row, day.gramsPerDay),
        explanation: explainRation(lang, {
          species: row.animal,
          growing,
          kcal: energy.kcal,
          weightKg: q.weight,
          targetWeightKg: energy.targetWeightKg,
          meals,
          foods: [{ name: row.name, grams: day.gramsPerDay }],
        }),
      },
      meta: {},
    });
  });

  app.post('/b2c-recommendation/getReco', async (c) => {
    const q = parseQuery(c, z.object({ locale: localeParam, list: z.enum(['true', 'false']).default('false') }));
    const lang = languageOf(q.locale);
    const parsed = recommendationProfile.safeParse(await jsonBody(c, 'The body must be a JSON animal profile'));
    if (!parsed.success) validationError(parsed.error);
    if (isBiNutrition(parsed.data, q.list === 'true')) {
      const bi = await biNutritionFor(db, lang, parsed.data, q.list === 'true');
      if (!bi.eligible) return c.json({ data: bi, meta: {} });
      const skus = bi.list ?? (bi.menu ? [bi.menu.kibble, ...bi.menu.wetRecipes] : []);
      const bySku = new Map((await productsOf(c, q.locale, skus)).map((p) => [p.sku, p]));
      if (bi.list) return c.json({ data: skus.map((sku) => bySku.get(sku)), meta: {} });
      return c.json({
        data: { eligible: true, energy: bi.energy, menu: bi.menu && { ...bi.menu, products: skus.map((sku) => bySku.get(sku)) } },
        meta: {},
      });
    }
    const result = await recommendationFor(db, lang, parsed.data);
    if (!result.eligible) return c.json({ data: result, meta: {} });
    const products = await productsOf(
      c,
      q.locale,
      result.recipes.map((r) => r.sku),
    );
    const bySku = new Map(products.map((p) => [p.sku, p]));
    if (q.list === 'true') return c.json({ data: result.recipes.map((r) => bySku.get(r.sku)), meta: {} });
    return c.json({
      data: { ...result, recipes: result.recipes.map((r) => ({ ...r, product: bySku.get(r.sku) })) },
      meta: {},
    });
  });

  return app;
}
