/**
 * Price display: integers in minor units divided by 100; zero shows the word for free;
 * anything that is not an integer shows dashes.
 */
import { numberFormat } from '../intl.ts';

export const NOT_A_PRICE = '--,--';

export function formatPrice(minor: unknown, lang: string, freeWord: string, currency = 'EUR'): string {
  if (typeof minor !== 'number' || !Number.isInteger(minor)) return NOT_A_PRICE;
  if (minor === 0) return freeWord;
  return numberFormat(lang, { style: 'currency', currency }).format(minor / 100);
}

/** Price per kilogram (or litre) of a format, in minor units; NaN when it cannot be known. */
export function pricePerUnit(minor: number, netQuantity: number, unit: 'kg' | 'g' | 'l'): { minor: number; unit: 'kg' | 'l' } {
  const quantity = unit === 'g' ? netQuantity / 1000 : netQuantity;
  const perUnit = Number.isInteger(minor) && quantity > 0 ? Math.round(minor / quantity) : Number.NaN;
  return { minor: perUnit, unit: unit === 'l' ? 'l' : 'kg' };
}
