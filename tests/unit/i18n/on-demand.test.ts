/**
 * The on-demand islands' messages, fetched with their code (src/i18n/on-demand.ts), are the very trees the
 * build's `messagesFor` gives (src/i18n/translate.ts): the mini cart and the search suggestions say the same
 * as when the page carried their texts.
 */
import { describe, expect, it } from 'vitest';
import { loadSections, ON_DEMAND_SECTIONS } from '../../../src/i18n/on-demand.ts';
import { messagesFor } from '../../../src/i18n/translate.ts';
import { languages } from '../../../src/lib/channels.ts';

describe('loadSections', () => {
  for (const [island, sections] of Object.entries(ON_DEMAND_SECTIONS)) {
    for (const language of languages) {
      it(`gives the ${island}'s sections in ${language} as messagesFor does`, async () => {
        const loaded = await loadSections(language, sections);
        expect(loaded).toEqual(messagesFor(language, sections));
        // Dutch with French behind it for a missing key; every section found.
        expect(loaded).toHaveLength(language === 'fr' ? 1 : 2);
        for (const tree of loaded) for (const section of sections) expect(tree).toHaveProperty(section.split('.'));
      });
    }
  }

  it('reads a top-level section (generic) from the common file and a nested one from its own', async () => {
    const [fr] = await loadSections('fr', ['generic.free', 'catalogue.price']);
    expect(Object.keys(fr!).sort()).toEqual(['catalogue', 'generic']);
    expect(fr).toEqual(messagesFor('fr', ['generic.free', 'catalogue.price'])[0]);
  });
});
