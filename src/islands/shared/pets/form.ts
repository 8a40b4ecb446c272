/**
 * The pet form's values as the controls hold them (choices as strings, yes/no as 'yes' | 'no', the weight
 * as typed) and its schema: the values turned into the body of POST/PUT /shop/animals, checked by that
 * request's own schema, so the form and the shop API refuse the same things with the same codes.
 */
import '../../../lib/zod/jitless.ts';
import { z } from 'zod/mini';
import { emptyBirthday, type BirthdayValue } from '../../../lib/forms/birthday.ts';
import type { AnimalInput, Animal } from '../../../lib/shop-api/animals.ts';
import { animalRequest } from '../../../lib/shop-api/requests/animals.ts';
import type { Clock } from '../../../lib/shop-api/requests/dates.ts';

type YesNo = '' | 'yes' | 'no';
export interface PetFormValues {
  type: string;
  gender: string;
  name: string;
  breed: string;
  crossbreed: boolean;
  birthday: BirthdayValue;
  weight: string;
  sterilized: YesNo;
  condition: string;
  activity: string;
  hasFeature: YesNo;
  feature: string;
  feeds: string[];
  kibbleBrand: string;
  oldKibbleBrand: string;
  onlyOurFood: boolean;
  photo: string | null;
}

export const PET_FIELDS = [
  'type',
  'gender',
  'name',
  'breed',
  'crossbreed',
  'birthday',
  'weight',
  'sterilized',
  'condition',
  'activity',
  'hasFeature',
  'feature',
  'feeds',
  'kibbleBrand',
  'oldKibbleBrand',
  'onlyOurFood',
  'photo',
] as const;

/** The id at the end of an IRI (`/api/v2/shop/animal-types/2` → '2'). */
export const idOf = (iri: string | null | undefined): string => /(\d+)$/.exec(iri ?? '')?.[1] ?? '';

export const emptyPet = (type = ''): PetFormValues => ({
  type,
  gender: '',
  name: '',
  breed: '',
  crossbreed: false,
  birthday: emptyBirthday(true),
  weight: '',
  sterilized: '',
  condition: '',
  activity: '',
  hasFeature: '',
  feature: '',
  feeds: [],
  kibbleBrand: '',
  oldKibbleBrand: '',
  onlyOurFood: false,
  photo: null,
});

const yesNo = (value: boolean): YesNo => (value ? 'yes' : 'no');

export const petValues = (animal: Animal): PetFormValues => ({
  type: idOf(animal.type),
  gender: idOf(animal.gender),
  name: animal.name,
  breed: animal.breed ?? '',
  crossbreed: animal.crossbreed,
  birthday: animal.inDate
    ? { ...emptyBirthday(true), birthday: animal.birthday.slice(0, 10) }
    : { birthday: null, birthday_years: animal.ageYears, birthday_months: animal.ageMonths, in_date: false },
  // French and Belgian Dutch both write a decimal comma, as the shopper typed it.
  weight: String(animal.weight).replace('.', ','),
  sterilized: yesNo(animal.sterilized),
  condition: idOf(animal.condition),
  activity: idOf(animal.activity),
  hasFeature: yesNo(animal.hasFeature),
  feature: animal.feature ?? '',
  feeds: animal.feeds,
  kibbleBrand: animal.kibbleBrand,
  oldKibbleBrand: animal.oldKibbleBrand ?? '',
  onlyOurFood: animal.onlyOurFood,
  photo: animal.photo,
});

const blank = (text: string) => (text.trim() === '' ? undefined : text);
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));
const flag = (value: YesNo) => (value === '' ? undefined : value === 'yes');

/** The request's body from the form (empty choices left out, so the request says they are required). */
export function petInput(values: PetFormValues): AnimalInput {
  const age = !values.birthday.in_date;
  return {
    type: blank(values.type),
    gender: blank(values.gender),
    name: values.name,
    breed: blank(values.breed),
    crossbreed: values.crossbreed,
    birthday: age ? null : values.birthday.birthday,
    ageYears: age ? values.birthday.birthday_years : null,
    ageMonths: age ? values.birthday.birthday_months : null,
    weight: numberOf(values.weight),
    sterilized: flag(values.sterilized),
    condition: blank(values.condition),
    activity: blank(values.activity),
    hasFeature: flag(values.hasFeature),
    feature: values.hasFeature === 'yes' ? blank(values.feature) : null,
    feeds: values.feeds,
    kibbleBrand: values.kibbleBrand,
    oldKibbleBrand: values.oldKibbleBrand,
    onlyOurFood: values.onlyOurFood,
    photo: values.photo,
  } as AnimalInput;
}

/** The form's schema: the request's, over the values turned into its body. */
export const petSchema = (clock?: Clock) =>
  z.pipe(
    z.transform((values: unknown) => petInput(values as PetFormValues)),
    animalRequest(clock),
  );
