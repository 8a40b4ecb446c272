/**
 * The popups the marketing script shows (the marketing service's popup types, and the default exit-intent
 * offer when the service has none or the shopper did not consent), and the choices of its walls, with the links of the header's language and country
 * switcher (src/layouts/parts/LanguageSwitcher.astro): each leads to this page on the chosen site and
 * in the chosen language (the page's alternates), never to a home page. The countries are SPEC's BE, NL
 * and FR: the Netherlands have no site of their own and are served by the Dutch-language site; the
 * languages are French and Dutch. A choice whose page does not exist is left out.
 */
import { htmlLangOf, type Language, type LocaleCode } from '../channels.ts';

/** What a popup shows: the service's title and text when it sent them, the shop's own otherwise. */
export interface PopupContent {
  type: 'exit_intent' | 'country_wall' | 'lang_switcher_wall' | 'markdown_modal';
  title?: string | undefined;
  /** Plain text, or markdown for markdown_modal. */
  text?: string | undefined;
}

export type Alternates = Partial<Record<LocaleCode, string>>;

export interface WallChoice<Code extends string> {
  code: Code;
  href: string;
  /** The locale the link opens (hreflang). */
  lang: string;
  /** The shopper is on this choice already. */
  current: boolean;
}

const choice = <Code extends string>(code: Code, href: string | undefined, locale: LocaleCode, current: boolean) =>
  href ? [{ code, href, lang: htmlLangOf(locale), current }] : [];

/** BE, NL and FR: Belgium in the page's language when it is Belgian, in French from the French site. */
export function countryChoices(locale: LocaleCode, alternates: Alternates, here: string): WallChoice<'BE' | 'NL' | 'FR'>[] {
  const own = (l: LocaleCode) => alternates[l] ?? (l === locale ? here : undefined);
  const belgium: LocaleCode = locale === 'nl_BE' ? 'nl_BE' : 'fr_BE';
  return [
    ...choice('BE', own(belgium), belgium, locale !== 'fr_FR'),
    ...choice('NL', own('nl_BE'), 'nl_BE', false),
    ...choice('FR', own('fr_FR'), 'fr_FR', locale === 'fr_FR'),
  ];
}

/** French and Dutch: French on this site (the French site, or the Belgian site's French), Dutch on the Belgian site. */
export function languageChoices(locale: LocaleCode, alternates: Alternates, here: string): WallChoice<Language>[] {
  const own = (l: LocaleCode) => alternates[l] ?? (l === locale ? here : undefined);
  const french: LocaleCode = locale === 'fr_FR' ? 'fr_FR' : 'fr_BE';
  return [...choice('fr', own(french), french, locale !== 'nl_BE'), ...choice('nl', own('nl_BE'), 'nl_BE', locale === 'nl_BE')];
}
