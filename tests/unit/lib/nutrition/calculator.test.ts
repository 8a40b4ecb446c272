import { describe, expect, it } from 'vitest';
import {
  asksPregnancy,
  checkCalculatorInput,
  choiceForFormat,
  rationAnswer,
  rationResult,
} from '../../../../src/lib/nutrition/calculator.ts';

const input = (weight: string, years: string, months: string) => ({ weight, years, months });

describe('the ration calculator’s input', () => {
  it('takes a weight in kg (a comma is a decimal point) and an age in years and months, as months', () => {
    expect(checkCalculatorInput('dog', input('15', '3', ''))).toEqual({ ok: true, weight: 15, month: 36, pregnantOrNursing: false });
    expect(checkCalculatorInput('dog', input('7,5', '', '4'))).toEqual({ ok: true, weight: 7.5, month: 4, pregnantOrNursing: false });
    expect(checkCalculatorInput('dog', input(' 30.25 ', '2', '6'))).toEqual({
      ok: true,
      weight: 30.25,
      month: 30,
      pregnantOrNursing: false,
    });
    // A young dog's age in months alone, past a year, is as clear as years and months.
    expect(checkCalculatorInput('dog', input('20', '', '18'))).toEqual({ ok: true, weight: 20, month: 18, pregnantOrNursing: false });
  });
  it('refuses a missing, unreadable or zero weight, a dog above 100 kg and a cat outside 1 to 13 kg', () => {
    const weight = (species: 'dog' | 'cat', w: string) => {
      const r = checkCalculatorInput(species, input(w, '3', ''));
      return r.ok ? null : r.errors.weight;
    };
    expect(weight('dog', '')).toBe('required');
    expect(weight('dog', 'abc')).toBe('invalid');
    expect(weight('dog', '0')).toBe('invalid');
    expect(weight('dog', '-4')).toBe('invalid');
    expect(weight('dog', '100')).toBeNull();
    expect(weight('dog', '100.5')).toBe('dogMax');
    expect(weight('cat', '0.8')).toBe('catRange');
    expect(weight('cat', '14')).toBe('catRange');
    expect(weight('cat', '13')).toBeNull();
    expect(weight('cat', '1')).toBeNull();
  });
  it('refuses a weight the age cannot carry, on the weight: a kilo a month and one more for a kitten, 10 kg a month for a puppy', () => {
    const weight = (species: 'dog' | 'cat', w: string, months: string) => {
      const r = checkCalculatorInput(species, input(w, '', months));
      return r.ok ? null : r.errors;
    };
    expect(weight('cat', '3', '2')).toBeNull();
    expect(weight('cat', '3.5', '2')).toEqual({ weight: 'kittenTooHeavy' });
    expect(weight('cat', '13', '12')).toBeNull();
    expect(weight('dog', '20', '2')).toBeNull();
    expect(weight('dog', '20.5', '2')).toEqual({ weight: 'puppyTooHeavy' });
    // From 10 months the adult bounds alone apply.
    expect(weight('dog', '100', '10')).toBeNull();
  });
  it('refuses a missing or unreadable age, months above 11 beside years, under a month and over 30 years', () => {
    const age = (years: string, months: string) => {
      const r = checkCalculatorInput('dog', input('10', years, months));
      return r.ok ? null : r.errors.age;
    };
    expect(age('', '')).toBe('required');
    expect(age('2.5', '')).toBe('invalid');
    expect(age('', 'x')).toBe('invalid');
    expect(age('1', '12')).toBe('months');
    expect(age('0', '0')).toBe('tooYoung');
    expect(age('31', '')).toBe('tooOld');
    expect(age('30', '')).toBeNull();
  });
  it('asks the pregnancy of an adult only, and sends it only when asked', () => {
    expect(asksPregnancy({ years: '', months: '' })).toBe(false);
    expect(asksPregnancy({ years: '', months: '11' })).toBe(false);
    expect(asksPregnancy({ years: '', months: '12' })).toBe(true);
    expect(asksPregnancy({ years: '3', months: '' })).toBe(true);
    expect(asksPregnancy({ years: 'x', months: '' })).toBe(false);
    expect(checkCalculatorInput('dog', { ...input('20', '3', ''), pregnantOrNursing: true })).toMatchObject({
      ok: true,
      pregnantOrNursing: true,
    });
    // A puppy's answer, left from an older age typed, is not sent.
    expect(checkCalculatorInput('dog', { ...input('8', '', '6'), pregnantOrNursing: true })).toMatchObject({
      ok: true,
      pregnantOrNursing: false,
    });
  });

  it('says every field’s error at once', () => {
    expect(checkCalculatorInput('cat', input('20', '', ''))).toEqual({ ok: false, errors: { weight: 'catRange', age: 'required' } });
  });
});

describe('choosing a format’s frequency', () => {
  const fit = { code: 'V1', name: '2 kg', lastsDays: 45, frequencyForQuantity: { days: 21 } };
  it('one bag at the frequency that fits', () => {
    expect(choiceForFormat({ ...fit, frequency: { days: 42 }, quantityForShortest: 1 })).toEqual({ interval: 42, quantity: 1 });
  });
  it('a bag that lasts less than three weeks: as many bags as three weeks take, at the longest frequency they last', () => {
    expect(choiceForFormat({ ...fit, lastsDays: 9, frequency: null, quantityForShortest: 3 })).toEqual({ interval: 21, quantity: 3 });
    expect(choiceForFormat({ ...fit, lastsDays: 15, frequency: null, quantityForShortest: 2, frequencyForQuantity: { days: 31 } })).toEqual(
      {
        interval: 31,
        quantity: 2,
      },
    );
    expect(choiceForFormat({ ...fit, lastsDays: 0, frequency: null, quantityForShortest: 120 })).toBeNull();
  });
  it('reads a referral to the vet instead of a ration', () => {
    const referral = { ref: 'DOG', referral: { reason: 'pregnantOrNursing', message: 'Consultez votre vétérinaire.' } };
    expect(rationResult.parse(referral)).toEqual(referral);
    expect(rationResult.safeParse({ ref: 'DOG', referral: { reason: 'other', message: 'x' } }).success).toBe(false);
  });

  it('reads the service’s answer and refuses one without its ration', () => {
    const data = {
      ref: 'A',
      puppy: false,
      assumedSterilised: false,
      gramsPerDay: 212,
      gramsPerMeal: 106,
      meals: 2,
      formats: [{ ...fit, frequency: { days: 42, weeks: 6 }, quantityForShortest: 1 }],
      explanation: { text: 'Votre chien…', key: 'k' },
    };
    expect(rationAnswer.parse(data).formats[0]!.frequency).toEqual({ days: 42, weeks: 6 });
    expect(rationAnswer.safeParse({ ...data, gramsPerDay: undefined }).success).toBe(false);
  });
});
