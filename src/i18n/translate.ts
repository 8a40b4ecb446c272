/**
 * Messages are keys with French and Dutch texts (src/i18n/messages/{fr,nl}/). `{name}` placeholders are
 * filled from the values given. A key missing in Dutch falls back to French. Build-time code uses this;
 * islands receive the sections they need (`messagesFor`) and translate with `treeTranslator` (src/lib/translator.ts,
 * the same machinery without a catalogue).
 */
import type { Language } from '../lib/channels.ts';
import { lookup, pickSections, treeTranslator, type MessageTree, type Translator, type Values } from '../lib/translator.ts';
import fr from './messages/fr/index.ts';
import nl from './messages/nl/index.ts';

const catalogues: Record<Language, MessageTree> = { fr, nl };

export const hasMessage = (language: Language, key: string): boolean => lookup(catalogues[language], key) !== undefined;
/** One translator per language for the whole build, so its lookups are remembered from page to page. */
const translators = new Map<Language, Translator>();
export function translator(language: Language): Translator {
  const known = translators.get(language) ?? treeTranslator(language, catalogues[language], catalogues.fr);
  translators.set(language, known);
  return known;
}
export const translate = (language: Language, key: string, values?: Values): string => translator(language)(key, values);
export const translatePlural = (language: Language, key: string, count: number, values: Values = {}): string =>
  translator(language).plural(key, count, values);

/** The sections of one language's messages an island needs, French filling any gap. */
export function messagesFor(language: Language, sections: readonly string[]): MessageTree[] {
  return language === 'fr'
    ? [pickSections(catalogues.fr, sections)]
    : [pickSections(catalogues[language], sections), pickSections(catalogues.fr, sections)];
}
