/** The kibble guide's rules: the weights it accepts, the request made from a saved pet, the offer of a result. */
import { describe, expect, it } from 'vitest';
import {
  ADULT_SIZE_KG,
  guideOffer,
  guideQuestions,
  guideWeightAccepted,
  recommendationBodyOf,
  type SavedPet,
} from '../../../../src/lib/nutrition/kibble-guide.ts';
import { growthUntilMonths } from '../../../../src/lib/nutrition/energy.ts';
import { sizeOf } from '../../../../src/lib/pets/profile.ts';
import { recommendationProfile } from '../../../../src/lib/nutrition/requests.ts';

describe('the weights the kibble guide accepts', () => {
  it('takes a cat of 1 to 13 kg and nothing outside', () => {
    expect(guideWeightAccepted('cat', 1)).toBe(true);
    expect(guideWeightAccepted('cat', 13)).toBe(true);
    expect(guideWeightAccepted('cat', 0.9)).toBe(false);
    expect(guideWeightAccepted('cat', 14)).toBe(false);
  });

  it('takes a dog above 0 and below 100 kg', () => {
    expect(guideWeightAccepted('dog', 0.5)).toBe(true);
    expect(guideWeightAccepted('dog', 99.9)).toBe(true);
    expect(guideWeightAccepted('dog', 100)).toBe(false);
    expect(guideWeightAccepted('dog', 0)).toBe(false);
    expect(guideWeightAccepted('dog', Number.NaN)).toBe(false);
  });
});

const pet: SavedPet = {
  name: 'Mina',
  type: '/api/v2/shop/animal-types/2',
  gender: '/api/v2/shop/animal-genders/2',
  breedAdultWeight: 4.5,
  crossbreed: false,
  ageYears: 3,
  ageMonths: 4,
  weight: 4.2,
  sterilized: true,
  condition: '/api/v2/shop/animal-body-conditions/4',
  activity: '/api/v2/shop/animal-activities/1',
  hasFeature: true,
  feature: 'hairballs',
};

describe('the recommendation request of a saved pet', () => {
  it('says its species, age in months, shape, activity and particularity as the content service reads them', () => {
    const body = recommendationBodyOf(pet);
    expect(body).toMatchObject({
      type: 'cat',
      month: 40,
      weight: 4.2,
      sterilized: true,
      condition: 'overweight',
      activity: 'low',
      feature: 'hairballs',
      kinds: ['dry'],
    });
    expect(recommendationProfile.safeParse(body).success).toBe(true);
  });

  it('says a purebred’s weight grown up, its breed’s, and none for a crossbreed', () => {
    expect(recommendationBodyOf(pet).expectedAdultWeight).toBe(4.5);
    expect(recommendationBodyOf({ ...pet, crossbreed: true }).expectedAdultWeight).toBeNull();
    expect(recommendationBodyOf({ ...pet, breedAdultWeight: null }).expectedAdultWeight).toBeNull();
  });

  it('sends no particularity when its toggle says no, and a dog for type 1', () => {
    const body = recommendationBodyOf({ ...pet, type: '/api/v2/shop/animal-types/1', hasFeature: false });
    expect(body.type).toBe('dog');
    expect(body.feature).toBeNull();
  });
});

