/** A delivery interval says itself one way everywhere (product page, cart, checkout, account, mails, invoice). */
import { describe, expect, it } from 'vitest';
import { intervalText } from '../../../../src/lib/catalogue/frequencies.ts';

describe('intervalText', () => {
  it('names an offered interval as the product page does, in weeks or months', () => {
    expect(intervalText('fr', 42)).toBe('Toutes les 6 semaines');
    expect(intervalText('fr', 31)).toBe('Tous les mois');
    expect(intervalText('nl', 62)).toBe('Om de 2 maanden');
    expect(intervalText('nl', 21)).toBe('Om de 3 weken');
  });

  it('names an interval the shop no longer offers in days', () => {
    expect(intervalText('fr', 30)).toBe('Tous les 30 jours');
    expect(intervalText('nl', 30)).toBe('Om de 30 dagen');
  });
});
