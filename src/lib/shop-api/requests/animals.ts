/**
 * POST/PUT /shop/animals: a pet profile with every field the guides and the account ask. Types, genders,
 * breeds, body conditions and activities are IRIs of the shop's lists; the birthday is a date or an age in
 * years and months; the weight is in kg, a cat's 1 to 13, a dog's above 0 and up to 100; at least one feed;
 * a particularity is named when its toggle says yes. The pet forms build on these fields.
 */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import { CAT_WEIGHT_KG, DOG_WEIGHT_MAX_KG } from '../../constants.ts';
import { ACTIVITIES, BODY_CONDITIONS, DELETE_REASONS, FEATURE_CODES, FEEDS, GENDER_IDS, SPECIES_IDS } from '../../pets/profile.ts';
import { animalIri } from '../iri.ts';
import { dateFromAge, systemClock, type Clock } from './dates.ts';
import { always, because, birthDate, blankToNull, plainText, reference, withoutEmoji } from './fields.ts';

/** A customer (or a guest) keeps at most this many pets. */
export const MAX_ANIMALS = 20;
/** Longest kibble brand, name and deletion message kept. */
const ANIMAL_TEXT_LIMITS = { name: 255, brand: 255, message: 1000, photo: 2048 } as const;

/** The largest id of a database row (PostgreSQL's integer): a larger one would make the lookup fail, not miss. */
const MAX_ROW_ID = 2_147_483_647;

/**
 * An IRI of one of `prefix`'s items (or its bare id) as the item's id. With no `ids` (a list only the
 * platform's database holds) any id a row can have passes, and anything else (not a number, zero, beyond
 * PostgreSQL's integer) is refused here: it would otherwise reach the database's lookup and fail there.
 */
const iriOf = (prefix: keyof typeof animalIri, ids: readonly number[]) =>
  z.pipe(
    reference,
    z
      .transform((text: string) => {
        const match = new RegExp(`^(?:${animalIri[prefix](0).slice(0, -1).replaceAll('/', '\\/')})?(\\d{1,10})$`).exec(text);
        return match ? Number(match[1]) : Number.NaN;
      })
      .check(
        z.refine(
          (id) => (ids.length === 0 ? Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID : ids.includes(id)),
          because('invalid', 'INVALID_CHOICE'),
        ),
      ),
  );

const line = (max: number) => withoutEmoji(plainText(z.string().check(z.trim(), z.minLength(1), z.maxLength(max))));
const optionalLine = (max: number) =>
  z.pipe(
    z.pipe(
      z.transform((value: string | null | undefined) => blankToNull(value)),
      z.nullish(plainText(z.string().check(z.trim(), z.maxLength(max)))),
    ),
    z.transform((t) => t ?? null),
  );
const age = z.int().check(z.gte(0), z.lte(40));

const animalFields = (clock: Clock = systemClock) => ({
  type: iriOf('type', Object.values(SPECIES_IDS)),
  gender: iriOf('gender', Object.values(GENDER_IDS)),
  name: line(ANIMAL_TEXT_LIMITS.name),
  /** Any breed IRI here; that it is a breed of the species is the platform's check (the list is in its database). */
  breed: iriOf('breed', []),
  crossbreed: z._default(z.boolean(), false),
  /** The birthday as a date, or null when the age is given instead. */
  birthday: birthDate(clock),
  ageYears: z.nullish(age),
  ageMonths: z.nullish(age.check(z.lte(11))),
  weight: z
    .number()
    .check(
      z.refine((kg) => kg > 0 && kg <= DOG_WEIGHT_MAX_KG, because('weight_range', 'OUT_OF_RANGE', { min: 0, max: DOG_WEIGHT_MAX_KG })),
    ),
  sterilized: z.boolean(),
  condition: iriOf(
    'condition',
    BODY_CONDITIONS.map((c) => c.id),
  ),
  activity: iriOf(
    'activity',
    ACTIVITIES.map((a) => a.id),
  ),
  /** The yes/no toggle of the particularity or main pathology, and which one. */
  hasFeature: z.boolean(),
  feature: z.nullish(z.enum(FEATURE_CODES)),
  feeds: z.array(z.enum(FEEDS)).check(
    z.maxLength(FEEDS.length),
    z.refine((feeds) => feeds.length >= 1, because('min_values', 'TOO_FEW_CHOICES', { min: 1 })),
  ),
  kibbleBrand: line(ANIMAL_TEXT_LIMITS.brand),
  oldKibbleBrand: optionalLine(ANIMAL_TEXT_LIMITS.brand),
  /** The pet has only ever eaten the shop's food. */
  onlyOurFood: z._default(z.boolean(), false),
  /** The photo's URL (the media service's), or none. */
  photo: z.pipe(
    z.pipe(
      z.transform((value: string | null | undefined) => blankToNull(value)),
      z.nullish(z.url({ protocol: /^https?$/ }).check(z.maxLength(ANIMAL_TEXT_LIMITS.photo))),
    ),
    z.transform((t) => t ?? null),
  ),
});

const speciesOfId = (id: number) => (id === SPECIES_IDS.cat ? 'cat' : 'dog');

/** POST/PUT /shop/animals: the fields, then the rules between them. */
export const animalRequest = (clock: Clock = systemClock) =>
  z.pipe(
    z.object(animalFields(clock)).check(
      z.superRefine((a, ctx) => {
        if (typeof a !== 'object' || a === null) return;
        // A cat weighs 1 to 13 kg; a dog more than 0 and up to 100 (the field's own rule).
        if (speciesOfId(a.type) === 'cat' && typeof a.weight === 'number' && (a.weight < CAT_WEIGHT_KG.min || a.weight > CAT_WEIGHT_KG.max))
          ctx.addIssue({ code: 'custom', path: ['weight'], ...because('weight_range', 'OUT_OF_RANGE', { ...CAT_WEIGHT_KG }) });
        // The birthday: a date, or an age in years and months (at least one of them).
        if (!a.birthday && a.ageYears == null && a.ageMonths == null)
          ctx.addIssue({ code: 'custom', path: ['birthday'], ...because('required', 'NOT_BLANK') });
        if (a.hasFeature === true && !a.feature) ctx.addIssue({ code: 'custom', path: ['feature'], ...because('required', 'NOT_BLANK') });
      }, always),
    ),
    z.transform((a) => ({
      ...a,
      species: speciesOfId(a.type),
      gender: a.gender === GENDER_IDS.female ? ('female' as const) : ('male' as const),
      birthdayInDate: Boolean(a.birthday),
      birthday: a.birthday ?? dateFromAge(a.ageYears ?? 0, a.ageMonths ?? 0, clock),
      condition: BODY_CONDITIONS.find((c) => c.id === a.condition)!.code,
      activity: ACTIVITIES.find((x) => x.id === a.activity)!.code,
      feature: a.hasFeature ? (a.feature ?? null) : null,
    })),
  );
export type AnimalRequest = z.output<ReturnType<typeof animalRequest>>;

/** DELETE /shop/animals/{id}: why (the question asked first), and a few words when "other". */
export const deleteAnimalRequest = z.object({
  reason: z.pipe(z.string().check(z.minLength(1)), z.enum(DELETE_REASONS)),
  message: optionalLine(ANIMAL_TEXT_LIMITS.message),
});

/** POST /shop/animals/attach: the guest token the browser kept, to make its pets the signed-in customer's. */
export const attachAnimalsRequest = z.object({ guestToken: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)) });