describe('the questions the results ask when the profile cannot tell', () => {
  const female = { ...pet, sterilized: false };
  const puppy: SavedPet = {
    ...pet,
    type: '/api/v2/shop/animal-types/1',
    gender: '/api/v2/shop/animal-genders/1',
    breedAdultWeight: null,
    crossbreed: true,
    ageYears: 0,
    ageMonths: 5,
    weight: 9,
    sterilized: false,
  };

  it('asks an intact adult female whether she is pregnant or nursing, and sends her answer', () => {
    expect(guideQuestions(female).pregnancy).toBe(true);
    expect(guideQuestions(pet).pregnancy).toBe(false);
    expect(guideQuestions({ ...female, gender: '/api/v2/shop/animal-genders/1' }).pregnancy).toBe(false);
    expect(guideQuestions({ ...female, ageYears: 0, ageMonths: 10 }).pregnancy).toBe(false);
    expect(recommendationBodyOf(female, { pregnantOrNursing: true }).pregnantOrNursing).toBe(true);
    expect(recommendationBodyOf(female).pregnantOrNursing).toBe(false);
    // An answer to a question not asked is not sent (a sterilised female).
    expect(recommendationBodyOf(pet, { pregnantOrNursing: true }).pregnantOrNursing).toBe(false);
    expect(recommendationProfile.safeParse(recommendationBodyOf(female, { pregnantOrNursing: true })).success).toBe(true);
  });

  it('asks a crossbreed or unknown breed’s adult size while it may still grow, and sends its weight', () => {
    expect(guideQuestions(puppy).adultSize).toBe(true);
    expect(guideQuestions({ ...puppy, crossbreed: false }).adultSize).toBe(true);
    // A purebred's breed says it; a cat is not asked; a dog older than a giant's growth is grown.
    expect(guideQuestions({ ...puppy, crossbreed: false, breedAdultWeight: 30 }).adultSize).toBe(false);
    expect(guideQuestions({ ...puppy, type: '/api/v2/shop/animal-types/2' }).adultSize).toBe(false);
    expect(guideQuestions({ ...puppy, ageYears: 1, ageMonths: 11 }).adultSize).toBe(true);
    expect(guideQuestions({ ...puppy, ageYears: 2, ageMonths: 0 }).adultSize).toBe(false);
    expect(recommendationBodyOf(puppy, { adultSize: 'giant' }).expectedAdultWeight).toBe(ADULT_SIZE_KG.giant);
    expect(recommendationBodyOf(puppy, { adultSize: 'small' }).expectedAdultWeight).toBe(ADULT_SIZE_KG.small);
    expect(recommendationBodyOf(puppy, { adultSize: null }).expectedAdultWeight).toBeNull();
    expect(recommendationBodyOf({ ...puppy, crossbreed: false, breedAdultWeight: 30 }, { adultSize: 'small' }).expectedAdultWeight).toBe(
      30,
    );
  });

  it('sends for each size a weight inside its band: its recipes’ size and the end of its growth are that size’s', () => {
    expect(sizeOf(ADULT_SIZE_KG.small)).toBe('small');
    expect(sizeOf(ADULT_SIZE_KG.medium)).toBe('medium');
    expect(sizeOf(ADULT_SIZE_KG.large)).toBe('large');
    expect(sizeOf(ADULT_SIZE_KG.giant)).toBe('large');
    expect(
      [ADULT_SIZE_KG.small, ADULT_SIZE_KG.medium, ADULT_SIZE_KG.large, ADULT_SIZE_KG.giant].map((kg) => growthUntilMonths('dog', kg)),
    ).toEqual([10, 12, 18, 24]);
  });
});

describe('the offer of a recommended recipe', () => {
  const format = (code: string, lastsDays: number, days: number | null, quantityForShortest = 1, daysForQuantity = 21) => ({
    code,
    name: code,
    lastsDays,
    frequency: days === null ? null : { days },
    quantityForShortest,
    frequencyForQuantity: { days: daysForQuantity },
  });

  it('offers the format that lasts longest among those fitting a frequency, at that frequency', () => {
    expect(guideOffer([format('10000001', 25, 21), format('10000002', 75, 70)])).toEqual({
      code: '10000002',
      name: '10000002',
      quantity: 1,
      interval: 70,
    });
  });

  it('offers enough of the biggest format for the shortest frequency when none lasts it, at the longest frequency they last', () => {
    expect(guideOffer([format('10000001', 6, null, 4), format('10000002', 12, null, 2)])).toEqual({
      code: '10000002',
      name: '10000002',
      quantity: 2,
      interval: 21,
    });
    expect(guideOffer([format('10000002', 15, null, 2, 31)])).toMatchObject({ quantity: 2, interval: 31 });
  });

  it('offers nothing without a format', () => {
    expect(guideOffer([])).toBeNull();
  });
});
