/**
 * Pets in the shop API: the lists a pet form offers (animal-types, animal-genders, animal-breeds per
 * species, animal-body-conditions, animal-activities) and the caller's animals. A customer reaches only
 * their own pets (anyone else's is a 404); a shopper who is not signed in may create pets for the guide,
 * tied to a guest token the answer carries and the browser keeps (sent back as `?guestToken=`), like a
 * cart's token. At sign-in, POST /animals/attach makes the guest's pets the customer's.
 */
import { Hono } from 'hono';
import { SHOP_API_PREFIX, animalIri } from '../../../lib/shop-api/iri.ts';
import type { Animal } from '../../../lib/shop-api/animals.ts';
import { animalRequest, attachAnimalsRequest, deleteAnimalRequest, MAX_ANIMALS } from '../../../lib/shop-api/requests/animals.ts';
import { today } from '../../../lib/shop-api/requests/dates.ts';
import {
  ACTIVITIES,
  BODY_CONDITIONS,
  GENDER_IDS,
  GENDERS,
  SPECIES,
  SPECIES_IDS,
  type Species,
  speciesOf,
} from '../../../lib/pets/profile.ts';
import { activityLabel, BODY_CONDITION_NAMES, GENDER_NAMES, SPECIES_NAMES } from '../../../lib/pets/labels.ts';
import { ageInMonths } from '../../../lib/pets/age.ts';
import type { Language } from '../../../lib/channels.ts';
import { jwtNotFound, notFound, refuse } from '../shared/errors.ts';
import { ld, noContent, parseBody } from '../shared/request.ts';
import { idParam } from '../shared/ids.ts';
import { randomToken } from '../shared/random.ts';
import type { ShopContext, ShopDeps, ShopEnv } from '../shared/deps.ts';
import { optionalCustomer, requireCustomer } from '../sessions/access.ts';
import {
  addAnimal,
  animalsOf,
  attachGuestAnimals,
  breeds,
  findAnimal,
  findBreed,
  lockAnimals,
  removeAnimal,
  updateAnimal,
  type AnimalRow,
  type BreedRow,
  type Owner,
} from './repository.ts';

const GUEST_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const CONTEXT = '/api/v2/contexts/Animal';

const collectionOf = (path: string, members: object[]) => ({
  '@context': `/api/v2/contexts/${path}`,
  '@id': `${SHOP_API_PREFIX}/${path}`,
  '@type': 'hydra:Collection',
  'hydra:member': members,
  'hydra:totalItems': members.length,
});

const breedJson = (b: BreedRow, lang: Language) => ({
  '@id': animalIri.breed(b.id),
  '@type': 'AnimalBreed' as const,
  id: b.id,
  code: b.code,
  name: lang === 'nl' ? b.name_nl : b.name_fr,
  type: animalIri.type(SPECIES_IDS[b.species]),
  adultWeight: Number(b.adult_weight_kg),
});

const conditionId = (code: string) => BODY_CONDITIONS.find((c) => c.code === code)!.id;
const activityId = (code: string) => ACTIVITIES.find((a) => a.code === code)!.id;

