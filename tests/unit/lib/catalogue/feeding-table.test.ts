/**
 * A food's feeding table (lib/catalogue/feeding-table.ts) is the product page's ration calculator at the
 * content's weights: the calculator's own answer (`GET b2c-rations/getReco`, read with the calculator's
 * schema, lib/nutrition/calculator.ts) gives the same grams for every row of every food of the catalogue,
 * for the pet the caption names. A treat keeps its authored daily maximum.
 */
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../../../src/backend/seed/seed.ts';
import type { Database } from '../../../../src/backend/db/database.ts';
import { recommendationRoutes } from '../../../../src/backend/content/recommendations.ts';
import { translate } from '../../../../src/i18n/translate.ts';
import {
  FEEDING_TABLE_AGE_MONTHS,
  feedingTablePet,
  feedingTableRows,
  feedingTableScope,
  type FeedingTableProduct,
} from '../../../../src/lib/catalogue/feeding-table.ts';
import { rationAnswer } from '../../../../src/lib/nutrition/calculator.ts';
import { dailyEnergy } from '../../../../src/lib/nutrition/energy.ts';

const products = loadFixtures().products;
type Fixture = (typeof products)[number];

/** A fixture product as the page reads it: its entry's kind, species and filters, its details' energy and rows. */
const pageProduct = (p: Fixture): FeedingTableProduct => ({
  kind: p.kind,
  animal: p.animal,
  filters: p.filters,
  energy_kcal_per_kg: p.energyKcalPerKg,
  analytical_constituents: p.analyticalConstituents,
  feeding_table: p.feedingTable,
});
const bySku = (sku: string) => products.find((p) => p.sku === sku)!;

/**
 * The content service's ration route on the catalogue's rows, as its SQL would give them (no formats: no
 * frequency to fit). A sample's page has no calculator (the route refuses it: nothing to subscribe to), but
 * its table is its food's: it is asked as the food it samples.
 */
const db = {
  query: async (_sql: string, params: unknown[]) =>
    products
      .filter((p) => p.sku === params[1])
      .map((p) => ({
        sku: p.sku,
        name: p.name.fr,
        animal: p.animal,
        kind: p.kind,
        is_sample: false,
        filters: p.filters,
        energy_kcal_per_kg: p.energyKcalPerKg,
        constituents: p.analyticalConstituents,
        position: p.position,
        variants: [],
      })),
} as unknown as Database;
const routes = recommendationRoutes(db, '/content');

/** What the calculator shows for this food, weight and age. */
async function calculator(sku: string, weight: number, month: number) {
  const response = await routes.request(`/b2c-rations/getReco?ref=${sku}&weight=${weight}&month=${month}&locale=fr_FR`);
  expect(response.status, `${sku} ${weight} kg ${month} months`).toBe(200);
  return rationAnswer.parse(((await response.json()) as { data: unknown }).data);
}

const foods = products.filter((p) => p.kind !== 'treat');

