import { describe, expect, it } from 'vitest';
import { catsForGuide, GUIDE_OF_ENTRY } from '../../../../src/lib/nutrition/guide-entry.ts';
import { pathTo } from '../../../../src/lib/routes/paths.ts';

describe('the nutrition guides’ entrance', () => {
  it('keeps the cats only, in their order: a dog has no cat menu', () => {
    const animals = [
      { id: 1, type: '/api/v2/shop/animal-types/1', name: 'Rex' },
      { id: 2, type: '/api/v2/shop/animal-types/2', name: 'Minou' },
      { id: 3, type: '/api/v2/shop/animal-types/2', name: 'Filou' },
    ];
    expect(catsForGuide(animals).map((a) => a.name)).toEqual(['Minou', 'Filou']);
    expect(catsForGuide([animals[0]!])).toEqual([]);
  });
  it('leads each entrance to its guide for that cat', () => {
    expect(pathTo(GUIDE_OF_ENTRY.full, 'fr_FR', { animal: '2' })).toBe('/guide-bi-nutrition/2/');
    expect(pathTo(GUIDE_OF_ENTRY.short, 'fr_FR', { animal: '2' })).toBe('/mini-guide-bi-nutrition/2/');
    expect(pathTo(GUIDE_OF_ENTRY.short, 'nl_BE', { animal: '2' })).toBe('/nl/mini-gids-bi-voeding/2/');
  });
});
