/**
 * Address text is normalised: curly quotes become plain quotes, dashes hyphens, exotic spaces spaces.
 * What shoppers paste from word processors and phones comes with curly quotes, typographic dashes and
 * non-breaking spaces that carriers' label printers reject. Empty optional fields are sent as null.
 */

const QUOTES_SINGLE = /[\u2018\u2019\u201A\u201B\u2032\u00B4\u0060]/g;
const QUOTES_DOUBLE = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g;
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/g;
/** No-break, en/em and other fixed-width spaces, ideographic space. */
const EXOTIC_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;
const ZERO_WIDTH = /\u200B|\u200C|\u200D|\u2060|\uFEFF/g;

/**
 * Curly quotes → plain quotes, dashes → hyphen, exotic spaces → space, composed (NFC), trimmed. One line
 * unless `multiline` (delivery instructions keep their line breaks); runs of spaces become one, as the
 * shop API stores them.
 */
export function normaliseText(text: string, options: { multiline?: boolean } = {}): string {
  const out = text
    .normalize('NFC')
    .replace(QUOTES_SINGLE, "'")
    .replace(QUOTES_DOUBLE, '"')
    .replace(DASHES, '-')
    .replace(ZERO_WIDTH, '')
    .replace(EXOTIC_SPACES, ' ');
  return (options.multiline ? out.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(/[\t\v\f ]+/g, ' ') : out.replace(/\s+/g, ' ')).trim();
}

/** An optional text: normalised, and null when nothing is left. */
export function optionalText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = normaliseText(value);
  return text === '' ? null : text;
}

/** Address fields that are one line of free text (the ones normalised before validation). */
const ADDRESS_TEXT_FIELDS = [
  'company',
  'firstName',
  'lastName',
  'provinceCode',
  'provinceName',
  'street',
  'street2',
  'city',
  'postcode',
  'alias',
] as const;
/** Address fields of several lines. */
const ADDRESS_MULTILINE_FIELDS = ['deliveryInstructions'] as const;
/** Optional address fields are sent as null when empty, never as an empty string. */
const ADDRESS_OPTIONAL_FIELDS = [
  'company',
  'provinceCode',
  'provinceName',
  'street2',
  'phoneNumber2',
  'alias',
  'deliveryInstructions',
] as const;

/** Normalises the text fields of an address-like record, leaving other fields as they are. */
export function normaliseAddress<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const field of ADDRESS_TEXT_FIELDS) {
    const value = out[field];
    if (typeof value === 'string') out[field] = normaliseText(value);
  }
  for (const field of ADDRESS_MULTILINE_FIELDS) {
    const value = out[field];
    if (typeof value === 'string') out[field] = normaliseText(value, { multiline: true });
  }
  // Postcodes are stored without spaces ("75 001" is 75001).
  if (typeof out.postcode === 'string') out.postcode = out.postcode.replace(/\s+/g, '');
  for (const field of ADDRESS_OPTIONAL_FIELDS) {
    const value = out[field];
    if (value === undefined || value === '' || (typeof value === 'string' && value.trim() === '')) out[field] = null;
  }
  return out as T;
}
