import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { treeTranslator } from '../../../../src/lib/translator.ts';
import { messagesFor } from '../../../../src/i18n/translate.ts';
import { ADD_TO_CART_MESSAGES } from '../../../../src/islands/cart/add-to-cart-messages.ts';

/** The modules whose texts the add-to-cart island says: the form, its errors, the island's frame, the frequencies. */
const sources = [
  'src/islands/cart/AddToCartIsland.tsx',
  'src/islands/cart/errors.ts',
  'src/islands/shared/island.tsx',
  'src/lib/catalogue/frequencies.ts',
];
/** Every literal key given to t(), t.plural() or plural() in them. */
const asked = sources.flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/\b(t|plural|t\.plural)\('([a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g)].map(([, call, key]) => ({
    call,
    key: key!,
  })),
);

describe('the add-to-cart island’s messages', () => {
  it('reads its keys from its sources (the test would pass on nothing otherwise)', () => {
    expect(asked.map((a) => a.key)).toEqual(expect.arrayContaining(['catalogue.product.addToCart', 'cart.errors.network', 'generic.free']));
  });
  it.each(['fr', 'nl'] as const)('holds every text the island asks for, in %s', (language) => {
    const t = treeTranslator(language, ...messagesFor(language, ADD_TO_CART_MESSAGES));
    const missing = asked.filter(({ call, key }) => (call === 't' ? !t.has(key) : !t.has(`${key}.one`) || !t.has(`${key}.other`)));
    expect(missing).toEqual([]);
  });
});
