/**
 * The customer's address book: /shop/addresses (own addresses only). `isDefault` is not stored on the
 * address: it is the customer's defaultAddress, so there is always at most one.
 */
import { Hono } from 'hono';
import { iri, SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import type { Address } from '../../../lib/shop-api/addresses.ts';
import { notFound, refuse } from '../shared/errors.ts';
import { ld, noContent, parseBody } from '../shared/request.ts';
import { idParam } from '../shared/ids.ts';
import type { ShopContext, ShopDeps, ShopEnv } from '../shared/deps.ts';
import { addressRequest, MAX_ADDRESSES } from '../../../lib/shop-api/requests/addresses.ts';
import { requireCustomer } from '../sessions/access.ts';
import { addAddress, addressesOf, findAddress, lockAddressBook, removeAddress, updateAddress, type AddressRow } from './repository.ts';

const addressJson = (r: AddressRow): Address & { '@context'?: string } => ({
  '@id': iri.address(r.id),
  '@type': 'Address',
  id: r.id,
  company: r.company,
  firstName: r.first_name,
  lastName: r.last_name,
  countryCode: r.country_code,
  provinceCode: r.province_code,
  provinceName: r.province_name,
  street: r.street,
  street2: r.street2,
  city: r.city,
  postcode: r.postcode,
  phoneNumber: r.phone_number,
  phoneNumber2: r.phone_number2,
  alias: r.alias,
  deliveryInstructions: r.delivery_instructions,
  isDefault: r.is_default,
});

const CONTEXT = '/api/v2/contexts/Address';

export function addressRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();
  const bodyOf = (c: ShopContext) => parseBody(c, addressRequest);
  const answer = async (c: ShopContext, customerId: number, id: number, status: 200 | 201 = 200) =>
    ld(c, { '@context': CONTEXT, ...addressJson((await findAddress(db, id, customerId))!) }, status);

  app.get('/addresses', async (c) => {
    const rows = await addressesOf(db, await requireCustomer(c, deps));
    return ld(c, {
      '@context': CONTEXT,
      '@id': `${SHOP_API_PREFIX}/addresses`,
      '@type': 'hydra:Collection',
      'hydra:member': rows.map(addressJson),
      'hydra:totalItems': rows.length,
    });
  });

  app.post('/addresses', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const body = await bodyOf(c);
    const id = await db.transaction(async (tx) => {
      if ((await lockAddressBook(tx, customerId)) >= MAX_ADDRESSES)
        throw refuse(c.get('lang'), { path: '', code: 'ADDRESS_LIMIT', params: { max: MAX_ADDRESSES } });
      return addAddress(tx, customerId, body, deps.clock());
    });
    return answer(c, customerId, id, 201);
  });

  app.get('/addresses/:id', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const address = await findAddress(db, idParam(c), customerId);
    if (!address) throw notFound();
    return ld(c, { '@context': CONTEXT, ...addressJson(address) });
  });

  app.put('/addresses/:id', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const id = idParam(c);
    if (!(await findAddress(db, id, customerId))) throw notFound();
    const body = await bodyOf(c);
    await db.transaction((tx) => updateAddress(tx, customerId, id, body));
    return answer(c, customerId, id);
  });

  app.delete('/addresses/:id', async (c) => {
    const customerId = await requireCustomer(c, deps);
    if (!(await removeAddress(db, customerId, idParam(c)))) throw notFound();
    return noContent(c);
  });

  return app;
}
