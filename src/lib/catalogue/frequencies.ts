/**
 * The delivery frequencies of a subscription as shoppers read them, one way everywhere (the product page, the
 * cart, the checkout, the account, the mails, the invoice): "Toutes les 3 semaines", "Tous les 2 mois"… Their
 * words live here, in both languages, read by the islands, the pages, the backend's mails and the invoice alike.
 */
import type { Language } from '../channels.ts';
import { DELIVERY_FREQUENCIES } from '../constants.ts';

// Type aliases, not interfaces: the site's message trees (index signatures) take them.
type Forms = { one: string; other: string };
type Words = { weeks: Forms; months: Forms; days: Forms };
const FREQUENCY_WORDS: Record<Language, Words> = {
  fr: {
    weeks: { one: 'Toutes les semaines', other: 'Toutes les {count} semaines' },
    months: { one: 'Tous les mois', other: 'Tous les {count} mois' },
    days: { one: 'Tous les jours', other: 'Tous les {count} jours' },
  },
  nl: {
    weeks: { one: 'Elke week', other: 'Om de {count} weken' },
    months: { one: 'Elke maand', other: 'Om de {count} maanden' },
    days: { one: 'Elke dag', other: 'Om de {count} dagen' },
  },
};

/** A line's or a subscription's interval (days) in words: as its offered frequency, else (no longer offered) in days. */
export function intervalText(lang: Language, days: number): string {
  const frequency = DELIVERY_FREQUENCIES.find((f) => f.days === days);
  const [unit, count] = !frequency
    ? (['days', days] as const)
    : 'weeks' in frequency
      ? (['weeks', frequency.weeks] as const)
      : (['months', frequency.months] as const);
  const forms = FREQUENCY_WORDS[lang][unit];
  return (count === 1 ? forms.one : forms.other).replace('{count}', String(count));
}

export const isDeliveryInterval = (days: number): boolean => DELIVERY_FREQUENCIES.some((f) => f.days === days);
