/** Amounts and locales as Mollie writes them. */
import type { ChannelCode, Language } from '../../../lib/channels.ts';

/** 1234 cents → "12.34": integer arithmetic, no floating point on money. */
export const toMollieAmount = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** "12.34" → 1234. */
export function fromMollieAmount(value: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new Error(`Not a Mollie amount: ${value}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** Mollie has no Luxembourg locale: French in Belgium is fr_BE, elsewhere fr_FR; Dutch is Belgian Dutch. */
export const mollieLocale = (language: Language, channel: ChannelCode) =>
  language === 'nl' ? 'nl_BE' : channel === 'BE' ? 'fr_BE' : 'fr_FR';
