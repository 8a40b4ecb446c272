/** The pet form: its values become the shop API's request, and the request's rules give the form's messages. */
import { describe, expect, it } from 'vitest';
import { validate } from '../../../../src/lib/forms/validate.ts';
import { emptyPet, PET_FIELDS, petInput, petSchema, petValues, type PetFormValues } from '../../../../src/islands/shared/pets/form.ts';

const clock = () => new Date('2025-06-15T10:00:00Z');
const cat = (over: Partial<PetFormValues> = {}): PetFormValues => ({
  ...emptyPet('2'),
  gender: '2',
  name: 'Minette',
  breed: '/api/v2/shop/animal-breeds/40',
  birthday: { birthday: '2021-03-01', birthday_years: null, birthday_months: null, in_date: true },
  weight: '4,5',
  sterilized: 'yes',
  condition: '3',
  activity: '1',
  hasFeature: 'no',
  feeds: ['kibble'],
  kibbleBrand: 'Croquettes du coin',
  ...over,
});
const fieldsOf = (values: PetFormValues) => {
  const result = validate(petSchema(clock), values);
  return result.success ? {} : Object.fromEntries(Object.entries(result.errors.fields).map(([k, v]) => [k, v.map((e) => e.code)]));
};

describe('pet form', () => {
  it('accepts a full cat profile, the weight typed with a comma', () => {
    expect(fieldsOf(cat())).toEqual({});
    expect(petInput(cat()).weight).toBe(4.5);
  });

  it('says every required field of an empty form, and that at least one feed is needed', () => {
    const errors = fieldsOf(emptyPet());
    // Every field but the optional ones, the boxes and the feeds (said below).
    const optional = ['crossbreed', 'feature', 'feeds', 'oldKibbleBrand', 'onlyOurFood', 'photo'];
    for (const field of PET_FIELDS.filter((f) => !optional.includes(f))) expect(errors[field], field).toEqual(['required']);
    expect(errors.feeds).toEqual(['min_values']);
  });

  it('keeps a cat between 1 and 13 kg and a dog up to 100 kg', () => {
    expect(fieldsOf(cat({ weight: '14' })).weight).toEqual(['weight_range']);
    expect(fieldsOf(cat({ weight: '0.5' })).weight).toEqual(['weight_range']);
    expect(fieldsOf(cat({ type: '1', weight: '40', breed: '/api/v2/shop/animal-breeds/3' }))).toEqual({});
    expect(fieldsOf(cat({ type: '1', weight: '101' })).weight).toEqual(['weight_range']);
  });

  it('asks which particularity when its toggle says yes, and forgets it when the toggle says no', () => {
    expect(fieldsOf(cat({ hasFeature: 'yes' })).feature).toEqual(['required']);
    expect(petInput(cat({ hasFeature: 'no', feature: 'diabetes' })).feature).toBeNull();
  });

  it('takes an age in years and months instead of a birthday, and refuses a birthday in the future', () => {
    const age = cat({ birthday: { birthday: null, birthday_years: 2, birthday_months: 3, in_date: false } });
    expect(fieldsOf(age)).toEqual({});
    expect(petInput(age)).toMatchObject({ birthday: null, ageYears: 2, ageMonths: 3 });
    expect(
      fieldsOf(cat({ birthday: { birthday: '2026-01-01', birthday_years: null, birthday_months: null, in_date: true } })).birthday,
    ).toBeDefined();
  });

  it('fills the form back from a pet the shop API answered', () => {
    const values = petValues({
      '@id': '/api/v2/shop/animals/7',
      '@type': 'Animal',
      id: 7,
      type: '/api/v2/shop/animal-types/2',
      gender: '/api/v2/shop/animal-genders/2',
      name: 'Minette',
      breed: '/api/v2/shop/animal-breeds/40',
      breedName: 'Européen',
      breedAdultWeight: 4.5,
      crossbreed: false,
      birthday: '2021-03-01',
      inDate: true,
      ageYears: 4,
      ageMonths: 3,
      weight: 4.5,
      sterilized: true,
      condition: '/api/v2/shop/animal-body-conditions/3',
      activity: '/api/v2/shop/animal-activities/1',
      hasFeature: false,
      feature: null,
      feeds: ['kibble'],
      kibbleBrand: 'Croquettes du coin',
      oldKibbleBrand: null,
      onlyOurFood: false,
      photo: null,
      guestToken: null,
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-01T00:00:00Z',
    });
    expect(values).toEqual(cat({ weight: '4,5' }));
  });
});
