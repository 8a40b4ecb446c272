/**
 * A product's feeding table and what its caption says. A treat's table is a daily maximum (treats complement
 * a diet) as the content states it. A food's grams are computed at build time by the engine the product
 * page's ration calculator uses (lib/nutrition: dailyEnergy, then dailyRation on the food's energy), for the
 * weights the content lists: authored grams differed from the calculator by up to 15 % (a neutered 4 kg cat
 * on the sterilised kibble read 50 g in the table, 69 g in the calculator, 52 g in FEDIAF), and one page
 * cannot give two answers. The table is computed for one stated pet, the caption says which:
 *
 * - an adult food: an adult of 3 years at moderate activity and in ideal shape, neutered when the food is
 *   made for neutered pets (as the calculator assumes, `assumedSterilised`), intact otherwise;
 * - a senior food: the same at 8 years (FEDIAF 2021 gives a senior no factor of its own: the activity decides);
 * - a food for any age: the adult's, the caption saying a young animal eats more;
 * - a puppy food: a puppy of 6 months, FEDIAF's band "50 to 80 % of the adult weight" (175 kcal·kg^0.75),
 *   which a medium dog is in from 4 to 8 months: the middle of growth, neither the weaned puppy (210) nor
 *   the almost grown one (140);
 * - a kitten food: a kitten of 6 months, FEDIAF's band "4 to 9 months" (1.875 × the adult's 100).
 *
 * Those are the ages the calculator is asked for in the unit test that holds the two to the same grams.
 */
import type { Species } from '../pets/profile.ts';
import { dailyEnergy, type EnergyProfile } from '../nutrition/energy.ts';
import { foodEnergy, type AnalyticalConstituents } from '../nutrition/food-energy.ts';
import { dailyRation, mealsPerDay } from '../nutrition/ration.ts';

export type FeedingTableScope = 'treat' | 'puppy' | 'kitten' | 'adult' | 'sterilised' | 'senior' | 'all';

const lifeStages: ReadonlySet<string> = new Set(['puppy', 'kitten', 'adult', 'senior', 'all']);

/** What a product's table is computed for, so its caption says it (a neutered adult's table when the food is made for one). */
export function feedingTableScope(kind: 'dry' | 'wet' | 'treat', lifeStage: string, sterilised = false): FeedingTableScope {
  if (kind === 'treat') return 'treat';
  // An unknown life stage reads as "any age": the table is then an adult's, and the caption says so.
  const scope = lifeStages.has(lifeStage) ? (lifeStage as FeedingTableScope) : 'all';
  return scope === 'adult' && sterilised ? 'sterilised' : scope;
}

/** The age (months) a food's table is computed for, by its scope. */
export const FEEDING_TABLE_AGE_MONTHS: Record<Exclude<FeedingTableScope, 'treat'>, number> = {
  puppy: 6,
  kitten: 6,
  adult: 36,
  sterilised: 36,
  all: 36,
  senior: 96,
};

export interface FeedingTableRow {
  weightKg: number;
  gramsPerDay: number;
}

/** What the table is made of: the product's kind, species and filters, and its details' energy and rows. */
export interface FeedingTableProduct {
  kind: 'dry' | 'wet' | 'treat';
  animal: Species;
  filters: { lifeStage: string; sterilised: boolean };
  energy_kcal_per_kg: number | null;
  analytical_constituents: AnalyticalConstituents | null;
  /** The content's rows: their weights are the ones shown; their grams are kept for a treat only. */
  feeding_table: readonly FeedingTableRow[];
}

/** The pet a food's table row stands for: the calculator's moderately active pet in ideal shape, at the scope's age. */
export function feedingTablePet(product: Pick<FeedingTableProduct, 'kind' | 'animal' | 'filters'>, weightKg: number): EnergyProfile {
  const scope = feedingTableScope(product.kind, product.filters.lifeStage, product.filters.sterilised);
  if (scope === 'treat') throw new RangeError('A treat’s table is a daily maximum, not a ration');
  return {
    species: product.animal,
    weightKg,
    ageMonths: FEEDING_TABLE_AGE_MONTHS[scope],
    activity: 'moderate',
    sterilised: product.filters.sterilised,
    condition: 'ideal',
  };
}

/**
 * The rows the product page shows: a treat's as authored; a food's weights with the engine's grams a day.
 * A food without a known energy keeps no row (a table of guesses is worse than none).
 */
export function feedingTableRows(product: FeedingTableProduct): FeedingTableRow[] {
  if (product.kind === 'treat') return [...product.feeding_table];
  const kcalPerKg = foodEnergy(
    { energyKcalPerKg: product.energy_kcal_per_kg, analyticalConstituents: product.analytical_constituents },
    product.animal,
  );
  if (!kcalPerKg) return [];
  return product.feeding_table.map(({ weightKg }) => {
    const pet = feedingTablePet(product, weightKg);
    const ration = dailyRation(dailyEnergy(pet).kcal, [{ key: 'food', kcalPerKg, share: 1 }], mealsPerDay(pet.ageMonths));
    return { weightKg, gramsPerDay: ration.days[0]!.foods[0]!.gramsPerDay };
  });
}
