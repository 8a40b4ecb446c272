/** Who counts as the sponsor's household (src/backend/shop/sponsorships/household.ts), without a database. */
import { describe, expect, it } from 'vitest';
import { addressKey, sameInstrument, samePlace } from '../../../../../src/backend/shop/sponsorships/household.ts';
import type { PaymentInstrument } from '../../../../../src/backend/shop/sponsorships/repository.ts';

const foch = { street: '8 avenue Foch', postcode: '69006', countryCode: 'FR' };
const meir = { street: 'Meir 12', postcode: '2000', countryCode: 'BE' };

describe('addressKey', () => {
  it('reads an address as a carrier does: case, accents, spaces and punctuation aside', () => {
    expect(samePlace(foch, { street: '  8,  AVENUE   FOCH ', postcode: ' 69006 ', countryCode: 'fr' })).toBe(true);
    expect(samePlace(foch, { street: '8avenue Foch', postcode: '69006', countryCode: 'FR' })).toBe(true);
    expect(
      samePlace(
        { street: '3 rue de l’Église', postcode: '69002', countryCode: 'FR' },
        { street: "3 Rue de l'Eglise", postcode: '69002', countryCode: 'FR' },
      ),
    ).toBe(true);
    expect(
      samePlace(
        { street: '5 place Saint-Éloi', postcode: '59000', countryCode: 'FR' },
        { street: '5 PLACE SAINT ELOI', postcode: '59000', countryCode: 'FR' },
      ),
    ).toBe(true);
    expect(
      samePlace(
        { street: '1 rue de l’Œuvre', postcode: '67000', countryCode: 'FR' },
        { street: '1 rue de l oeuvre', postcode: '67000', countryCode: 'FR' },
      ),
    ).toBe(true);
  });

  it('spells out the usual abbreviations and ignores the order of the words (the number after the street in Belgium)', () => {
    expect(samePlace(foch, { street: '8 av. Foch', postcode: '69006', countryCode: 'FR' })).toBe(true);
    expect(
      samePlace(
        { street: '14 boulevard Saint-Michel', postcode: '75005', countryCode: 'FR' },
        { street: '14 bd St Michel', postcode: '75005', countryCode: 'FR' },
      ),
    ).toBe(true);
    expect(samePlace(meir, { street: '12, Meir', postcode: '2000', countryCode: 'BE' })).toBe(true);
  });

  it('reads a postcode without its spaces or a country prefix', () => {
    expect(samePlace({ ...foch, countryCode: 'LU', postcode: '1111' }, { ...foch, countryCode: 'LU', postcode: 'L-1111' })).toBe(true);
    expect(addressKey({ street: 'Damrak 1', postcode: '1012 lg', countryCode: 'NL' })).toBe(
      addressKey({ street: 'Damrak 1', postcode: '1012LG', countryCode: 'NL' }),
    );
  });

  it('tells another number, street, postcode or country apart', () => {
    expect(samePlace(foch, { ...foch, street: '10 avenue Foch' })).toBe(false);
    expect(samePlace(foch, { ...foch, street: '8 avenue Fochs' })).toBe(false);
    expect(samePlace(foch, { ...foch, street: '8 rue Foch' })).toBe(false);
    expect(samePlace(foch, { ...foch, postcode: '69007' })).toBe(false);
    expect(samePlace(foch, { ...foch, countryCode: 'BE' })).toBe(false);
    expect(samePlace(meir, { ...meir, street: 'Meir 120' })).toBe(false);
    // The digits of a number are not its neighbours': 1 2 is not 12.
    expect(samePlace(meir, { ...meir, street: 'Meir 1 2' })).toBe(false);
  });
});

describe('sameInstrument', () => {
  const none: PaymentInstrument = {
    card_brand: null,
    card_last4: null,
    card_expiry: null,
    provider_customer_id: null,
    provider_mandate_id: null,
  };
  const visa: PaymentInstrument = {
    ...none,
    card_brand: 'Visa',
    card_last4: '9996',
    card_expiry: '2035-12-31',
    provider_customer_id: 'cst_1',
  };

  it('knows a card by its brand, last four digits and expiry', () => {
    expect(sameInstrument(visa, { ...visa, provider_customer_id: 'cst_2' })).toBe(true);
    expect(sameInstrument(visa, { ...visa, card_brand: 'visa', provider_customer_id: 'cst_2' })).toBe(true);
    expect(sameInstrument(visa, { ...visa, card_last4: '4444', provider_customer_id: 'cst_2' })).toBe(false);
    expect(sameInstrument(visa, { ...visa, card_brand: 'Mastercard', provider_customer_id: 'cst_2' })).toBe(false);
    expect(sameInstrument(visa, { ...visa, card_expiry: '2030-01-31', provider_customer_id: 'cst_2' })).toBe(false);
    // An expiry one side does not know does not tell two cards apart.
    expect(sameInstrument(visa, { ...visa, card_expiry: null, provider_customer_id: 'cst_2' })).toBe(true);
  });

  it('knows the same customer or mandate at the provider, and nothing of payments without a card', () => {
    expect(sameInstrument({ ...none, provider_customer_id: 'cst_1' }, visa)).toBe(true);
    expect(sameInstrument({ ...none, provider_mandate_id: 'mdt_1' }, { ...none, provider_mandate_id: 'mdt_1' })).toBe(true);
    expect(sameInstrument(none, none)).toBe(false);
    expect(sameInstrument(none, visa)).toBe(false);
  });
});