describe('a food’s feeding table', () => {
  it('covers the catalogue: puppy, kitten, adult, neutered adult, senior and all-ages foods, dry and wet, and samples', () => {
    const scopes = new Set(foods.map((p) => feedingTableScope(p.kind, p.filters.lifeStage, p.filters.sterilised)));
    expect(scopes).toEqual(new Set(['puppy', 'kitten', 'adult', 'sterilised', 'senior', 'all']));
    expect(new Set(foods.map((p) => p.kind))).toEqual(new Set(['dry', 'wet']));
    expect(foods.some((p) => p.isSample)).toBe(true);
  });

  it.each(foods.map((p) => [p.sku, p] as const))(
    '%s: every row is the calculator’s grams for the pet its caption names',
    async (_sku, p) => {
      const scope = feedingTableScope(p.kind, p.filters.lifeStage, p.filters.sterilised);
      const month = FEEDING_TABLE_AGE_MONTHS[scope as Exclude<typeof scope, 'treat'>];
      const rows = feedingTableRows(pageProduct(p));
      expect(rows.map((r) => r.weightKg)).toEqual(p.feedingTable.map((r) => r.weightKg));
      for (const row of rows) {
        const answer = await calculator(p.sku, row.weightKg, month);
        expect(row.gramsPerDay, `${p.sku} at ${row.weightKg} kg`).toBe(answer.gramsPerDay);
        // The caption's "neutered" is the calculator's assumption.
        expect(answer.assumedSterilised).toBe(p.filters.sterilised);
        expect(answer.puppy).toBe(scope === 'puppy' || scope === 'kitten');
      }
    },
  );

  it('gives the neutered 4 kg cat on the sterilised kibble FEDIAF’s 52 g: 75 × 4^0.67 = 190 kcal at 3 650 kcal/kg', () => {
    const rows = feedingTableRows(pageProduct(bySku('CAT-DRY-STERILISED-CHICKEN')));
    expect(rows.find((r) => r.weightKg === 4)?.gramsPerDay).toBe(52);
  });

  it('computes each scope’s pet by hand: FEDIAF’s factor × weight^exponent, over the food’s energy', () => {
    const grams = (sku: string, weightKg: number) =>
      feedingTableRows(pageProduct(bySku(sku))).find((r) => r.weightKg === weightKg)?.gramsPerDay;
    // Adult dog, moderate: 110 × 10^0.75 = 619 kcal / 3.75 kcal/g = 165 g.
    expect(grams('DOG-DRY-ADULT-CHICKEN', 10)).toBe(165);
    // Puppy of 4 to 8 months (50–80 % of its adult weight): 175 × 10^0.75 = 984 kcal / 3.95 = 249 g.
    expect(grams('DOG-DRY-PUPPY-CHICKEN', 10)).toBe(249);
    // Kitten of 4 to 9 months: 1.875 × 100 × 3^0.67 = 391 kcal / 4.15 = 94 g.
    expect(grams('CAT-DRY-KITTEN-CHICKEN', 3)).toBe(94);
    // Intact adult cat: 100 × 4^0.67 = 253 kcal / 3.95 = 64 g.
    expect(grams('CAT-DRY-ADULT-SALMON', 4)).toBe(64);
    // Senior dog, moderate (no factor of its own): 110 × 20^0.75 = 1 040 kcal / 3.55 = 293 g.
    expect(grams('DOG-DRY-SENIOR-CHICKEN', 20)).toBe(293);
    // A wet food: neutered 4 kg cat, 190 kcal / 0.84 = 226 g.
    expect(grams('CAT-WET-STERILISED-SALMON', 4)).toBe(226);
  });

  it('is a senior’s for a senior food, an adult’s for an all-ages one, never a diet', () => {
    const senior = feedingTablePet(pageProduct(bySku('CAT-DRY-SENIOR-TURKEY')), 4);
    expect(senior).toMatchObject({ ageMonths: 96, activity: 'moderate', condition: 'ideal', sterilised: false });
    expect(dailyEnergy(senior).lifeStage).toBe('adult');
    expect(dailyEnergy(feedingTablePet(pageProduct(bySku('CAT-WET-DUCK-MOUSSE')), 4)).lifeStage).toBe('adult');
    expect(dailyEnergy(feedingTablePet(pageProduct(bySku('DOG-DRY-PUPPY-LARGE-LAMB')), 30)).factor).toBe(175);
  });

  it('estimates a food without a declared energy with FEDIAF’s four steps, and shows no rows without either', () => {
    const p = { ...pageProduct(bySku('DOG-DRY-ADULT-CHICKEN')), energy_kcal_per_kg: null };
    expect(feedingTableRows(p).every((r) => r.gramsPerDay > 0)).toBe(true);
    expect(feedingTableRows({ ...p, analytical_constituents: null })).toEqual([]);
  });

  it('follows the food’s energy: a richer food, fewer grams', () => {
    const p = pageProduct(bySku('DOG-DRY-ADULT-CHICKEN'));
    const richer = feedingTableRows({ ...p, energy_kcal_per_kg: 4500 });
    for (const [i, row] of feedingTableRows(p).entries()) expect(richer[i]!.gramsPerDay).toBeLessThan(row.gramsPerDay);
  });
});

describe('a treat’s table', () => {
  it('keeps its authored daily maximum', () => {
    for (const p of products.filter((t) => t.kind === 'treat')) expect(feedingTableRows(pageProduct(p))).toEqual(p.feedingTable);
    expect(() => feedingTablePet(pageProduct(bySku('DOG-TREAT-DENTAL-CHICKEN')), 10)).toThrow(RangeError);
  });
});

describe('the caption', () => {
  const caption = (language: 'fr' | 'nl', scope: string) => translate(language, `catalogue.product.dailyPortionCaptions.${scope}`);

  it('says the neutered adult a food for neutered pets is computed for, and the intact one of the others', () => {
    expect(feedingTableScope('dry', 'adult', true)).toBe('sterilised');
    expect(feedingTableScope('dry', 'adult', false)).toBe('adult');
    expect(feedingTableScope('treat', 'adult', true)).toBe('treat');
    expect(caption('fr', 'sterilised')).toMatch(/adulte stérilisé, d’activité modérée et à son poids idéal/);
    expect(caption('fr', 'adult')).toMatch(/adulte non stérilisé, d’activité modérée et à son poids idéal/);
    expect(caption('nl', 'sterilised')).toMatch(/volwassen, gesteriliseerd dier met matige activiteit en op zijn ideale gewicht/);
    expect(caption('nl', 'adult')).toMatch(/niet-gesteriliseerd/);
  });

  it('names the age band of a puppy’s and a kitten’s table, and the senior and the grown animal of the others', () => {
    expect(caption('fr', 'puppy')).toMatch(/chiot de 4 à 8\u00A0mois/);
    expect(caption('nl', 'puppy')).toMatch(/puppy van 4 tot 8 maanden/);
    expect(caption('fr', 'kitten')).toMatch(/chaton de 4 à 9\u00A0mois/);
    expect(caption('nl', 'kitten')).toMatch(/kitten van 4 tot 9 maanden/);
    expect(caption('fr', 'senior')).toMatch(/animal âgé/);
    expect(caption('fr', 'all')).toMatch(/a fini sa croissance/);
    expect(caption('nl', 'all')).toMatch(/uitgegroeid/);
    for (const scope of ['puppy', 'kitten', 'adult', 'sterilised', 'senior', 'all']) {
      expect(caption('fr', scope)).toMatch(/FEDIAF.*À ajuster selon sa silhouette\.$/);
      expect(caption('nl', scope)).toMatch(/FEDIAF.*Pas het aan volgens zijn silhouet\.$/);
    }
  });
});
