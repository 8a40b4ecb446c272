/**
 * Typed calls of the shop API over the HTTP client (channel and locale fixed per client, a bearer token
 * once logged in): one function per call, answers parsed with the wire schemas of wire.ts. Paths are
 * IRIs under SHOP_API_PREFIX.
 */
import { z } from 'zod';
import type { LocaleCode } from '../channels.ts';
import { createHttpClient, ShopApiError, type HttpClient, type HttpClientOptions } from './http.ts';
import {
  address, authentication, collection, customer, customerLookup, iri, order, SHOP_API_PREFIX,
  type Address, type Authentication,
} from './wire.ts';
import type { addressRequest } from './requests/addresses.ts';
import type { credentialsRequest } from './requests/authentication.ts';
import type { addItemRequest, updateItemRequest } from './requests/carts.ts';
import type { changePasswordRequest, personalDataRequest, registerRequest } from './requests/customers.ts';
import type { resetPasswordRequest } from './requests/reset-password.ts';

const path = {
  orders: `${SHOP_API_PREFIX}/orders`,
  items: (token: string) => `${iri.order(token)}/items`,
  applyCoupon: (token: string) => `${iri.order(token)}/apply-coupon`,
  coupon: (token: string, code: string) => `${iri.order(token)}/coupon/${encodeURIComponent(code)}`,
  lookup: `${SHOP_API_PREFIX}/customer/lookup`,
  customers: `${SHOP_API_PREFIX}/customers`,
  authentication: `${SHOP_API_PREFIX}/authentication-token`,
  refresh: `${SHOP_API_PREFIX}/authentication-token/refresh`,
  resetRequests: `${SHOP_API_PREFIX}/reset-password-requests`,
  addresses: `${SHOP_API_PREFIX}/addresses`,
} as const;

const tokenSegment = (token: string) => encodeURIComponent(token);
/** An address IRI from an IRI or an id. */
const addressIri = (idOrIri: number | string): string => (typeof idOrIri === 'number' ? iri.address(idOrIri) : idOrIri);
/** A variant IRI from an IRI or a variant code (8 digits). */
const variantIri = (codeOrIri: string): string => (codeOrIri.startsWith('/') ? codeOrIri : iri.variant(codeOrIri));

// The request types are the request schemas' inputs (lib/shop-api/requests): a field added there is one edit.
/** `productVariant` may be a variant code (8 digits) or an IRI; the client always says how many and how often. */
export type AddItemInput = z.input<typeof addItemRequest> & Pick<z.output<typeof addItemRequest>, 'quantity' | 'subscriptionInterval'>;
/** The interval always, the quantity when it changes. */
export type ChangeItemInput = z.input<typeof updateItemRequest> & { subscriptionInterval: number };
export type Credentials = z.input<typeof credentialsRequest>;
export type RegisterInput = z.input<ReturnType<typeof registerRequest>>;
export type CustomerUpdate = z.input<ReturnType<typeof personalDataRequest>>;
export type PasswordChange = z.input<typeof changePasswordRequest>;
export type PasswordReset = z.input<typeof resetPasswordRequest>;
/** Body of POST/PUT /shop/addresses. */
export type AddressInput = z.input<typeof addressRequest>;

/** The refresh answer: a new token pair (user and customer may be absent). */
const refreshAnswer = z.object({ token: z.string(), refresh_token: z.string() });

export const NO_AUTHENTICATION_DATA = 'no authentication data in response';
const hasAuthenticationData = (body: unknown): boolean =>
  body !== null && typeof body === 'object' && Boolean((body as Record<string, unknown>).customer) && Boolean((body as Record<string, unknown>).user);

