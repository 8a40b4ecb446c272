/**
 * The typography and voice rules every text a shopper reads follows (interface messages, API errors, mails,
 * content fixtures). Each rule answers the slips it finds in a text, so a failing test names them.
 *
 * French: a non-breaking space (U+00A0, the one rule of the whole site) before : ; ? !, inside « », between a
 * number and % or €, and hours written "9 h 30", never "9:30".
 * Belgian Dutch: no space before a colon, none between a number and % ("30%"), the informal "je" (never
 * "u"/"uw"), hours "9.30 uur", and one term per thing (the terms are listed in src/i18n/messages/nl/index.ts).
 */

/** "1% for animals" is the name of the organisation, written its way. */
const NAMES = /1% for animals/g;
/** Addresses on the web and in mails, and the targets of Markdown links: their ":" and "?" are not punctuation. */
const URLS = /\b(?:https?|mailto):\S+/g;
const LINK_TARGETS = /\]\([^)\s]*\)/g;

const prepared = (text: string) => text.replace(NAMES, 'NAME').replace(URLS, 'URL').replace(LINK_TARGETS, ']');

const rule = (name: string, pattern: RegExp) => (text: string) => (pattern.test(prepared(text)) ? [name] : []);

const frenchRules = [
  rule('plain or narrow space before : ; ? !', /[ \u202F\t][:;?!]/),
  rule('no space before ; ? !', /[\p{L}\p{N})\]»’'.][;?!]/u),
  rule('no space before :', /[\p{L})\]»’'][:](?=\s|$)/u),
  rule('« without a non-breaking space after it', /«(?!\u00A0)/),
  rule('» without a non-breaking space before it', /(?<!\u00A0)»/),
  rule('number and % or € without a non-breaking space', /(?:\d|\})(?:[ \u202F])?[%€]/),
  rule('hour written with a colon (write "9 h 30")', /\b\d{1,2}:\d{2}\b/),
];

/** Words a Belgian reader should meet once, each for its own thing, with the one the site chose. */
const DUTCH_SYNONYMS: Record<string, string> = {
  klantenservice: 'klantendienst',
  winkelmandje: 'winkelmand',
  betaalmiddel: 'betaalmethode',
  betaalwijze: 'betaalmethode',
  verzendmethode: 'leveringswijze',
  verzendwijze: 'leveringswijze',
  staal: 'staaltje',
  stalen: 'staaltjes',
  bewerken: 'wijzigen',
  doorgaan: 'verder',
  orderbevestiging: 'bevestiging van je bestelling',
  aanmelden: 'inloggen',
};

const dutchRules = [
  rule('space before :', /\s:/),
  rule('space between a number and % (write "30%")', /(?:\d|\})\s%/),
  rule('formal “u”/“uw” (the site says “je”)', /(?<![\p{L}\p{N}'’-])(?:u|uw|uwe)(?![\p{L}\p{N}'’-])/iu),
  rule('hour written with a colon (write "9.30 uur")', /\b\d{1,2}:\d{2}\b/),
  (text: string) =>
    Object.entries(DUTCH_SYNONYMS)
      .filter(([word]) => new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'iu').test(prepared(text)))
      .map(([word, chosen]) => `“${word}”: the site says “${chosen}”`),
];

export const frenchSlips = (text: string): string[] => frenchRules.flatMap((check) => check(text));
export const dutchSlips = (text: string): string[] => dutchRules.flatMap((check) => check(text));

/** Every string of a nested object, with its path, for a test that walks a catalogue or a fixture. */
export function strings(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => strings(item, path ? `${path}.${key}` : key));
  return [];
}

/** The slips of texts by language, as "path: text → slips" lines (empty when all is well). */
export function slipsOf(language: 'fr' | 'nl', texts: Array<[string, string]>): string[] {
  const slips = language === 'fr' ? frenchSlips : dutchSlips;
  return texts.flatMap(([path, text]) => {
    const found = slips(text);
    return found.length > 0 ? [`${path}: ${JSON.stringify(text)} → ${found.join(', ')}`] : [];
  });
}
