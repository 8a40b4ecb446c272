/**
 * Messages are keys with French and Dutch texts (src/i18n/messages/{fr,nl}/). `{name}` placeholders are
 * filled from the values given. A key missing in Dutch falls back to French; a key missing everywhere
 * is returned as is, so a forgotten text shows up in tests instead of crashing a page.
 */
import type { Language } from './routes.ts';
import fr from './messages/fr/index.ts';
import nl from './messages/nl/index.ts';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<Language, Tree> = { fr, nl };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Values = Record<string, string | number>;
export const interpolate = (text: string, values: Values = {}): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

export function hasMessage(language: Language, key: string): boolean {
  return lookup(catalogues[language], key) !== undefined;
}

export function translate(language: Language, key: string, values?: Values): string {
  const text = lookup(catalogues[language], key) ?? lookup(catalogues.fr, key);
  return text === undefined ? key : interpolate(text, values);
}

/** Picks `key.one` or `key.other` by the count's plural category in the language. */
export function translatePlural(language: Language, key: string, count: number, values: Values = {}): string {
  const category = new Intl.PluralRules(language).select(count) === 'one' ? 'one' : 'other';
  return translate(language, `${key}.${category}`, { count, ...values });
}

export type Translator = ((key: string, values?: Values) => string) & {
  plural: (key: string, count: number, values?: Values) => string;
  language: Language;
};
export function translator(language: Language): Translator {
  const t = ((key: string, values?: Values) => translate(language, key, values)) as Translator;
  t.plural = (key, count, values) => translatePlural(language, key, count, values);
  t.language = language;
  return t;
}
