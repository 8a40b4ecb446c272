/**
 * The daily ration: grams of each food that bring the day's energy, split for mixed feeding, and per meal.
 * A food of a mixed menu covers its share of the energy on the days it is served (wet food three times a
 * week); on the other days the foods served every day cover the whole need between them, in proportion to
 * their shares. Grams are rounded to the gram: kitchen scales and measuring cups are not finer.
 */
export interface RationFood {
  /** The caller's name of the food (a SKU). */
  key: string;
  kcalPerKg: number;
  /** Share of the day's energy it brings on the days it is served (0 to 1; the shares add up to 1). */
  share: number;
  /** Days a week it is served: 7 unless it is an occasional part of the menu. */
  daysPerWeek?: number;
}

interface RationDay {
  /** How many days a week look like this one. */
  daysPerWeek: number;
  foods: Array<{ key: string; gramsPerDay: number; gramsPerMeal: number }>;
}

export interface Ration {
  kcal: number;
  meals: number;
  /** One day when every food is served daily; else the days with the occasional foods, then the days without. */
  days: RationDay[];
  /** Average grams a day of each food over a week: what a bag or a tin is used at. */
  averageGramsPerDay: Record<string, number>;
}

/** Meals a day: three while a puppy or kitten is under 6 months, two afterwards. */
export const mealsPerDay = (ageMonths: number): number => (ageMonths < 6 ? 3 : 2);

const WEEK = 7;

function day(kcal: number, meals: number, foods: RationFood[], daysPerWeek: number): RationDay {
  const total = foods.reduce((sum, f) => sum + f.share, 0);
  return {
    daysPerWeek,
    foods: foods.map((f) => {
      const grams = (kcal * (f.share / total) * 1000) / f.kcalPerKg;
      return { key: f.key, gramsPerDay: Math.round(grams), gramsPerMeal: Math.round(grams / meals) };
    }),
  };
}

/** The ration of `kcal` a day in `meals` meals from these foods. */
export function dailyRation(kcal: number, foods: RationFood[], meals: number): Ration {
  if (foods.length === 0) throw new RangeError('A ration needs at least one food');
  for (const f of foods) {
    if (!(f.kcalPerKg > 0) || !(f.share > 0) || f.share > 1) throw new RangeError(`Food ${f.key}: energy and share must be positive`);
  }
  const occasional = Math.min(WEEK, ...foods.map((f) => f.daysPerWeek ?? WEEK));
  const daily = foods.filter((f) => (f.daysPerWeek ?? WEEK) >= WEEK);
  const days = [day(kcal, meals, foods, occasional)];
  if (occasional < WEEK) {
    if (daily.length === 0) throw new RangeError('A menu needs a food served every day');
    days.push(day(kcal, meals, daily, WEEK - occasional));
  }
  const averageGramsPerDay: Record<string, number> = {};
  for (const f of foods) {
    const grams = days.reduce((sum, d) => sum + (d.foods.find((x) => x.key === f.key)?.gramsPerDay ?? 0) * d.daysPerWeek, 0);
    averageGramsPerDay[f.key] = Math.round(grams / WEEK);
  }
  return { kcal, meals, days, averageGramsPerDay };
}
