/** The SQL of the address book (shop.addresses; the default is the customer's default_address_id). */
import type { Queryable } from '../../db/database.ts';
import { phoneE164, type AddressRequest } from '../../../lib/shop-api/requests/addresses.ts';

export interface AddressRow {
  id: number;
  company: string | null;
  first_name: string;
  last_name: string;
  country_code: string;
  province_code: string | null;
  province_name: string | null;
  street: string;
  street2: string | null;
  city: string;
  postcode: string;
  phone_number: string;
  phone_number2: string | null;
  alias: string | null;
  delivery_instructions: string | null;
  is_default: boolean;
}

const SELECT = `SELECT a.id, a.company, a.first_name, a.last_name, a.country_code, a.province_code, a.province_name, a.street, a.street2,
  a.city, a.postcode, a.phone_number, a.phone_number2, a.alias, a.delivery_instructions, (c.default_address_id = a.id) IS TRUE AS is_default
  FROM shop.addresses a JOIN shop.customers c ON c.id = a.customer_id`;

/** Column values of a validated body; phones in international form (E.164). */
const columns = (a: AddressRequest) => [
  a.company,
  a.firstName,
  a.lastName,
  a.countryCode,
  a.provinceCode,
  a.provinceName,
  a.street,
  a.street2,
  a.city,
  a.postcode,
  phoneE164(a.phoneNumber, a.countryCode) ?? a.phoneNumber,
  a.phoneNumber2 && (phoneE164(a.phoneNumber2, a.countryCode) ?? a.phoneNumber2),
  a.alias,
  a.deliveryInstructions,
];

export async function findAddress(q: Queryable, id: number, customerId: number): Promise<AddressRow | null> {
  const [row] = await q.query<AddressRow>(`${SELECT} WHERE a.id = $1 AND a.customer_id = $2`, [id, customerId]);
  return row ?? null;
}

async function setDefault(q: Queryable, customerId: number, addressId: number, isDefault: boolean): Promise<void> {
  if (isDefault) await q.query('UPDATE shop.customers SET default_address_id = $2 WHERE id = $1', [customerId, addressId]);
  else
    await q.query('UPDATE shop.customers SET default_address_id = NULL WHERE id = $1 AND default_address_id = $2', [customerId, addressId]);
}

export async function addressesOf(q: Queryable, customerId: number): Promise<AddressRow[]> {
  return q.query<AddressRow>(`${SELECT} WHERE a.customer_id = $1 ORDER BY a.id`, [customerId]);
}

/**
 * Serialises the customer's address writes until the transaction ends, so the limit holds under parallel
 * calls; answers how many addresses they have.
 */
export async function lockAddressBook(q: Queryable, customerId: number): Promise<number> {
  await q.query('SELECT id FROM shop.customers WHERE id = $1 FOR NO KEY UPDATE', [customerId]);
  const [row] = await q.query<{ count: number }>('SELECT count(*)::int AS count FROM shop.addresses WHERE customer_id = $1', [customerId]);
  return row!.count;
}

export async function addAddress(q: Queryable, customerId: number, address: AddressRequest, now: Date): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO shop.addresses (customer_id, company, first_name, last_name, country_code, province_code, province_name, street, street2,
       city, postcode, phone_number, phone_number2, alias, delivery_instructions, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::timestamptz) RETURNING id`,
    [customerId, ...columns(address), now.toISOString()],
  );
  if (address.isDefault) await setDefault(q, customerId, row!.id, true);
  return row!.id;
}

export async function updateAddress(q: Queryable, customerId: number, id: number, address: AddressRequest): Promise<void> {
  await q.query(
    `UPDATE shop.addresses SET company = $3, first_name = $4, last_name = $5, country_code = $6, province_code = $7, province_name = $8,
       street = $9, street2 = $10, city = $11, postcode = $12, phone_number = $13, phone_number2 = $14, alias = $15, delivery_instructions = $16
     WHERE id = $1 AND customer_id = $2`,
    [id, customerId, ...columns(address)],
  );
  await setDefault(q, customerId, id, address.isDefault);
}

/** Whether there was such an address of theirs to remove. */
export async function removeAddress(q: Queryable, customerId: number, id: number): Promise<boolean> {
  return (await q.query('DELETE FROM shop.addresses WHERE id = $1 AND customer_id = $2 RETURNING id', [id, customerId])).length > 0;
}
