/**
 * The bi-nutrition guides' Profile step: a cat weighs below 13 kg there (the kibble guide accepts 13 kg);
 * the saved pet's own rule (1 to 13 kg for a cat, the shop API's) still holds.
 */
import { describe, expect, it } from 'vitest';
import { emptyPet, type PetFormValues } from '../../../../src/islands/shared/pets/form.ts';
import { guideStepErrors } from '../../../../src/islands/shared/pets/guide-steps.ts';

const cat: PetFormValues = {
  ...emptyPet('2'),
  name: 'Caramel',
  gender: '2',
  breed: '/api/v2/shop/animal-breeds/101',
  birthday: { birthday: '2026-08-01', birthday_years: null, birthday_months: null, in_date: true },
  sterilized: 'no',
  condition: '3',
  activity: '2',
  hasFeature: 'no',
  feeds: ['kibble'],
  kibbleBrand: 'Croquettes du coin',
};
const weightErrors = (weight: string, guide: 'kibble' | 'biNutrition') => guideStepErrors({ ...cat, weight }, 2, guide).fields.weight;

describe('the bi-nutrition profile’s weight', () => {
  it('accepts a cat just below 13 kg; below 1 kg the saved pet’s rule refuses it in both guides', () => {
    expect(weightErrors('12,9', 'biNutrition')).toBeUndefined();
    expect(weightErrors('1', 'biNutrition')).toBeUndefined();
    expect(weightErrors('0,8', 'biNutrition')).toEqual([{ code: 'weight_range', values: { min: 1, max: 13 } }]);
    expect(weightErrors('0,8', 'kibble')).toEqual([{ code: 'weight_range', values: { min: 1, max: 13 } }]);
  });
  it('refuses 13 kg and more, in the words of a strict maximum', () => {
    expect(weightErrors('13', 'biNutrition')).toEqual([{ code: 'too_big_strict', values: { max: 13 } }]);
    expect(weightErrors('14', 'biNutrition')).toEqual([{ code: 'weight_range', values: { min: 1, max: 13 } }]);
    expect(weightErrors('13', 'kibble')).toBeUndefined();
  });
});
