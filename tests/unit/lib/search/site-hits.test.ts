/** The hits the site shows, checked where they enter the browser (src/lib/search/hits.ts). */
import { describe, expect, it } from 'vitest';
import { articleHit, categoryHit, productHit, validHits } from '../../../../src/lib/search/hits.ts';
import type { ArticleRecord, CategoryRecord, ProductRecord } from '../../../../src/lib/search/records.ts';

const product: ProductRecord = {
  objectID: 'CAT-STER-2',
  name: 'Croquettes chat stérilisé',
  url: '/produits/croquettes-chat-sterilise/',
  image: 'http://localhost:4400/content/uploads/cat.png',
  price: 2490,
  species: 'cat',
  kind: 'dry',
  category: 'Croquettes',
  description: 'Pour les chats stérilisés.',
};
const category: CategoryRecord = { objectID: 'cat-dry', name: 'Croquettes', url: '/chat/croquettes/', description: '' };
const article: ArticleRecord = {
  objectID: 'faq-livraison',
  title: 'Quand suis-je livré ?',
  url: '/faq/livraison/#livraison',
  excerpt: 'En 48 h.',
  type: 'faq',
};

describe('search hits', () => {
  it('takes the service’s records, with their highlights and InstantSearch’s own fields', () => {
    const hit = {
      ...product,
      __position: 1,
      _highlightResult: { name: { value: 'Croquettes __ais-highlight__chat__/ais-highlight__', matchLevel: 'full' } },
    };
    const [parsed] = validHits(productHit, [hit]);
    expect(parsed).toMatchObject({ objectID: 'CAT-STER-2', price: 2490, image: product.image, __position: 1 });
    expect(parsed?._highlightResult?.name?.value).toContain('__ais-highlight__');
    expect(validHits(categoryHit, [category])).toHaveLength(1);
    expect(validHits(articleHit, [article])).toHaveLength(1);
  });

  it('leaves out a hit whose address is not on this site, and one without a name', () => {
    expect(
      validHits(productHit, [
        { ...product, url: 'javascript:alert(1)' },
        { ...product, url: '//evil.example/x' },
        { ...product, name: undefined },
      ]),
    ).toEqual([]);
    expect(validHits(articleHit, [{ ...article, type: 'blog' }])).toEqual([]);
  });

  it('draws a product without a usable picture or price rather than dropping it', () => {
    const [parsed] = validHits(productHit, [{ ...product, image: 'javascript:x', price: 12.5 }]);
    expect(parsed).toMatchObject({ image: null, price: null });
  });
});
