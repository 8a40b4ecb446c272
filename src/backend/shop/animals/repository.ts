/** The SQL of the pets (shop.animals), their breeds (shop.animal_breeds) and the reasons of deletions. */
import type { Queryable } from '../../db/database.ts';
import type { AnimalRequest } from '../../../lib/shop-api/requests/animals.ts';
import type { Species } from '../../../lib/pets/profile.ts';

/** Whose pets a call reaches: a customer's, or a guest's (by the token their browser keeps). */
export type Owner = { customerId: number } | { guestToken: string };

export interface BreedRow {
  id: number;
  species: Species;
  code: string;
  name_fr: string;
  name_nl: string;
  adult_weight_kg: string | number;
}

export interface AnimalRow {
  id: number;
  customer_id: number | null;
  guest_token: string | null;
  species: Species;
  gender: 'male' | 'female';
  name: string;
  breed_id: number | null;
  breed_name_fr: string | null;
  breed_name_nl: string | null;
  breed_adult_weight_kg: string | null;
  crossbreed: boolean;
  birthday: string;
  birthday_in_date: boolean;
  weight_kg: string | number;
  sterilized: boolean;
  condition: string;
  activity: string;
  has_feature: boolean;
  feature: string | null;
  feeds: string[];
  kibble_brand: string;
  old_kibble_brand: string | null;
  only_our_food: boolean;
  photo: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const SELECT = `SELECT a.*, a.birthday::text AS birthday, b.name_fr AS breed_name_fr, b.name_nl AS breed_name_nl, b.adult_weight_kg AS breed_adult_weight_kg
  FROM shop.animals a LEFT JOIN shop.animal_breeds b ON b.id = a.breed_id`;

const ownerClause = (owner: Owner, index: number) =>
  'customerId' in owner
    ? { sql: `a.customer_id = $${index}`, value: owner.customerId }
    : { sql: `a.guest_token = $${index} AND a.customer_id IS NULL`, value: owner.guestToken };

export async function breeds(q: Queryable, species?: Species): Promise<BreedRow[]> {
  return species
    ? q.query<BreedRow>('SELECT * FROM shop.animal_breeds WHERE species = $1 ORDER BY position', [species])
    : q.query<BreedRow>('SELECT * FROM shop.animal_breeds ORDER BY species DESC, position');
}

export async function findBreed(q: Queryable, id: number): Promise<BreedRow | null> {
  const [row] = await q.query<BreedRow>('SELECT * FROM shop.animal_breeds WHERE id = $1', [id]);
  return row ?? null;
}

export async function findAnimal(q: Queryable, id: number, owner: Owner): Promise<AnimalRow | null> {
  const who = ownerClause(owner, 2);
  const [row] = await q.query<AnimalRow>(`${SELECT} WHERE a.id = $1 AND ${who.sql}`, [id, who.value]);
  return row ?? null;
}

export async function animalsOf(q: Queryable, owner: Owner): Promise<AnimalRow[]> {
  const who = ownerClause(owner, 1);
  return q.query<AnimalRow>(`${SELECT} WHERE ${who.sql} ORDER BY a.id`, [who.value]);
}

/** Serialises an owner's pet writes until the transaction ends (the limit holds under parallel calls); answers how many they have. */
export async function lockAnimals(q: Queryable, owner: Owner): Promise<number> {
  if ('customerId' in owner) await q.query('SELECT id FROM shop.customers WHERE id = $1 FOR NO KEY UPDATE', [owner.customerId]);
  else await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`animals:${owner.guestToken}`]);
  const who = ownerClause(owner, 1);
  const [row] = await q.query<{ count: number }>(`SELECT count(*)::int AS count FROM shop.animals a WHERE ${who.sql}`, [who.value]);
  return row!.count;
}

const columns = (a: AnimalRequest) => [
  a.species,
  a.gender,
  a.name,
  a.breed,
  a.crossbreed,
  a.birthday,
  a.birthdayInDate,
  a.weight,
  a.sterilized,
  a.condition,
  a.activity,
  a.hasFeature,
  a.feature,
  a.feeds,
  a.kibbleBrand,
  a.oldKibbleBrand,
  a.onlyOurFood,
  a.photo,
];

export async function addAnimal(q: Queryable, owner: Owner, a: AnimalRequest, now: Date): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO shop.animals (customer_id, guest_token, species, gender, name, breed_id, crossbreed, birthday, birthday_in_date, weight_kg,
       sterilized, condition, activity, has_feature, feature, feeds, kibble_brand, old_kibble_brand, only_our_food, photo, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, $13, $14, $15, $16::text[], $17, $18, $19, $20, $21::timestamptz, $21::timestamptz)
     RETURNING id`,
    ['customerId' in owner ? owner.customerId : null, 'guestToken' in owner ? owner.guestToken : null, ...columns(a), now.toISOString()],
  );
  return row!.id;
}

export async function updateAnimal(q: Queryable, id: number, a: AnimalRequest, now: Date): Promise<void> {
  await q.query(
    `UPDATE shop.animals SET species = $2, gender = $3, name = $4, breed_id = $5, crossbreed = $6, birthday = $7::date, birthday_in_date = $8,
       weight_kg = $9, sterilized = $10, condition = $11, activity = $12, has_feature = $13, feature = $14, feeds = $15::text[],
       kibble_brand = $16, old_kibble_brand = $17, only_our_food = $18, photo = $19, updated_at = $20::timestamptz
     WHERE id = $1`,
    [id, ...columns(a), now.toISOString()],
  );
}

/** Deletes the pet and keeps why (without the pet's data). */
export async function removeAnimal(
  q: Queryable,
  animal: AnimalRow,
  reason: { reason: string; message: string | null },
  now: Date,
): Promise<void> {
  await q.query('DELETE FROM shop.animals WHERE id = $1', [animal.id]);
  await q.query(
    'INSERT INTO shop.animal_deletions (customer_id, species, reason, message, deleted_at) VALUES ($1, $2, $3, $4, $5::timestamptz)',
    [animal.customer_id, animal.species, reason.reason, reason.message, now.toISOString()],
  );
}

/**
 * Makes a guest's pets the customer's, at sign-in (like the guest's cart): the guest token stops working
 * for them. Pets beyond the customer's limit stay the guest's. Answers how many were attached.
 */
export async function attachGuestAnimals(q: Queryable, customerId: number, guestToken: string, max: number): Promise<number> {
  const room = Math.max(0, max - (await lockAnimals(q, { customerId })));
  const rows = await q.query<{ id: number }>(
    `UPDATE shop.animals SET customer_id = $1, guest_token = NULL
     WHERE id IN (SELECT id FROM shop.animals WHERE guest_token = $2 AND customer_id IS NULL ORDER BY id LIMIT $3) RETURNING id`,
    [customerId, guestToken, room],
  );
  return rows.length;
}
