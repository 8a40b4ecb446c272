/**
 * The kibble guide's steps as its form checks them: the fields each step asks, and the errors of the steps
 * reached (the pet rules of the shop API's request, plus the guide's weights: a cat of 1 to 13 kg, a dog
 * below 100 kg). Later steps' fields are not judged yet: they are still empty.
 */
import '../../../lib/zod/jitless.ts';
import { z } from 'zod/mini';
import { CAT_WEIGHT_KG, DOG_WEIGHT_MAX_KG } from '../../../lib/constants.ts';
import { noErrors, validate, type FormErrors } from '../../../lib/forms/validate.ts';
import { guideWeightAccepted } from '../../../lib/nutrition/kibble-guide.ts';
import { BI_NUTRITION_CAT_MAX_KG } from '../../../lib/nutrition/requests.ts';
import { petSchema, type PetFormValues } from './form.ts';

export type AskedStep = 'profile' | 'shape' | 'diet';
export const ASKED: readonly AskedStep[] = ['profile', 'shape', 'diet'];

/** The fields each step asks (the request's names: an age's years and months belong to the birthday). */
const STEP_FIELDS: Record<AskedStep, readonly string[]> = {
  profile: ['type', 'name', 'gender', 'breed', 'crossbreed', 'birthday', 'ageYears', 'ageMonths'],
  shape: ['weight', 'sterilized', 'condition', 'activity'],
  diet: ['hasFeature', 'feature', 'feeds', 'kibbleBrand', 'oldKibbleBrand', 'onlyOurFood', 'photo'],
};

/**
 * The errors of the steps up to `step`: the pet's rules (the shop API's request schema), and the guide's
 * weights: the kibble guide's (a cat of 1 to 13 kg, a dog below 100 kg) or, for a cat of the bi-nutrition
 * guides, above 0 and below 13 kg. Later steps' fields are not judged yet: they are still empty.
 */
export function guideStepErrors(values: PetFormValues, step: number, guide: 'kibble' | 'biNutrition' = 'kibble'): FormErrors {
  const asked = ASKED.slice(0, step + 1).flatMap((s) => STEP_FIELDS[s]);
  const result = validate(petSchema(), values);
  const errors = noErrors();
  if (!result.success)
    for (const [field, list] of Object.entries(result.errors.fields))
      if (asked.includes(field.split('.')[0]!)) errors.fields[field.startsWith('age') ? 'birthday' : field] = list;
  const kg = Number(values.weight.replace(',', '.'));
  const cat = values.type === '2';
  if (step < 1 || values.weight.trim() === '' || errors.fields.weight) return errors;
  if (guide === 'biNutrition' && cat) {
    if (!(kg < BI_NUTRITION_CAT_MAX_KG)) errors.fields.weight = [{ code: 'too_big_strict', values: { max: BI_NUTRITION_CAT_MAX_KG } }];
  } else if (!guideWeightAccepted(cat ? 'cat' : 'dog', kg))
    errors.fields.weight = cat
      ? [{ code: 'weight_range', values: { ...CAT_WEIGHT_KG } }]
      : [{ code: 'too_big_strict', values: { max: DOG_WEIGHT_MAX_KG } }];
  return errors;
}

/** A step's schema for the form controller: its errors as issues carrying their message keys. */
export const stepSchema = (step: number, guide: 'kibble' | 'biNutrition' = 'kibble') =>
  z.custom<PetFormValues>().check(
    z.superRefine((values, ctx) => {
      for (const [field, list] of Object.entries(guideStepErrors(values, step, guide).fields))
        for (const error of list) ctx.addIssue({ code: 'custom', path: field.split('.'), message: error.code, params: error.values });
    }),
  );
