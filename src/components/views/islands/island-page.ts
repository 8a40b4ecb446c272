/**
 * What an island family's page (./<Family>Page.astro) is given, and the texts it hands its island: the message sections
 * it reads, in its language, and French only where that language has no text of its own. Each page serialises them into its HTML: the Dutch pages carried the
 * French copy of every section whole (the half of their 55–66 KB of props), where Dutch lacks none of them.
 */
import { messagesFor } from '../../../i18n/translate.ts';
import { languageOf, type LocaleCode } from '../../../lib/channels.ts';
import type { PageRef } from '../../../site/pages.ts';
import { lookup, type MessageTree } from '../../../lib/translator.ts';

/** The props of an island family's page, as its page file gets them (src/site/page-files.ts). */
export interface IslandPageProps {
  pageRef: PageRef;
  locale: LocaleCode;
}

/**
 * The sections the sign-in, account and cart islands read. The catalogue's (the product page's purchase form, 5 KB,
 * 10 KB in Dutch) were once among them, read by none of these islands.
 */
export const SHOPPER_SECTIONS = ['account', 'cart', 'forms', 'generic', 'islands', 'site'] as const;

/** The texts of `fallback` that `own` lacks (by key: an island looks each key up in its trees in turn), or undefined. */
export function missingFrom(own: MessageTree, fallback: MessageTree, prefix = ''): MessageTree | undefined {
  const missing: MessageTree = {};
  for (const [key, text] of Object.entries(fallback)) {
    const path = `${prefix}${key}`;
    const kept = typeof text === 'string' ? (lookup(own, path) === undefined ? text : undefined) : missingFrom(own, text, `${path}.`);
    if (kept !== undefined) missing[key] = kept;
  }
  return Object.keys(missing).length > 0 ? missing : undefined;
}

/** Each island's texts by language and sections: the same on every page of a family, so worked out once a build. */
const textsMade = new Map<string, MessageTree[]>();

/** The message trees of an island: its language's sections, then the French texts that language lacks, if any. */
export function islandTexts(locale: LocaleCode, sections: readonly string[]): MessageTree[] {
  const language = languageOf(locale);
  const key = `${language}:${sections.join(',')}`;
  let texts = textsMade.get(key);
  if (!texts) {
    const [own, french] = messagesFor(language, sections);
    const missing = french && missingFrom(own!, french);
    texts = missing ? [own!, missing] : [own!];
    textsMade.set(key, texts);
  }
  return texts;
}
