import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, pluralRules } from '../../../src/lib/intl.ts';

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
