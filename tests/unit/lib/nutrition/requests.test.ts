/**
 * The content service's nutrition requests as the platform validates them (src/lib/nutrition/requests.ts,
 * shared with the guides' pages): the ration calculator's query read from its text, the guides' profile
 * with its species in any of its three spellings, its defaults, and the cat weights each guide takes.
 */
import { describe, expect, it } from 'vitest';
import { formatFitAnswer, pregnancyProblem, rationQuery, recommendationProfile } from '../../../../src/lib/nutrition/requests.ts';

const issuesOf = (body: unknown) => {
  const parsed = recommendationProfile.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
};

describe('the ration calculator’s query', () => {
  it('reads the weight and age from the address’s text', () => {
    expect(rationQuery.parse({ ref: 'DOG-DRY_1', weight: '15.5', month: '36' })).toEqual({
      ref: 'DOG-DRY_1',
      weight: 15.5,
      month: 36,
      pregnantOrNursing: false,
    });
  });

  it('reads a pregnancy as true or false only, and only of an adult', () => {
    expect(rationQuery.parse({ ref: 'DOG', weight: '20', month: '36', pregnantOrNursing: 'true' }).pregnantOrNursing).toBe(true);
    expect(rationQuery.parse({ ref: 'DOG', weight: '20', month: '36', pregnantOrNursing: 'false' }).pregnantOrNursing).toBe(false);
    for (const value of ['yes', '1', ''])
      expect(rationQuery.safeParse({ ref: 'DOG', weight: '20', month: '36', pregnantOrNursing: value }).success, value).toBe(false);
    expect(pregnancyProblem({ month: 36, pregnantOrNursing: true })).toBeNull();
    expect(pregnancyProblem({ month: 11, pregnantOrNursing: true })).toMatch(/^pregnantOrNursing: /);
    expect(pregnancyProblem({ month: 11, pregnantOrNursing: false })).toBeNull();
  });

  it('refuses a weight of 0 or over 100 kg, an age in part of a month or over 30 years, a reference with other signs', () => {
    for (const query of [
      { ref: 'DOG', weight: '0', month: '12' },
      { ref: 'DOG', weight: '100.1', month: '12' },
      { ref: 'DOG', weight: '10', month: '1.5' },
      { ref: 'DOG', weight: '10', month: '361' },
      { ref: 'DOG', weight: '10', month: '-1' },
      { ref: 'DOG DRY', weight: '10', month: '12' },
      { ref: 'DOG', weight: 'ten', month: '12' },
    ])
      expect(rationQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    expect(rationQuery.parse({ ref: 'DOG', weight: '100', month: '360' })).toMatchObject({ weight: 100, month: 360 });
  });
});

describe('the guides’ profile', () => {
  const dog = { type: 'dog', weight: 12, month: 30 };

  it('takes the species as its code, its id or the shop API’s type IRI', () => {
    for (const type of ['cat', 2, '2', '/api/v2/shop/animal-types/2'])
      expect(recommendationProfile.parse({ type, weight: 4, month: 30 }).type).toBe('cat');
    for (const type of ['dog', 1, '/api/v2/shop/animal-types/1']) expect(recommendationProfile.parse({ ...dog, type }).type).toBe('dog');
    for (const type of ['bird', 3, '/api/v2/shop/animal-types/3', null])
      expect(recommendationProfile.safeParse({ ...dog, type }).success).toBe(false);
  });

  it('fills what the shopper left out: not sterilised, ideal condition, moderate activity, kibbles proposed, half of the energy wet', () => {
    expect(recommendationProfile.parse(dog)).toEqual({
      ...dog,
      sterilized: false,
      condition: 'ideal',
      activity: 'moderate',
      pregnantOrNursing: false,
      kinds: ['dry'],
    });
    expect(recommendationProfile.parse({ type: 'cat', weight: 4, month: 30, wet: { daysPerWeek: 3 } }).wet).toEqual({
      share: 0.5,
      daysPerWeek: 3,
    });
  });

  it('takes a pregnancy of an intact adult only', () => {
    expect(recommendationProfile.parse({ ...dog, pregnantOrNursing: true }).pregnantOrNursing).toBe(true);
    expect(issuesOf({ ...dog, month: 8, pregnantOrNursing: true })).toEqual([expect.objectContaining({ path: ['pregnantOrNursing'] })]);
    expect(issuesOf({ ...dog, sterilized: true, pregnantOrNursing: true })).toEqual([
      expect.objectContaining({ path: ['pregnantOrNursing'] }),
    ]);
    expect(issuesOf({ ...dog, pregnantOrNursing: 'yes' })).toEqual([expect.objectContaining({ path: ['pregnantOrNursing'] })]);
  });

  it('trims the name and refuses what is out of bounds', () => {
    expect(recommendationProfile.parse({ ...dog, name: '  Rex ' }).name).toBe('Rex');
    for (const body of [
      { ...dog, name: 'x'.repeat(256) },
      { ...dog, weight: 0 },
      { ...dog, month: 12.5 },
      { ...dog, condition: 'round' },
      { ...dog, kinds: [] },
      { ...dog, wet: { share: 1, daysPerWeek: 7 } },
      { ...dog, wet: { daysPerWeek: 5 } },
      { ...dog, wetRecipes: [] },
      { ...dog, wetRecipes: ['A', 'B', 'C', 'D'] },
      { ...dog, kibble: 'CAT DRY' },
      // A puppy of 2 months cannot weigh 30 kg (heaviestAtAge).
      { ...dog, month: 2, weight: 30 },
    ])
      expect(recommendationProfile.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('takes a cat of 1 to 13 kg in the kibble guide, and says why on its weight', () => {
    expect(issuesOf({ type: 'cat', weight: 1, month: 30 })).toEqual([]);
    expect(issuesOf({ type: 'cat', weight: 13, month: 30 })).toEqual([]);
    expect(issuesOf({ type: 'cat', weight: 0.9, month: 30 })).toEqual([{ path: ['weight'], message: 'A cat weighs 1 to 13 kg' }]);
    expect(issuesOf({ type: 'cat', weight: 13.1, month: 30 })).toEqual([{ path: ['weight'], message: 'A cat weighs 1 to 13 kg' }]);
  });

  it('takes a cat above 0 and below 13 kg in the bi-nutrition guides', () => {
    expect(issuesOf({ type: 'cat', weight: 0.5, month: 30, kibble: 'CAT-DRY' })).toEqual([]);
    expect(issuesOf({ type: 'cat', weight: 13, month: 30, wet: { daysPerWeek: 7 } })).toEqual([
      { path: ['weight'], message: 'A cat of the bi-nutrition guides weighs below 13 kg' },
    ]);
    expect(issuesOf({ type: 'dog', weight: 30, month: 30, wetRecipes: ['DOG-WET'] })).toEqual([]);
  });
});

describe('a format of getReco’s answer', () => {
  it('keeps what the service says of its frequency beyond the days', () => {
    const format = {
      code: '12345678',
      name: '2 kg',
      lastsDays: 30.5,
      frequency: { days: 28, weeks: 4 },
      quantityForShortest: 1,
      frequencyForQuantity: { days: 21, weeks: 3 },
    };
    expect(formatFitAnswer.parse(format)).toEqual(format);
    expect(formatFitAnswer.parse({ ...format, frequency: null }).frequency).toBeNull();
    expect(formatFitAnswer.safeParse({ ...format, frequency: { days: 28.5 } }).success).toBe(false);
  });
});
