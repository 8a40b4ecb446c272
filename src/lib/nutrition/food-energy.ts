/**
 * The energy of a food in kcal per kg: its metabolisable energy as the pack states it, else FEDIAF's
 * four-step estimate from its analytical constituents (FEDIAF Nutritional Guidelines 2021, after NRC 2006),
 * all in % of the food as fed:
 *
 * 1. gross energy, kcal per 100 g = 5.7 × protein + 9.4 × fat + 4.1 × (NFE + fibre), where the
 *    nitrogen-free extract NFE = 100 − protein − fat − fibre − moisture − ash;
 * 2. energy digestibility, % = 91.2 − 1.43 × fibre on dry matter for a dog, 87.9 − 0.88 × it for a cat;
 * 3. digestible energy = gross energy × digestibility;
 * 4. metabolisable energy = digestible energy − 1.04 × protein for a dog, − 0.77 × protein for a cat.
 *
 * The modified Atwater factors (3.5, 8.5, 3.5) read a dry food 3 to 7 % low, which is why they are not used.
 */
import type { Species } from '../pets/profile.ts';

export interface AnalyticalConstituents {
  protein: number;
  fat: number;
  fibre: number;
  ash: number;
  moisture: number;
}

export interface FoodEnergySource {
  /** Metabolisable energy, kcal/kg, when known. */
  energyKcalPerKg?: number | null;
  analyticalConstituents?: AnalyticalConstituents | null;
}

const DIGESTIBILITY: Record<Species, { base: number; perFibre: number; proteinLoss: number }> = {
  dog: { base: 91.2, perFibre: 1.43, proteinLoss: 1.04 },
  cat: { base: 87.9, perFibre: 0.88, proteinLoss: 0.77 },
};

/** The nitrogen-free extract (carbohydrates), % of the food; never below 0 for an odd label. */
export const nitrogenFreeExtract = (c: AnalyticalConstituents): number =>
  Math.max(0, 100 - c.protein - c.fat - c.fibre - c.moisture - c.ash);

/** FEDIAF's four-step estimate of the metabolisable energy, kcal per kg, for the species the food is made for. */
export function fourStepKcalPerKg(c: AnalyticalConstituents, species: Species): number {
  const d = DIGESTIBILITY[species];
  const gross = 5.7 * c.protein + 9.4 * c.fat + 4.1 * (nitrogenFreeExtract(c) + c.fibre);
  const dryMatter = 100 - c.moisture;
  const fibreOnDryMatter = dryMatter > 0 ? (100 * c.fibre) / dryMatter : 0;
  const digestible = (gross * (d.base - d.perFibre * fibreOnDryMatter)) / 100;
  return Math.round((digestible - d.proteinLoss * c.protein) * 10);
}

/** kcal per kg of the food, or null when neither its energy nor its constituents are known. */
export function foodEnergy(food: FoodEnergySource, species: Species): number | null {
  if (food.energyKcalPerKg && food.energyKcalPerKg > 0) return food.energyKcalPerKg;
  if (!food.analyticalConstituents) return null;
  const estimate = fourStepKcalPerKg(food.analyticalConstituents, species);
  return estimate > 0 ? estimate : null;
}
