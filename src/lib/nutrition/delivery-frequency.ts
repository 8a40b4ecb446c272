/**
 * The delivery frequency of a subscription: the longest of the ten frequencies at which the next parcel
 * arrives before the last one is eaten, given the daily ration and what a parcel holds. A parcel that
 * lasts less than the shortest frequency fits none: the shopper needs a bigger bag or more of them.
 */
import { DELIVERY_FREQUENCIES, type DeliveryFrequency } from '../constants.ts';

export interface DeliveryFit {
  /** Whole days one parcel lasts. */
  lastsDays: number;
  /** The longest frequency that never lets the bowl run empty, null when none does. */
  frequency: DeliveryFrequency | null;
  /** How many of the format a parcel needs for the shortest frequency (so there is always a way to subscribe). */
  quantityForShortest: number;
}

/** Grams in one item of a format ("2 kg", "12 x 85 g" as 1020 g); litres are not a weight: null. */
export function formatGrams(unit: 'kg' | 'g' | 'l', netQuantity: number): number | null {
  if (unit === 'kg') return netQuantity * 1000;
  if (unit === 'g') return netQuantity;
  return null;
}

export function deliveryFrequency(gramsPerDay: number, parcelGrams: number): DeliveryFit {
  if (!(gramsPerDay > 0) || !(parcelGrams > 0)) throw new RangeError('A ration and a parcel must weigh something');
  const lastsDays = Math.floor(parcelGrams / gramsPerDay);
  const fitting = DELIVERY_FREQUENCIES.filter((f) => f.days <= lastsDays);
  const shortest = DELIVERY_FREQUENCIES[0].days;
  return {
    lastsDays,
    frequency: fitting.at(-1) ?? null,
    quantityForShortest: Math.ceil((shortest * gramsPerDay) / parcelGrams),
  };
}
