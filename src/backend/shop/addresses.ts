/**
 * The customer's address book: /shop/addresses (own addresses only). `isDefault` is not stored on the
 * address: it is the customer's defaultAddress, so there is always at most one.
 */
import { Hono } from 'hono';
import type { Queryable } from '../db/database.ts';
import { iri, SHOP_API_PREFIX, type Address } from '../../lib/shop/wire.ts';
import { notFound, refuse } from './errors.ts';
import { idParam, ld, noContent, parseBody, type ShopContext, type ShopDeps, type ShopEnv } from './http.ts';
import { requireCustomer } from './tokens.ts';
import { addressBody, MAX_ADDRESSES, phoneE164, type AddressBody } from './validation.ts';

interface AddressRow {
  id: number; company: string | null; first_name: string; last_name: string; country_code: string; province_code: string | null;
  province_name: string | null; street: string; street2: string | null; city: string; postcode: string; phone_number: string;
  phone_number2: string | null; alias: string | null; delivery_instructions: string | null; is_default: boolean;
}

const SELECT = `SELECT a.id, a.company, a.first_name, a.last_name, a.country_code, a.province_code, a.province_name, a.street, a.street2,
  a.city, a.postcode, a.phone_number, a.phone_number2, a.alias, a.delivery_instructions, (c.default_address_id = a.id) IS TRUE AS is_default
  FROM shop.addresses a JOIN shop.customers c ON c.id = a.customer_id`;

const addressJson = (r: AddressRow): Address & { '@context'?: string } => ({
  '@id': iri.address(r.id), '@type': 'Address', id: r.id, company: r.company, firstName: r.first_name, lastName: r.last_name,
  countryCode: r.country_code, provinceCode: r.province_code, provinceName: r.province_name, street: r.street, street2: r.street2,
  city: r.city, postcode: r.postcode, phoneNumber: r.phone_number, phoneNumber2: r.phone_number2, alias: r.alias,
  deliveryInstructions: r.delivery_instructions, isDefault: r.is_default,
});

/** Column values of a validated body; phones in international form (E.164). */
const columns = (a: AddressBody) => [
  a.company, a.firstName, a.lastName, a.countryCode, a.provinceCode, a.provinceName, a.street, a.street2, a.city, a.postcode,
  phoneE164(a.phoneNumber, a.countryCode) ?? a.phoneNumber, a.phoneNumber2 && (phoneE164(a.phoneNumber2, a.countryCode) ?? a.phoneNumber2),
  a.alias, a.deliveryInstructions,
];

async function findAddress(q: Queryable, id: number, customerId: number): Promise<AddressRow | null> {
  const [row] = await q.query<AddressRow>(`${SELECT} WHERE a.id = $1 AND a.customer_id = $2`, [id, customerId]);
  return row ?? null;
}

async function setDefault(q: Queryable, customerId: number, addressId: number, isDefault: boolean): Promise<void> {
  if (isDefault) await q.query('UPDATE shop.customers SET default_address_id = $2 WHERE id = $1', [customerId, addressId]);
  else await q.query('UPDATE shop.customers SET default_address_id = NULL WHERE id = $1 AND default_address_id = $2', [customerId, addressId]);
}

export function addressRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();
  const bodyOf = (c: ShopContext) => parseBody(c, addressBody(c.get('channel').countries));

  app.get('/addresses', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const rows = await db.query<AddressRow>(`${SELECT} WHERE a.customer_id = $1 ORDER BY a.id`, [customerId]);
    return ld(c, {
      '@context': '/api/v2/contexts/Address', '@id': `${SHOP_API_PREFIX}/addresses`, '@type': 'hydra:Collection',
      'hydra:member': rows.map(addressJson), 'hydra:totalItems': rows.length,
    });
  });

  app.post('/addresses', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const body = await bodyOf(c);
    const id = await db.transaction(async (tx) => {
      // Serialises the customer's address writes, so the limit holds under parallel calls.
      await tx.query('SELECT id FROM shop.customers WHERE id = $1 FOR NO KEY UPDATE', [customerId]);
      const [{ count }] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM shop.addresses WHERE customer_id = $1', [customerId]) as [{ count: number }];
      if (count >= MAX_ADDRESSES) throw refuse(c.get('lang'), { path: '', code: 'ADDRESS_LIMIT', params: { max: MAX_ADDRESSES } });
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO shop.addresses (customer_id, company, first_name, last_name, country_code, province_code, province_name, street, street2,
           city, postcode, phone_number, phone_number2, alias, delivery_instructions, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::timestamptz) RETURNING id`,
        [customerId, ...columns(body), deps.clock().toISOString()]);
      if (body.isDefault) await setDefault(tx, customerId, row!.id, true);
      return row!.id;
    });
    return ld(c, { '@context': '/api/v2/contexts/Address', ...addressJson((await findAddress(db, id, customerId))!) }, 201);
  });

  app.get('/addresses/:id', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const address = await findAddress(db, idParam(c), customerId);
    if (!address) throw notFound();
    return ld(c, { '@context': '/api/v2/contexts/Address', ...addressJson(address) });
  });

  app.put('/addresses/:id', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const id = idParam(c);
    if (!(await findAddress(db, id, customerId))) throw notFound();
    const body = await bodyOf(c);
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE shop.addresses SET company = $3, first_name = $4, last_name = $5, country_code = $6, province_code = $7, province_name = $8,
           street = $9, street2 = $10, city = $11, postcode = $12, phone_number = $13, phone_number2 = $14, alias = $15, delivery_instructions = $16
         WHERE id = $1 AND customer_id = $2`,
        [id, customerId, ...columns(body)]);
      await setDefault(tx, customerId, id, body.isDefault);
    });
    return ld(c, { '@context': '/api/v2/contexts/Address', ...addressJson((await findAddress(db, id, customerId))!) });
  });

  app.delete('/addresses/:id', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const deleted = await db.query('DELETE FROM shop.addresses WHERE id = $1 AND customer_id = $2 RETURNING id', [idParam(c), customerId]);
    if (!deleted.length) throw notFound();
    return noContent(c);
  });

  return app;
}
