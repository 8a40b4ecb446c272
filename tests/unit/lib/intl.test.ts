import { describe, expect, it } from 'vitest';
import { ageInWords, dateTimeFormat, numberFormat, pluralRules } from '../../../src/lib/intl.ts';

describe('kept Intl objects', () => {
  it('are made once per locale and options, and format as new ones do', () => {
    expect(numberFormat('fr-FR', { maximumFractionDigits: 1 })).toBe(numberFormat('fr-FR', { maximumFractionDigits: 1 }));
    expect(numberFormat('fr-FR', { maximumFractionDigits: 1 })).not.toBe(numberFormat('fr-FR', { maximumFractionDigits: 2 }));
    expect(numberFormat('nl-BE')).not.toBe(numberFormat('fr-FR'));
    expect(numberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(12.5)).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(12.5),
    );
    expect(dateTimeFormat('nl-BE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-11-27T12:00:00Z'))).toBe(
      '27 november 2026',
    );
    expect(pluralRules('fr').select(1)).toBe('one');
    expect(pluralRules('fr')).toBe(pluralRules('fr'));
  });
});

describe("a pet's age in words", () => {
  it('puts each unit in its plural, leaves out a zero one and keeps numbers with their units, in French and in Dutch', () => {
    expect(ageInWords('fr-FR', 5, 6)).toBe('5\u00A0ans et 6\u00A0mois');
    expect(ageInWords('fr-FR', 1, 1)).toBe('1\u00A0an et 1\u00A0mois');
    expect(ageInWords('fr-BE', 0, 3)).toBe('3\u00A0mois');
    expect(ageInWords('nl-BE', 1, 1)).toBe('1\u00A0jaar en 1\u00A0maand');
    expect(ageInWords('nl-BE', 2, 0)).toBe('2\u00A0jaar');
    expect(ageInWords('nl-BE', 0, 7)).toBe('7\u00A0maanden');
  });
});