export function createShopClient(http: HttpClient) {
  const localeCode: LocaleCode = http.locale;
  return {
    http,

    /** POST /shop/orders: a new cart (anonymous carts need no token). */
    createCart: () => http.post(path.orders, { body: { localeCode, channelCode: http.channelCode }, schema: order }),
    getCart: (token: string) => http.get(iri.order(tokenSegment(token)), { schema: order }),
    deleteCart: (token: string) => http.delete(iri.order(tokenSegment(token))),
    /** PUT /shop/orders/{token} with the customer IRI. */
    assignCustomer: (token: string, customerIri: string) => http.put(iri.order(tokenSegment(token)), { body: { customer: customerIri }, schema: order }),
    addItem: (token: string, item: AddItemInput) => http.patch(path.items(tokenSegment(token)), {
      body: {
        productVariant: variantIri(item.productVariant), quantity: item.quantity, subscriptionInterval: item.subscriptionInterval,
        sourceItemList: item.sourceItemList ?? null, upsell: item.upsell ?? false,
      },
      schema: order,
    }),
    /** Quantity and interval, or the interval only. */
    changeItem: (token: string, itemId: number, change: ChangeItemInput) => http.patch(iri.orderItem(tokenSegment(token), itemId), {
      body: change.quantity === undefined ? { subscriptionInterval: change.subscriptionInterval } : { quantity: change.quantity, subscriptionInterval: change.subscriptionInterval },
      schema: order,
    }),
    /** DELETE an item; the updated cart when the server sends it back. */
    removeItem: (token: string, itemId: number) => http.delete(iri.orderItem(tokenSegment(token), itemId), { schema: order.optional() }),
    applyCoupon: (token: string, couponCode: string) => http.patch(path.applyCoupon(tokenSegment(token)), { body: { couponCode }, schema: order }),
    removeCoupon: (token: string, couponCode: string) => http.delete(path.coupon(tokenSegment(token), couponCode), { schema: order.optional() }),

    /** POST /shop/customer/lookup: `{exists}` (the login's first step). */
    lookupCustomer: (email: string) => http.post(path.lookup, { body: { email }, schema: customerLookup, auth: false }),
    /** POST /shop/customers: the new customer (log in afterwards with the same credentials). */
    register: (body: RegisterInput) => http.post(path.customers, { body, schema: customer, auth: false }),
    /** POST /shop/authentication-token; an answer without customer or user is refused ("no authentication data in response"). */
    async login(credentials: Credentials): Promise<Authentication> {
      const body = await http.post(path.authentication, { body: credentials, schema: z.unknown(), auth: false });
      if (!hasAuthenticationData(body)) {
        throw new ShopApiError({ status: 200, description: NO_AUTHENTICATION_DATA, body, method: 'POST', path: path.authentication, code: 'no_authentication_data' });
      }
      const parsed = authentication.safeParse(body);
      if (!parsed.success) {
        throw new ShopApiError({ status: 200, description: NO_AUTHENTICATION_DATA, body, method: 'POST', path: path.authentication, code: 'no_authentication_data', cause: parsed.error });
      }
      return parsed.data;
    },
    refresh: (refreshToken: string) => http.post(path.refresh, { body: { refresh_token: refreshToken }, schema: refreshAnswer, auth: false }),

    getCustomer: (customerIri: string) => http.get(customerIri, { schema: customer }),
    updateCustomer: (customerIri: string, data: CustomerUpdate) => http.put(customerIri, { body: data, schema: customer }),
    changePassword: (customerIri: string, change: PasswordChange) => http.put(`${customerIri}/password`, { body: change }),
    requestPasswordReset: (email: string, locale: LocaleCode = localeCode) => http.post(path.resetRequests, { body: { email, localeCode: locale }, auth: false }),
    resetPassword: (resetToken: string, reset: PasswordReset) => http.patch(`${path.resetRequests}/${encodeURIComponent(resetToken)}`, { body: reset, auth: false }),

    listAddresses: async (): Promise<Address[]> => (await http.get(path.addresses, { schema: collection(address) }))['hydra:member'],
    createAddress: (body: AddressInput) => http.post(path.addresses, { body, schema: address }),
    getAddress: (idOrIri: number | string) => http.get(addressIri(idOrIri), { schema: address }),
    updateAddress: (idOrIri: number | string, body: AddressInput) => http.put(addressIri(idOrIri), { body, schema: address }),
    deleteAddress: (idOrIri: number | string) => http.delete(addressIri(idOrIri)),
    /** PUT on the customer IRI with defaultAddress. */
    setDefaultAddress: (customerIri: string, addressIriOrId: number | string) =>
      http.put(customerIri, { body: { defaultAddress: addressIri(addressIriOrId) }, schema: customer }),
  };
}
export type ShopClient = ReturnType<typeof createShopClient>;

/** The HTTP client and the shop calls in one go. */
export const shopClient = (options: HttpClientOptions): ShopClient => createShopClient(createHttpClient(options));

/**
 * Saves an address (created without `id`, updated with one). When it is marked default and the server
 * did not keep that, the customer's default address is set explicitly with a PUT on the customer.
 */
export async function saveAddress(client: Pick<ShopClient, 'createAddress' | 'updateAddress' | 'setDefaultAddress'>, input: {
  address: AddressInput;
  id?: number | string | null;
  customerIri: string | null;
}): Promise<Address> {
  const saved = input.id === undefined || input.id === null ? await client.createAddress(input.address) : await client.updateAddress(input.id, input.address);
  if (input.address.isDefault && !saved.isDefault && input.customerIri) {
    await client.setDefaultAddress(input.customerIri, saved['@id']);
    return { ...saved, isDefault: true };
  }
  return saved;
}
