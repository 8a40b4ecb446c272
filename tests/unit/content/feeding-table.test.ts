/**
 * The feeding table's caption follows the product: a puppy's, a kitten's or a treat's table is not "for an
 * adult animal", and a treat's is a daily maximum, not a ration.
 */
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../../src/backend/seed/seed.ts';
import { translate } from '../../../src/i18n/translate.ts';
import { feedingTableScope } from '../../../src/lib/catalogue/feeding-table.ts';

const captionOf = (language: 'fr' | 'nl', kind: 'dry' | 'wet' | 'treat', lifeStage: string) =>
  translate(language, `catalogue.product.dailyPortionCaptions.${feedingTableScope(kind, lifeStage)}`);

describe('the feeding table caption', () => {
  it.each([
    ['treat', 'adult', 'treat'],
    ['dry', 'puppy', 'puppy'],
    ['wet', 'kitten', 'kitten'],
    ['dry', 'senior', 'senior'],
    ['wet', 'all', 'all'],
    ['dry', 'unknown', 'all'],
  ] as const)('reads a %s product for %s as %s', (kind, lifeStage, scope) => {
    expect(feedingTableScope(kind, lifeStage)).toBe(scope);
  });

  it('says a treat’s table is a daily maximum', () => {
    expect(captionOf('fr', 'treat', 'puppy')).toMatch(/^Quantité maximale/);
    expect(captionOf('nl', 'treat', 'all')).toMatch(/^Maximale hoeveelheid/);
  });

  it('never calls a puppy, kitten, senior, all-ages or treat table one for an adult', () => {
    const products = loadFixtures().products.filter((p) => p.filters.lifeStage !== 'adult' || p.kind === 'treat');
    expect(products.length).toBeGreaterThan(5);
    for (const p of products) {
      expect(captionOf('fr', p.kind, p.filters.lifeStage), p.sku).not.toMatch(/adulte/);
      expect(captionOf('nl', p.kind, p.filters.lifeStage), p.sku).not.toMatch(/volwassen/);
    }
    expect(captionOf('fr', 'dry', 'puppy')).toMatch(/chiot/);
    expect(captionOf('nl', 'wet', 'kitten')).toMatch(/kitten/);
  });

  it('has a text for every scope in both languages', () => {
    for (const scope of ['treat', 'puppy', 'kitten', 'adult', 'senior', 'all']) {
      for (const language of ['fr', 'nl'] as const) {
        expect(translate(language, `catalogue.product.dailyPortionCaptions.${scope}`)).not.toMatch(/^catalogue\./);
      }
    }
  });
});
