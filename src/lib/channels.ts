/**
 * The two channels, FR (French) and BE (French and Dutch): each is its own static build and its own site.
 * Luxembourg is served by the FR channel. Prices are stored tax included; the channel's VAT rate gives
 * the tax-free price.
 */
// The codes are written once here, as lists, so zod enums and types come from the same place.
/** The two languages of the shop: French everywhere, Dutch on the BE site. */
export const languages = ['fr', 'nl'] as const;
export type Language = (typeof languages)[number];
export const localeCodes = ['fr_FR', 'fr_BE', 'nl_BE'] as const;
export type LocaleCode = (typeof localeCodes)[number];
export const channelCodes = ['FR', 'BE'] as const;
export type ChannelCode = (typeof channelCodes)[number];
export const countryCodes = ['FR', 'BE', 'LU'] as const;
export type CountryCode = (typeof countryCodes)[number];

export interface Channel {
  code: ChannelCode;
  locales: readonly LocaleCode[];
  defaultLocale: LocaleCode;
  /** Countries the channel ships to: the first is its home country. */
  countries: readonly CountryCode[];
  currency: 'EUR';
  /** VAT on pet food, as a fraction. */
  vatRate: number;
  /** Port of the local static server; the public URL comes from SITE_URL_<code> in production. */
  defaultPort: number;
}

export const channels: Record<ChannelCode, Channel> = {
  FR: { code: 'FR', locales: ['fr_FR'], defaultLocale: 'fr_FR', countries: ['FR', 'LU'], currency: 'EUR', vatRate: 0.2, defaultPort: 4321 },
  BE: {
    code: 'BE',
    locales: ['fr_BE', 'nl_BE'],
    defaultLocale: 'fr_BE',
    countries: ['BE', 'LU'],
    currency: 'EUR',
    vatRate: 0.21,
    defaultPort: 4322,
  },
};

export const languageOf = (locale: LocaleCode): Language => (locale.startsWith('nl') ? 'nl' : 'fr');
export const channelOf = (locale: LocaleCode): Channel => (locale === 'fr_FR' ? channels.FR : channels.BE);
/** Dutch lives under /nl on the BE site; French is at the root of both sites. */
export const pathPrefixOf = (locale: LocaleCode): string => (languageOf(locale) === 'nl' ? '/nl' : '');
/** BCP 47 tag for <html lang>, hreflang and Intl. */
export const htmlLangOf = (locale: LocaleCode): string => locale.replace('_', '-');
/**
 * The Intl locale of a language, for prices and dates: French reads as in France and Dutch
 * as in Flanders, whichever channel shows them, so both sites format a price the same way.
 */
export const intlLocaleOf = (language: Language): string => (language === 'nl' ? 'nl-BE' : 'fr-FR');

/** The site URL of a channel: SITE_URL_FR / SITE_URL_BE in production, the local server otherwise. */
export function siteUrlOf(code: ChannelCode, env: Record<string, string | undefined> = process.env): string {
  const configured = env[`SITE_URL_${code}`];
  const port = env[`PORT_${code}`] ?? String(channels[code].defaultPort);
  return (configured ?? `http://localhost:${port}`).replace(/\/+$/, '');
}
