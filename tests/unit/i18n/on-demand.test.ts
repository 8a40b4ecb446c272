/**
 * The on-demand islands' messages, fetched with their code (src/i18n/on-demand.ts), are the very trees the
 * build's `messagesFor` gives for the same sections (src/i18n/translate.ts), and hold every text the mini
 * cart and the search suggestions said when the page carried them.
 */
import { describe, expect, it } from 'vitest';
import { treeTranslator } from '../../../src/lib/translator.ts';
import common from '../../../src/i18n/messages/fr/common.ts';
import { loadMessages, ON_DEMAND_MESSAGES } from '../../../src/i18n/on-demand.ts';
import { messagesFor } from '../../../src/i18n/translate.ts';
import { languages } from '../../../src/lib/channels.ts';

/** The sections the islands' data-messages carried before, by island. */
const CARRIED = {
  miniCart: ['cart', 'generic', 'catalogue.price'],
  searchSuggestions: ['search.box', 'search.groups', 'search.failure', 'generic.free'],
} as const satisfies Record<keyof typeof ON_DEMAND_MESSAGES, readonly string[]>;

/** Every key of a tree, dotted. */
const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );

describe('loadMessages', () => {
  for (const island of Object.keys(ON_DEMAND_MESSAGES) as Array<keyof typeof ON_DEMAND_MESSAGES>) {
    const files = ON_DEMAND_MESSAGES[island];
    for (const language of languages) {
      it(`gives the ${island}'s files in ${language} as messagesFor gives their sections`, async () => {
        const loaded = await loadMessages(language, files);
        const sections = files.flatMap((file) => (file === 'common' ? Object.keys(common) : [file]));
        expect(loaded).toEqual(messagesFor(language, sections));

        // Every text the page carried says the same.
        const carried = messagesFor(language, CARRIED[island]);
        const before = treeTranslator(language, ...carried);
        const now = treeTranslator(language, ...loaded);
        const keys = [...new Set(carried.flatMap((tree) => keysOf(tree)))];
        expect(keys.length).toBeGreaterThan(5);
        for (const key of keys) expect(now(key), key).toBe(before(key));
      });
    }
  }
});
