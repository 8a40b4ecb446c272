/**
 * Countries an address may be in: the full world list (ISO 3166-1 alpha-2), the shop's own countries
 * first (FR, BE, LU), then the others in the reader's alphabetical order. Names come from the runtime's
 * Intl.DisplayNames, so they need no translation table. Where the shop delivers is another question, the
 * channel's (channels.ts): an address book holds any address, the checkout refuses a shipping country the
 * channel does not serve.
 */
import { countryCodes } from './channels.ts';

// Officially assigned codes, without the reserved ones (EU, UN…) a postal address cannot carry.
const ISO_3166 = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH
GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB
LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG
TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/);

const worldCountryCodes: readonly string[] = [
  ...countryCodes,
  ...ISO_3166.filter((code) => !(countryCodes as readonly string[]).includes(code)),
];
const known = new Set(worldCountryCodes);

/** Whether a code is a country of the world list (upper case, as addresses store it). */
export const isCountryCode = (code: string): boolean => known.has(code);

/**
 * The list for a country field in a language (a BCP 47 tag such as fr-FR): the shop's countries first,
 * then the others sorted by their name in that language.
 */
export function countryOptions(lang: string): Array<{ value: string; label: string }> {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  const option = (code: string) => ({ value: code, label: names.of(code) ?? code });
  const collator = new Intl.Collator(lang);
  const others = worldCountryCodes
    .slice(countryCodes.length)
    .map(option)
    .sort((a, b) => collator.compare(a.label, b.label));
  return [...countryCodes.map(option), ...others];
}
