/**
 * An order's address and relay point as a label reads them, one line each: used by the confirmation page, the
 * account's order detail and the mails (and the invoice through them), so an address reads the same everywhere.
 * The country is named in the reader's language (Intl's region names).
 */
import { intlLocaleOf, type Language } from '../channels.ts';
import type { OrderAddress, RelayPoint } from '../shop-api/orders.ts';

const countryName = (lang: Language, code: string): string =>
  new Intl.DisplayNames([intlLocaleOf(lang)], { type: 'region' }).of(code) ?? code;

/** Name, company, street lines, postcode and town, country; `withPhone` adds the phone (the customer's own order). */
export const addressLines = (lang: Language, a: OrderAddress, { withPhone = false } = {}): string[] =>
  [
    `${a.firstName} ${a.lastName}`,
    a.company,
    a.street,
    a.street2,
    `${a.postcode} ${a.city}`,
    countryName(lang, a.countryCode),
    withPhone ? a.phoneNumber : null,
  ].filter((line): line is string => !!line);

export const relayPointLines = (lang: Language, p: RelayPoint): string[] => [
  p.name,
  p.street,
  `${p.postcode} ${p.city}`,
  countryName(lang, p.countryCode),
];
