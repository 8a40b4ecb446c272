/** The kibble guide's steps: each judges its own fields and the earlier ones, never the later (still empty) ones. */
import { describe, expect, it } from 'vitest';
import { guideStepErrors } from '../../../../src/islands/shared/pets/guide-steps.ts';
import { emptyPet, type PetFormValues } from '../../../../src/islands/shared/pets/form.ts';

const profile: PetFormValues = {
  ...emptyPet('2'),
  name: 'Caramel',
  gender: '2',
  breed: '/api/v2/shop/animal-breeds/1',
  birthday: { birthday: '2021-03-01', birthday_years: null, birthday_months: null, in_date: true },
};
const shape: PetFormValues = { ...profile, weight: '4,5', sterilized: 'yes', condition: '3', activity: '2' };
const diet: PetFormValues = { ...shape, hasFeature: 'no', feeds: ['kibble'], kibbleBrand: 'Croquettes du coin' };

const fieldsOf = (values: PetFormValues, step: number) => Object.keys(guideStepErrors(values, step).fields).sort();

describe('the kibble guide steps', () => {
  it('asks the profile first, without judging the shape or the diet yet', () => {
    expect(fieldsOf(emptyPet(), 0)).toEqual(['birthday', 'breed', 'gender', 'name', 'type']);
    expect(fieldsOf(profile, 0)).toEqual([]);
  });

  it('then the shape, then the diet (at least one feed, a brand)', () => {
    expect(fieldsOf(profile, 1)).toEqual(['activity', 'condition', 'sterilized', 'weight']);
    expect(fieldsOf(shape, 1)).toEqual([]);
    expect(fieldsOf(shape, 2)).toEqual(['feeds', 'hasFeature', 'kibbleBrand']);
    expect(fieldsOf(diet, 2)).toEqual([]);
    expect(guideStepErrors({ ...diet, feeds: [] }, 2).fields.feeds).toEqual([{ code: 'min_values', values: { min: 1 } }]);
  });

  it('refuses a cat of 14 kg with the range it must be in', () => {
    expect(guideStepErrors({ ...shape, weight: '14' }, 1).fields.weight).toEqual([{ code: 'weight_range', values: { min: 1, max: 13 } }]);
  });

  it('refuses a dog of 100 kg in the guide (the pet form takes it), and takes one of 99', () => {
    const dog = { ...shape, type: '1' };
    expect(guideStepErrors({ ...dog, weight: '100' }, 1).fields.weight).toEqual([{ code: 'too_big_strict', values: { max: 100 } }]);
    expect(guideStepErrors({ ...dog, weight: '99' }, 1).fields.weight).toBeUndefined();
  });
});
