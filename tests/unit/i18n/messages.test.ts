import { describe, expect, it } from 'vitest';
import fr from '../../../src/i18n/messages/fr/index.ts';
import nl from '../../../src/i18n/messages/nl/index.ts';
import { translate, translatePlural } from '../../../src/i18n/translate.ts';

type Tree = { [k: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('messages', () => {
  it('have the same keys in French and Dutch', () => {
    expect(keys(nl as Tree).sort()).toEqual(keys(fr as Tree).sort());
  });
  it('keep the shop’s established French texts word for word', () => {
    expect(translate('fr', 'pages.notFound.title')).toBe('Page non trouvée');
    expect(translate('fr', 'pages.maintenance.message')).toBe('Cette partie du site est en maintenance');
    expect(translate('fr', 'generic.error.title')).toBe('Une erreur est survenue');
  });
  it('fill placeholders and pick plurals', () => {
    expect(translatePlural('fr', 'catalogue.category.products', 1)).toBe('1 produit');
    expect(translatePlural('nl', 'catalogue.category.products', 3)).toBe('3 producten');
    expect(translatePlural('fr', 'orders.list.shown', 1, { total: 1 })).toBe('1 commande affichée sur 1');
    expect(translatePlural('fr', 'orders.list.shown', 10, { total: 11 })).toBe('10 commandes affichées sur 11');
    expect(translatePlural('nl', 'orders.list.shown', 1, { total: 1 })).toBe('1 van 1 bestelling getoond');
    expect(translate('fr', 'no.such.key')).toBe('no.such.key');
  });
});

describe('message sections for islands', () => {
  it('pick whole sections and nested ones', async () => {
    const { pickSections } = await import('../../../src/lib/translator.ts');
    const picked = pickSections({ a: { b: 'B', c: 'C' }, d: 'D', e: { f: { g: 'G' } } }, ['d', 'e.f', 'missing']);
    expect(picked).toEqual({ d: 'D', e: { f: { g: 'G' } } });
  });
});
