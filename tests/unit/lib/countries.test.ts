import { describe, expect, it } from 'vitest';
import { countryOptions, isCountryCode } from '../../../src/lib/countries.ts';

describe('the world list of countries', () => {
  it('puts the shop’s countries first, then the others in the reader’s alphabetical order', () => {
    const fr = countryOptions('fr-FR');
    expect(fr.slice(0, 3)).toEqual([
      { value: 'FR', label: 'France' },
      { value: 'BE', label: 'Belgique' },
      { value: 'LU', label: 'Luxembourg' },
    ]);
    expect(fr).toHaveLength(249);
    const rest = fr.slice(3).map((o) => o.label);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('fr-FR').compare));
    expect(countryOptions('nl-BE')[1]).toEqual({ value: 'BE', label: 'België' });
    expect(new Set(fr.map((o) => o.value)).size).toBe(249);
  });

  it('knows ISO codes only, in capitals', () => {
    for (const code of ['FR', 'DE', 'US', 'GB', 'JP', 'AX']) expect(isCountryCode(code), code).toBe(true);
    for (const code of ['XX', 'EU', 'UK', 'fr', '', 'FRA']) expect(isCountryCode(code), code).toBe(false);
  });
});
