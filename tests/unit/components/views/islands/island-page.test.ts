/** The texts an island page serialises: its language's, and French only where that language has none. */
import { describe, expect, it } from 'vitest';
import { islandTexts, missingFrom, SHOPPER_SECTIONS } from '../../../../../src/components/views/islands/island-page.ts';
import { messagesFor } from '../../../../../src/i18n/translate.ts';
import { treeTranslator } from '../../../../../src/lib/translator.ts';

describe('missingFrom', () => {
  it('keeps the texts the own tree lacks, by key, and nothing else', () => {
    const own = { cart: { empty: 'Leeg', lines: { one: '1 artikel' } }, site: 'x' };
    const french = { cart: { empty: 'Vide', lines: { one: '1 article', other: '{n} articles' }, retry: 'Réessayer' }, site: 'y' };
    expect(missingFrom(own, french)).toEqual({ cart: { lines: { other: '{n} articles' }, retry: 'Réessayer' } });
    expect(missingFrom(french, french)).toBeUndefined();
  });
});

describe('islandTexts', () => {
  it('hands a French island its sections alone', () => {
    expect(islandTexts('fr_FR', SHOPPER_SECTIONS)).toEqual(messagesFor('fr', SHOPPER_SECTIONS));
  });

  it('translates every key in Dutch as the whole French fallback did', () => {
    const whole = treeTranslator('nl', ...messagesFor('nl', SHOPPER_SECTIONS));
    const pruned = treeTranslator('nl', ...islandTexts('nl_BE', SHOPPER_SECTIONS));
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
    const french = messagesFor('fr', SHOPPER_SECTIONS)[0]!;
    expect(keys(french).length).toBeGreaterThan(100);
    for (const key of keys(french)) expect(pruned(key), key).toBe(whole(key));
    expect(JSON.stringify(islandTexts('nl_BE', SHOPPER_SECTIONS)).length).toBeLessThan(
      JSON.stringify(messagesFor('nl', SHOPPER_SECTIONS)).length * 0.6,
    );
  });
});
