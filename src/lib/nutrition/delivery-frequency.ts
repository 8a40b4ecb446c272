/**
 * The delivery frequency of a subscription: the longest of the ten frequencies at which the next parcel
 * arrives before the last one is eaten, given the daily ration and what a parcel holds. A parcel that
 * lasts less than the shortest frequency fits none: the shopper needs a bigger bag or more of them, and as
 * many as the shortest frequency needs are delivered at the longest frequency they cover (two bags that
 * last 31 days come every month, not every three weeks with a third of them left over).
 */
import { DELIVERY_FREQUENCIES, type DeliveryFrequency } from '../constants.ts';

export interface DeliveryFit {
  /** Whole days one parcel lasts. */
  lastsDays: number;
  /** The longest frequency that never lets the bowl run empty, null when none does. */
  frequency: DeliveryFrequency | null;
  /** How many of the format a parcel needs for the shortest frequency (so there is always a way to subscribe). */
  quantityForShortest: number;
  /** The longest frequency that many cover: the shortest or longer. */
  frequencyForQuantity: DeliveryFrequency;
}

/** Grams in one item of a format ("2 kg", "12 × 85 g" as 1020 g); litres are not a weight: null. */
export function formatGrams(unit: 'kg' | 'g' | 'l', netQuantity: number): number | null {
  if (unit === 'kg') return netQuantity * 1000;
  if (unit === 'g') return netQuantity;
  return null;
}

export function deliveryFrequency(gramsPerDay: number, parcelGrams: number): DeliveryFit {
  if (!(gramsPerDay > 0) || !(parcelGrams > 0)) throw new RangeError('A ration and a parcel must weigh something');
  const longestWithin = (days: number) => DELIVERY_FREQUENCIES.filter((f) => f.days <= days).at(-1) ?? null;
  const lastsDays = Math.floor(parcelGrams / gramsPerDay);
  const quantityForShortest = Math.ceil((DELIVERY_FREQUENCIES[0].days * gramsPerDay) / parcelGrams);
  return {
    lastsDays,
    frequency: longestWithin(lastsDays),
    quantityForShortest,
    frequencyForQuantity: longestWithin(Math.floor((quantityForShortest * parcelGrams) / gramsPerDay)) ?? DELIVERY_FREQUENCIES[0],
  };
}
