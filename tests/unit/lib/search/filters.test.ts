/** Algolia's filters and facetFilters read into one form (src/lib/search/filters.ts), and records matched against them. */
import { describe, expect, it } from 'vitest';
import { FilterSyntaxError, matchesFilters, parseFilterExpression, readFacetFilters } from '../../../../src/lib/search/filters.ts';

const catKibble = { species: 'cat', kind: 'dry', category: 'Chat stérilisé', price: 2290 };
const dogTreat = { species: 'dog', kind: 'treat', category: 'Friandises pour chien', price: 590 };
const matching = (filters: ReturnType<typeof parseFilterExpression>) =>
  [catKibble, dogTreat].filter((r) => matchesFilters(r, filters)).map((r) => r.species);

describe('filters', () => {
  it('reads AND of OR groups, NOT, quoted values and numbers', () => {
    expect(matching(parseFilterExpression('species:cat'))).toEqual(['cat']);
    expect(matching(parseFilterExpression('species:dog OR kind:dry'))).toEqual(['cat', 'dog']);
    expect(matching(parseFilterExpression('(kind:wet OR kind:treat) AND species:dog'))).toEqual(['dog']);
    expect(matching(parseFilterExpression('NOT species:cat'))).toEqual(['dog']);
    expect(matching(parseFilterExpression('category:"Chat stérilisé"'))).toEqual(['cat']);
    expect(matching(parseFilterExpression('price < 1000'))).toEqual(['dog']);
    expect(matching(parseFilterExpression('price>=1000 AND price:2000 TO 3000'))).toEqual(['cat']);
    expect(matching(parseFilterExpression(''))).toEqual(['cat', 'dog']);
  });

  it('compares facet values without regard to case', () => {
    expect(matching(parseFilterExpression('species:CAT'))).toEqual(['cat']);
  });

  it.each(['species:', '(species:cat', 'species:cat AND', 'price < many', 'species cat', 'category:"open'])('refuses %j', (text) => {
    expect(() => parseFilterExpression(text)).toThrow(FilterSyntaxError);
  });
});

describe('facetFilters', () => {
  it('ANDs the entries and ORs the values of a nested list; "-" negates', () => {
    expect(matching(readFacetFilters(['species:cat', ['kind:dry', 'kind:wet']]))).toEqual(['cat']);
    expect(matching(readFacetFilters([['species:cat', 'species:dog']]))).toEqual(['cat', 'dog']);
    expect(matching(readFacetFilters('species:-cat'))).toEqual(['dog']);
    expect(matching(readFacetFilters(['category:Chat stérilisé']))).toEqual(['cat']);
  });

  it('refuses an entry that is not attribute:value', () => {
    expect(() => readFacetFilters(['cat'])).toThrow(FilterSyntaxError);
  });
});
