/**
 * How a placed order reads in the shop's mails and on its invoice, in the customer's language: amounts
 * (minor units, the word for free at zero), dates (the shop's time zone, Paris, which is Brussels' too),
 * addresses, the accounting lines and what the shopper pays with.
 */
import { intlLocaleOf, type Language } from '../../lib/channels.ts';
import { formatPrice } from '../../lib/catalogue/money.ts';
import { intervalText } from '../../lib/catalogue/frequencies.ts';
import { SUBSCRIPTION_DISCOUNT } from '../../lib/constants.ts';
// Kept formats: making one costs a hundred times formatting with it, and each mail formats several amounts and
// dates (the scheduler's run queues two mails per delivery: 5 ms of CPU each when made afresh, 2026-12-07).
import { dateTimeFormat, numberFormat } from '../../lib/intl.ts';

const FREE: Record<Language, string> = { fr: 'Gratuit', nl: 'Gratis' };
const SHOP_TIME_ZONE = 'Europe/Paris';

// French amounts keep their non-breaking spaces ("1 234,56 €" never breaks), but the narrow one becomes
// an ordinary non-breaking space: the PDF's standard fonts have a glyph for the latter only.
const wideSpaces = (text: string) => text.replace(/\u202f/g, '\u00a0');

/** 12,90 € in French, € 12,90 in Dutch; the word for free at zero (a price the shopper reads). */
export const money = (lang: Language, minor: number): string => wideSpaces(formatPrice(minor, intlLocaleOf(lang), FREE[lang]));

/** An amount that reads as one even at zero (an accounting line of 0,00 €). */
export const amount = (lang: Language, minor: number): string =>
  wideSpaces(numberFormat(intlLocaleOf(lang), { style: 'currency', currency: 'EUR' }).format(minor / 100));

/** "2 mars 2026", "2 maart 2026"; French writes the first of the month as an ordinal, "1er mars", which Intl does not. */
export const longDate = (lang: Language, iso: string): string =>
  dateTimeFormat(intlLocaleOf(lang), { dateStyle: 'long', timeZone: SHOP_TIME_ZONE })
    .formatToParts(new Date(iso))
    .map((part) => (lang === 'fr' && part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');

export { addressLines, relayPointLines } from '../../lib/orders/address-lines.ts';

/** How the order is paid, as the mails and the invoice say it. */
export interface PaymentView {
  code: string;
  name: string;
  /** Cheque, bank transfer, PayPal: the order ships once the money is in. */
  delayed: boolean;
  instructions: string | null;
  /** The bank details the provider gave for a transfer, as the payment keeps them (payments.details.bankTransfer). */
  bankTransfer: { bankName: string; iban: string; bic: string; reference: string } | null;
  /** A card's brand and last four digits (never more is kept). */
  card: { brand: string; last4: string } | null;
}

const SUBSCRIPTION: Record<Language, string> = { fr: 'abonnement', nl: 'abonnement' };

/** The subscription's discount as the site writes it: "-10 %" in French (a non-breaking space), "-10%" in Dutch. */
export const subscriptionDiscount = (lang: Language): string => {
  const percent = Math.round(SUBSCRIPTION_DISCOUNT * 100);
  return lang === 'fr' ? `-${percent}\u00A0%` : `-${percent}%`;
};

/** A subscription line's mention, its frequency as the product page says it: "abonnement, toutes les 6 semaines". */
export const subscriptionMention = (lang: Language, days: number): string =>
  `${SUBSCRIPTION[lang]}, ${intervalText(lang, days).toLocaleLowerCase()}`;
