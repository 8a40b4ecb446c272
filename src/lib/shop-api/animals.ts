/**
 * Pets (/shop/animals): a signed-in customer's, or a guest's. The pet and the breeds as the API answers
 * them, and the calls. The request's rules (a pet profile with every field the guides and the account ask)
 * are in requests/animals.ts; the IRIs of the pets' lists in ./iri.ts.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { collection, type HttpClient } from './http.ts';
import { animalIri, SHOP_API_PREFIX } from './iri.ts';
import { createMediaClient } from './media.ts';
import type { animalRequest, deleteAnimalRequest } from './requests/animals.ts';

// The calls' argument types are the request schemas' inputs: a field added there is one edit.
/** Body of POST/PUT /shop/animals (the birthday as a date, or ageYears and ageMonths). */
export type AnimalInput = z.input<ReturnType<typeof animalRequest>>;
export type AnimalDeletion = z.input<typeof deleteAnimalRequest>;

/** An item of the pets' lists (animal types, genders, body conditions, activities), named in the request's language. */
const animalListItem = <T extends string>(type: T) =>
  z.object({ '@id': z.string(), '@type': z.literal(type), id: z.int(), code: z.string(), name: z.string() });
export const animalBreed = z.extend(animalListItem('AnimalBreed'), {
  /** The species' IRI (animal-types/1 dog, /2 cat). */
  type: z.string(),
  /** Typical adult weight (kg): a puppy's growth stage is read from it. */
  adultWeight: z.number(),
});
export type AnimalBreed = z.infer<typeof animalBreed>;

/**
 * A pet (GET /shop/animals/{id}): the IRIs of its type, gender, breed, body condition and activity, its
 * birthday (and whether it was typed as a date or as an age, with that age today), weight in kg, the
 * particularity toggle and which one, feeds, brands and photo URL. A guest's pet carries the guest token
 * its browser keeps (null once it belongs to a customer).
 */
export const animal = z.object({
  '@id': z.string(),
  '@type': z.literal('Animal'),
  id: z.int(),
  type: z.string(),
  gender: z.string(),
  name: z.string(),
  breed: z.nullable(z.string()),
  breedName: z.nullable(z.string()),
  /** The breed's typical adult weight (kg): a puppy's growth is read from it. */
  breedAdultWeight: z.nullable(z.number()),
  crossbreed: z.boolean(),
  birthday: z.string(),
  inDate: z.boolean(),
  ageYears: z.int(),
  ageMonths: z.int(),
  weight: z.number(),
  sterilized: z.boolean(),
  condition: z.string(),
  activity: z.string(),
  hasFeature: z.boolean(),
  feature: z.nullable(z.string()),
  feeds: z.array(z.string()),
  kibbleBrand: z.string(),
  oldKibbleBrand: z.nullable(z.string()),
  onlyOurFood: z.boolean(),
  photo: z.nullable(z.string()),
  guestToken: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Animal = z.infer<typeof animal>;

const animalsPath = `${SHOP_API_PREFIX}/animals`;
const animalPath = (idOrIri: number | string) => (typeof idOrIri === 'number' ? animalIri.animal(idOrIri) : idOrIri);

/**
 * The pets: a signed-in customer's, or a guest's by the guest token the first created pet carries (kept
 * by the browser like a cart token, sent while not signed in, and given to `attachAnimals` after sign-in);
 * and the upload authentication of a pet's photo (./media.ts).
 */
export function createAnimalsClient(http: HttpClient) {
  const guest = (guestToken?: string | null) => (guestToken ? { guestToken } : undefined);
  return {
    listBreeds: async (typeId: 1 | 2) =>
      (await http.get(`${SHOP_API_PREFIX}/animal-breeds`, { query: { type: typeId }, schema: collection(animalBreed), auth: false }))[
        'hydra:member'
      ],
    listAnimals: async (guestToken?: string | null): Promise<Animal[]> =>
      (await http.get(animalsPath, { query: guest(guestToken), schema: collection(animal) }))['hydra:member'],
    createAnimal: (body: AnimalInput, guestToken?: string | null) =>
      http.post(animalsPath, { body, query: guest(guestToken), schema: animal }),
    getAnimal: (idOrIri: number | string, guestToken?: string | null) =>
      http.get(animalPath(idOrIri), { query: guest(guestToken), schema: animal }),
    updateAnimal: (idOrIri: number | string, body: AnimalInput, guestToken?: string | null) =>
      http.put(animalPath(idOrIri), { body, query: guest(guestToken), schema: animal }),
    /** DELETE with the reason asked first. */
    deleteAnimal: (idOrIri: number | string, deletion: AnimalDeletion, guestToken?: string | null) =>
      http.delete(animalPath(idOrIri), { body: deletion, query: guest(guestToken) }),
    /** After sign-in: the guest's pets become the customer's; answers all of the customer's pets. */
    attachAnimals: async (guestToken: string): Promise<Animal[]> =>
      (await http.post(`${animalsPath}/attach`, { body: { guestToken }, schema: collection(animal) }))['hydra:member'],
    ...createMediaClient(http),
  };
}
export type AnimalsClient = ReturnType<typeof createAnimalsClient>;
