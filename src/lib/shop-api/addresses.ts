/**
 * The address book (/shop/addresses): an address as the API answers it, and the calls. The request's rules
 * are in requests/addresses.ts.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { customer } from './customers.ts';
import { collection, type HttpClient } from './http.ts';
import { iri, SHOP_API_PREFIX } from './iri.ts';
import type { addressRequest } from './requests/addresses.ts';

export const address = z.object({
  '@id': z.string(),
  '@type': z.literal('Address'),
  id: z.int(),
  company: z.nullable(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  countryCode: z.string(),
  provinceCode: z.nullable(z.string()),
  provinceName: z.nullable(z.string()),
  street: z.string(),
  street2: z.nullable(z.string()),
  city: z.string(),
  postcode: z.string(),
  phoneNumber: z.string(),
  phoneNumber2: z.nullable(z.string()),
  alias: z.nullable(z.string()),
  deliveryInstructions: z.nullable(z.string()),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;

/** Body of POST/PUT /shop/addresses (the request schema's input). */
export type AddressInput = z.input<typeof addressRequest>;

/** An address IRI from an IRI or an id. */
const addressIri = (idOrIri: number | string): string => (typeof idOrIri === 'number' ? iri.address(idOrIri) : idOrIri);

export function createAddressesClient(http: HttpClient) {
  const addresses = `${SHOP_API_PREFIX}/addresses`;
  return {
    listAddresses: async (): Promise<Address[]> => (await http.get(addresses, { schema: collection(address) }))['hydra:member'],
    createAddress: (body: AddressInput) => http.post(addresses, { body, schema: address }),
    getAddress: (idOrIri: number | string) => http.get(addressIri(idOrIri), { schema: address }),
    updateAddress: (idOrIri: number | string, body: AddressInput) => http.put(addressIri(idOrIri), { body, schema: address }),
    deleteAddress: (idOrIri: number | string) => http.delete(addressIri(idOrIri)),
    /** PUT on the customer IRI with defaultAddress. */
    setDefaultAddress: (customerIri: string, addressIriOrId: number | string) =>
      http.put(customerIri, { body: { defaultAddress: addressIri(addressIriOrId) }, schema: customer }),
  };
}

/**
 * Saves an address (created without `id`, updated with one). When it is marked default and the server
 * did not keep that, the customer's default address is set explicitly with a PUT on the customer.
 */
export async function saveAddress(
  client: Pick<ReturnType<typeof createAddressesClient>, 'createAddress' | 'updateAddress' | 'setDefaultAddress'>,
  input: {
    address: AddressInput;
    id?: number | string | null;
    customerIri: string | null;
  },
): Promise<Address> {
  const saved =
    input.id === undefined || input.id === null
      ? await client.createAddress(input.address)
      : await client.updateAddress(input.id, input.address);
  if (input.address.isDefault && !saved.isDefault && input.customerIri) {
    await client.setDefaultAddress(input.customerIri, saved['@id']);
    return { ...saved, isDefault: true };
  }
  return saved;
}
