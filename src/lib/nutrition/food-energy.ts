/**
 * The energy of a food in kcal per kg: its metabolisable energy as the pack states it, else an estimate
 * from its analytical constituents with the modified Atwater factors (NRC 2006, used by FEDIAF for pet
 * food): 3.5 kcal per g of protein, 8.5 per g of fat, 3.5 per g of nitrogen-free extract, where
 * NFE = 100 − protein − fat − fibre − moisture − ash (all in %).
 */
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

/** The nitrogen-free extract (carbohydrates), % of the food; never below 0 for an odd label. */
export const nitrogenFreeExtract = (c: AnalyticalConstituents): number =>
  Math.max(0, 100 - c.protein - c.fat - c.fibre - c.moisture - c.ash);

/** Modified Atwater estimate, kcal per kg. */
export const atwaterKcalPerKg = (c: AnalyticalConstituents): number =>
  Math.round((3.5 * c.protein + 8.5 * c.fat + 3.5 * nitrogenFreeExtract(c)) * 10);

/** kcal per kg of the food, or null when neither its energy nor its constituents are known. */
export function foodEnergy(food: FoodEnergySource): number | null {
  if (food.energyKcalPerKg && food.energyKcalPerKg > 0) return food.energyKcalPerKg;
  if (!food.analyticalConstituents) return null;
  const estimate = atwaterKcalPerKg(food.analyticalConstituents);
  return estimate > 0 ? estimate : null;
}