function animalJson(r: AnimalRow, lang: Language, on: string): Animal {
  const months = ageInMonths(r.birthday, on);
  return {
    '@id': animalIri.animal(r.id),
    '@type': 'Animal',
    id: r.id,
    type: animalIri.type(SPECIES_IDS[r.species]),
    gender: animalIri.gender(GENDER_IDS[r.gender]),
    name: r.name,
    breed: r.breed_id === null ? null : animalIri.breed(r.breed_id),
    breedName: lang === 'nl' ? r.breed_name_nl : r.breed_name_fr,
    breedAdultWeight: r.breed_adult_weight_kg === null ? null : Number(r.breed_adult_weight_kg),
    crossbreed: r.crossbreed,
    birthday: r.birthday,
    inDate: r.birthday_in_date,
    ageYears: Math.floor(months / 12),
    ageMonths: months % 12,
    weight: Number(r.weight_kg),
    sterilized: r.sterilized,
    condition: animalIri.condition(conditionId(r.condition)),
    activity: animalIri.activity(activityId(r.activity)),
    hasFeature: r.has_feature,
    feature: r.feature,
    feeds: r.feeds,
    kibbleBrand: r.kibble_brand,
    oldKibbleBrand: r.old_kibble_brand,
    onlyOurFood: r.only_our_food,
    photo: r.photo,
    guestToken: r.guest_token,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The list items (types, genders, conditions, activities) of the pets' forms. */
function lists(lang: Language) {
  return {
    'animal-types': SPECIES.map((s) => ({
      '@id': animalIri.type(SPECIES_IDS[s]),
      '@type': 'AnimalType',
      id: SPECIES_IDS[s],
      code: s,
      name: SPECIES_NAMES[lang][s],
    })),
    'animal-genders': GENDERS.map((g) => ({
      '@id': animalIri.gender(GENDER_IDS[g]),
      '@type': 'AnimalGender',
      id: GENDER_IDS[g],
      code: g,
      name: GENDER_NAMES[lang][g],
    })),
    'animal-body-conditions': BODY_CONDITIONS.map((c) => ({
      '@id': animalIri.condition(c.id),
      '@type': 'AnimalBodyCondition',
      id: c.id,
      code: c.code,
      ...BODY_CONDITION_NAMES[lang][c.code],
    })),
    'animal-activities': ACTIVITIES.map((a) => ({
      '@id': animalIri.activity(a.id),
      '@type': 'AnimalActivity',
      id: a.id,
      code: a.code,
      name: activityLabel(lang, a.code, undefined),
    })),
  };
}

export function animalRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();
  const on = () => today(deps.clock);

  /** The customer when signed in, else the guest of `?guestToken=`, else null. */
  async function ownerOf(c: ShopContext): Promise<Owner | null> {
    const customerId = await optionalCustomer(c, deps);
    if (customerId !== null) return { customerId };
    const guestToken = c.req.query('guestToken');
    return guestToken && GUEST_TOKEN.test(guestToken) ? { guestToken } : null;
  }
  async function requireOwner(c: ShopContext): Promise<Owner> {
    const owner = await ownerOf(c);
    if (!owner) throw jwtNotFound();
    return owner;
  }
  async function ownAnimal(c: ShopContext): Promise<{ owner: Owner; animal: AnimalRow }> {
    const owner = await requireOwner(c);
    const animal = await findAnimal(db, idParam(c), owner);
    if (!animal) throw notFound();
    return { owner, animal };
  }
  /** The body, with a breed of the chosen species. */
  async function animalBody(c: ShopContext) {
    const body = await parseBody(c, animalRequest(deps.clock));
    const breed = await findBreed(db, body.breed);
    if (!breed) throw refuse(c.get('lang'), { path: 'breed', code: 'INVALID_CHOICE' });
    if (breed.species !== body.species) throw refuse(c.get('lang'), { path: 'breed', code: 'BREED_SPECIES_MISMATCH' });
    return body;
  }
  const answer = async (c: ShopContext, id: number, owner: Owner, status: 200 | 201 = 200) =>
    ld(c, { '@context': CONTEXT, ...animalJson((await findAnimal(db, id, owner))!, c.get('lang'), on()) }, status);

  for (const name of ['animal-types', 'animal-genders', 'animal-body-conditions', 'animal-activities'] as const) {
    app.get(`/${name}`, (c) => ld(c, collectionOf(name, lists(c.get('lang'))[name])));
    app.get(`/${name}/:id`, (c) => {
      const id = idParam(c);
      const item = lists(c.get('lang'))[name].find((x) => x.id === id);
      if (!item) throw notFound();
      return ld(c, item);
    });
  }

  /** Breeds of one species with `?type=` (an animal-type IRI or id), else of both. */
  app.get('/animal-breeds', async (c) => {
    const type = c.req.query('type');
    let species: Species | undefined;
    if (type !== undefined) {
      species = speciesOf(type);
      if (!species) throw notFound();
    }
    return ld(
      c,
      collectionOf(
        'animal-breeds',
        (await breeds(db, species)).map((b) => breedJson(b, c.get('lang'))),
      ),
    );
  });
  app.get('/animal-breeds/:id', async (c) => {
    const breed = await findBreed(db, idParam(c));
    if (!breed) throw notFound();
    return ld(c, breedJson(breed, c.get('lang')));
  });

  app.get('/animals', async (c) => {
    const owner = await requireOwner(c);
    const rows = await animalsOf(db, owner);
    return ld(
      c,
      collectionOf(
        'animals',
        rows.map((r) => animalJson(r, c.get('lang'), on())),
      ),
    );
  });

  app.post('/animals', async (c) => {
    // A shopper who is not signed in gets a guest token with their first pet (or keeps the one they send).
    const owner = (await ownerOf(c)) ?? { guestToken: randomToken(24) };
    const body = await animalBody(c);
    const id = await db.transaction(async (tx) => {
      if ((await lockAnimals(tx, owner)) >= MAX_ANIMALS)
        throw refuse(c.get('lang'), { path: '', code: 'ANIMAL_LIMIT', params: { max: MAX_ANIMALS } });
      return addAnimal(tx, owner, body, deps.clock());
    });
    return answer(c, id, owner, 201);
  });

  app.post('/animals/attach', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const { guestToken } = await parseBody(c, attachAnimalsRequest);
    await db.transaction((tx) => attachGuestAnimals(tx, customerId, guestToken, MAX_ANIMALS));
    const rows = await animalsOf(db, { customerId });
    return ld(
      c,
      collectionOf(
        'animals',
        rows.map((r) => animalJson(r, c.get('lang'), on())),
      ),
    );
  });

  app.get('/animals/:id', async (c) => {
    const { animal } = await ownAnimal(c);
    return ld(c, { '@context': CONTEXT, ...animalJson(animal, c.get('lang'), on()) });
  });

  app.put('/animals/:id', async (c) => {
    const { owner, animal } = await ownAnimal(c);
    const body = await animalBody(c);
    await updateAnimal(db, animal.id, body, deps.clock());
    return answer(c, animal.id, owner);
  });

  app.delete('/animals/:id', async (c) => {
    const { animal } = await ownAnimal(c);
    const reason = await parseBody(c, deleteAnimalRequest);
    await db.transaction((tx) => removeAnimal(tx, animal, reason, deps.clock()));
    return noContent(c);
  });

  return app;
}
