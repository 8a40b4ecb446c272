import { describe, expect, it } from 'vitest';
import { activityLabel } from '../../../../src/lib/pets/labels.ts';
import { speciesOf } from '../../../../src/lib/pets/profile.ts';

describe("a pet's species and activity as the owner reads them", () => {
  it('reads the species of an id or an IRI, none while nothing is chosen', () => {
    expect(speciesOf('1')).toBe('dog');
    expect(speciesOf('/api/v2/shop/animal-types/2')).toBe('cat');
    expect(speciesOf('')).toBeUndefined();
    expect(speciesOf('/api/v2/shop/animal-types/3')).toBeUndefined();
    expect(speciesOf(null)).toBeUndefined();
  });

  it('says what a level means for a dog and for a cat, and only its name before the species is known', () => {
    expect(activityLabel('fr', 'low', 'dog')).toBe('Calme (peu de sorties, surtout à la maison)');
    expect(activityLabel('fr', 'low', 'cat')).toBe('Calme (chat d’intérieur, il dort beaucoup)');
    // FEDIAF's 125 is for one to three hours a day: the label says so, and no longer promises a working dog's ration.
    expect(activityLabel('nl', 'high', 'dog')).toBe('Intens (een tot drie uur stevige inspanning per dag: sport, jacht)');
    expect(activityLabel('fr', 'high', 'dog')).toBe('Intense (une à trois heures d’effort soutenu par jour\u00A0: sport, chasse)');
    expect(activityLabel('nl', 'low', 'cat')).toBe('Rustig (binnenkat, slaapt veel)');
    expect(activityLabel('fr', 'moderate', undefined)).toBe('Modérée');
    // A dog's level never speaks of a cat, nor a cat's of walks.
    for (const level of ['low', 'moderate', 'high'] as const) {
      expect(activityLabel('fr', level, 'dog')).not.toMatch(/chat/);
      expect(activityLabel('nl', level, 'dog')).not.toMatch(/kat/);
      expect(activityLabel('nl', level, 'cat')).not.toMatch(/wandeling/);
    }
  });
});
