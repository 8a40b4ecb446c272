/**
 * The message machinery without any catalogue: islands get the few sections they need as props and
 * translate with this, so a page never ships every text of the site; the build translates with the same
 * machinery over the whole catalogue (src/i18n/translate.ts). In src/lib, under the catalogues: what needs a
 * translator is given one, so lib never imports a text.
 */
import type { Language } from './channels.ts';
import { pluralRules } from './intl.ts';

export type MessageTree = { [key: string]: string | MessageTree };
export type Values = Record<string, string | number>;

export function lookup(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const interpolate = (text: string, values: Values = {}): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

export type Translator = ((key: string, values?: Values) => string) & {
  plural: (key: string, count: number, values?: Values) => string;
  has: (key: string) => boolean;
  language: Language;
};

/** A translator over message trees tried in order (the language's, then French as a fallback). */
export function treeTranslator(language: Language, ...trees: MessageTree[]): Translator {
  // Each key is looked up once per translator: a page asks for the same few hundred keys (menu, footer,
  // cards) and the trees never change.
  const known = new Map<string, string | undefined>();
  const find = (key: string) => {
    if (known.has(key)) return known.get(key);
    const text = trees.reduce<string | undefined>((found, tree) => found ?? lookup(tree, key), undefined);
    known.set(key, text);
    return text;
  };
  const t = ((key: string, values?: Values) => {
    const text = find(key);
    // A missing key shows as itself, so a forgotten text is seen in tests instead of crashing a page.
    return text === undefined ? key : interpolate(text, values);
  }) as Translator;
  t.plural = (key, count, values = {}) =>
    t(`${key}.${pluralRules(language).select(count) === 'one' ? 'one' : 'other'}`, { count, ...values });
  t.has = (key) => find(key) !== undefined;
  t.language = language;
  return t;
}

/** The sections of a tree an island needs, e.g. ['cart', 'generic']. */
export function pickSections(tree: MessageTree, sections: readonly string[]): MessageTree {
  const picked: MessageTree = {};
  for (const section of sections) {
    const path = section.split('.');
    let from: string | MessageTree | undefined = tree;
    for (const part of path) from = typeof from === 'object' ? from[part] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const part of path.slice(0, -1)) {
      into[part] ??= {};
      into = into[part] as MessageTree;
    }
    into[path.at(-1)!] = from;
  }
  return picked;
}
