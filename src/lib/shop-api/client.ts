/**
 * Typed calls of the shop API over the HTTP client (channel and locale fixed per client, a bearer token
 * once logged in): one function per call, answers parsed with the wire schemas of wire.ts. Paths are
 * IRIs under SHOP_API_PREFIX.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import type { LocaleCode } from '../channels.ts';
import { createHttpClient, ShopApiError, type HttpClient, type HttpClientOptions } from './http.ts';
import {
  address,
  animal,
  animalBreed,
  authentication,
  collection,
  contactRequestAnswer,
  customer,
  customerLookup,
  resetLinkState,
  iri,
  mediaAuthentication,
  newsletterSubscription,
  order,
  paymentMethod,
  relayPoint,
  SHOP_API_PREFIX,
  shippingMethod,
  sponsorship,
  subscription,
  type Address,
  type Animal,
  type Authentication,
} from './wire.ts';
import type { checkoutAddressRequest, completeRequest, selectShippingRequest } from './requests/checkout.ts';
import type { addressRequest } from './requests/addresses.ts';
import type { credentialsRequest } from './requests/authentication.ts';
import type { addItemRequest, updateItemRequest } from './requests/carts.ts';
import type { changePasswordRequest, personalDataRequest, registerRequest } from './requests/customers.ts';
import type { resetPasswordRequest } from './requests/reset-password.ts';
import { animalIri, type animalRequest, type deleteAnimalRequest } from './requests/animals.ts';
import type {
  abortRequest,
  frequencyRequest,
  shippingAddressRequest,
  shippingMethodRequest,
  upsellRequest,
} from './requests/subscriptions.ts';

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
  newsletter: `${SHOP_API_PREFIX}/newsletter-subscriptions`,
  contactRequests: `${SHOP_API_PREFIX}/contact-requests`,
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
  body !== null &&
  typeof body === 'object' &&
  Boolean((body as Record<string, unknown>).customer) &&
  Boolean((body as Record<string, unknown>).user);

export function createShopClient(http: HttpClient) {
  const localeCode: LocaleCode = http.locale;
  return {
    http,

    /** POST /shop/orders: a new cart (anonymous carts need no token). */
    createCart: () => http.post(path.orders, { body: { localeCode, channelCode: http.channelCode }, schema: order }),
    getCart: (token: string) => http.get(iri.order(tokenSegment(token)), { schema: order }),
    deleteCart: (token: string) => http.delete(iri.order(tokenSegment(token))),
    /** PUT /shop/orders/{token} with the customer IRI. */
    assignCustomer: (token: string, customerIri: string) =>
      http.put(iri.order(tokenSegment(token)), { body: { customer: customerIri }, schema: order }),
    addItem: (token: string, item: AddItemInput) =>
      http.patch(path.items(tokenSegment(token)), {
        body: {
          productVariant: variantIri(item.productVariant),
          quantity: item.quantity,
          subscriptionInterval: item.subscriptionInterval,
          sourceItemList: item.sourceItemList ?? null,
          upsell: item.upsell ?? false,
        },
        schema: order,
      }),
    /** Quantity and interval, or the interval only. */
    changeItem: (token: string, itemId: number, change: ChangeItemInput) =>
      http.patch(iri.orderItem(tokenSegment(token), itemId), {
        body:
          change.quantity === undefined
            ? { subscriptionInterval: change.subscriptionInterval }
            : { quantity: change.quantity, subscriptionInterval: change.subscriptionInterval },
        schema: order,
      }),
    /** DELETE an item; the updated cart when the server sends it back. */
    removeItem: (token: string, itemId: number) => http.delete(iri.orderItem(tokenSegment(token), itemId), { schema: z.optional(order) }),
    applyCoupon: (token: string, couponCode: string) =>
      http.patch(path.applyCoupon(tokenSegment(token)), { body: { couponCode }, schema: order }),
    removeCoupon: (token: string, couponCode: string) =>
      http.delete(path.coupon(tokenSegment(token), couponCode), { schema: z.optional(order) }),

    /** POST /shop/customer/lookup: `{exists}` (the login's first step). */
    lookupCustomer: (email: string) => http.post(path.lookup, { body: { email }, schema: customerLookup, auth: false }),
    /** POST /shop/customers: the new customer (log in afterwards with the same credentials). */
    register: (body: RegisterInput) => http.post(path.customers, { body, schema: customer, auth: false }),
    /** POST /shop/authentication-token; an answer without customer or user is refused ("no authentication data in response"). */
    async login(credentials: Credentials): Promise<Authentication> {
      const body = await http.post(path.authentication, { body: credentials, schema: z.unknown(), auth: false });
      if (!hasAuthenticationData(body)) {
        throw new ShopApiError({
          status: 200,
          description: NO_AUTHENTICATION_DATA,
          body,
          method: 'POST',
          path: path.authentication,
          code: 'no_authentication_data',
        });
      }
      const parsed = authentication.safeParse(body);
      if (!parsed.success) {
        throw new ShopApiError({
          status: 200,
          description: NO_AUTHENTICATION_DATA,
          body,
          method: 'POST',
          path: path.authentication,
          code: 'no_authentication_data',
          cause: parsed.error,
        });
      }
      return parsed.data;
    },
    refresh: (refreshToken: string) =>
      http.post(path.refresh, { body: { refresh_token: refreshToken }, schema: refreshAnswer, auth: false }),

    getCustomer: (customerIri: string) => http.get(customerIri, { schema: customer }),
    updateCustomer: (customerIri: string, data: CustomerUpdate) => http.put(customerIri, { body: data, schema: customer }),
    changePassword: (customerIri: string, change: PasswordChange) => http.put(`${customerIri}/password`, { body: change }),
    requestPasswordReset: (email: string, locale: LocaleCode = localeCode) =>
      http.post(path.resetRequests, { body: { email, localeCode: locale }, auth: false }),
    /** Whether a mailed reset link still works. */
    checkResetLink: async (resetToken: string): Promise<boolean> =>
      (await http.get(`${path.resetRequests}/${encodeURIComponent(resetToken)}`, { schema: resetLinkState, auth: false })).usable,
    resetPassword: (resetToken: string, reset: PasswordReset) =>
      http.patch(`${path.resetRequests}/${encodeURIComponent(resetToken)}`, { body: reset, auth: false }),
    /** GET /shop/sponsorships: the customer's referral code and link, the rule and their friends. */
    getSponsorship: () => http.get(`${SHOP_API_PREFIX}/sponsorships`, { schema: sponsorship }),
    /** POST /shop/contact-requests: the form's fields and files as multipart (the session's customer, if any, is the sender). */
    sendContactRequest: (form: FormData) => http.post(path.contactRequests, { body: form, schema: contactRequestAnswer }),
    /** Confirms a newsletter sign-up with its mailed link's token (the sign-up itself: islands/shared/newsletter/subscribe.ts). */
    confirmNewsletter: (confirmationToken: string) =>
      http.patch(`${path.newsletter}/${encodeURIComponent(confirmationToken)}`, { body: {}, schema: newsletterSubscription, auth: false }),

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

/** Body of POST/PUT /shop/animals (the birthday as a date, or ageYears and ageMonths). */
export type AnimalInput = z.input<ReturnType<typeof animalRequest>>;
export type AnimalDeletion = z.input<typeof deleteAnimalRequest>;
const animalsPath = `${SHOP_API_PREFIX}/animals`;
const animalPath = (idOrIri: number | string) => (typeof idOrIri === 'number' ? animalIri.animal(idOrIri) : idOrIri);

/**
 * The pets: a signed-in customer's, or a guest's by the guest token the first created pet carries (kept
 * by the browser like a cart token, sent while not signed in, and given to `attachAnimals` after sign-in).
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
    /**
     * ImageKit's upload authentication for a pet's photo (signed-in customers only): the random `t` keeps
     * any cache from answering a used triple, as ImageKit's upload helper does.
     */
    mediaAuthentication: (signal?: AbortSignal) =>
      http.get(`${SHOP_API_PREFIX}/media-authentication`, {
        query: { t: Math.random().toString(36).slice(2) },
        schema: mediaAuthentication,
        ...(signal ? { signal } : {}),
      }),
  };
}
export type AnimalsClient = ReturnType<typeof createAnimalsClient>;

/** The HTTP client and the shop calls in one go. */
export const shopClient = (options: HttpClientOptions): ShopClient => createShopClient(createHttpClient(options));

/**
 * Saves an address (created without `id`, updated with one). When it is marked default and the server
 * did not keep that, the customer's default address is set explicitly with a PUT on the customer.
 */
export async function saveAddress(
  client: Pick<ShopClient, 'createAddress' | 'updateAddress' | 'setDefaultAddress'>,
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

/**
 * The checkout's calls (Sylius's shop API checkout, then Sylius 2's payment requests): the addresses, the
 * shipment's carriers and relay points, the payment's methods, completion, and paying the placed order.
 * Kept apart from the cart's calls so that only the funnel's code carries them.
 */
export type CheckoutAddressInput = z.input<typeof checkoutAddressRequest>;
export type SelectShippingInput = z.input<typeof selectShippingRequest>;
export type CompleteInput = z.input<typeof completeRequest>;

/**
 * A relay point found near a postcode or a town (GET /shop/relay-points?countryCode=FR&postcode=…|city=…):
 * the carrier's point as the shipment keeps it, with where it is and whether it takes parcels now.
 */
const foundRelayPoint = z.extend(relayPoint, {
  '@type': z.optional(z.literal('RelayPoint')),
  latitude: z.number(),
  longitude: z.number(),
  active: z.boolean(),
  distanceMetres: z.nullable(z.number()),
});
export type FoundRelayPoint = z.infer<typeof foundRelayPoint>;

/**
 * Sylius 2's payment request (POST /shop/payment-requests, then GET /shop/payment-requests/{hash}): the
 * action asked of the provider and what it answered. `responseData` is the provider's outcome as the
 * shop reads it: paid, failed with the bank's message and code, or open with where to send the shopper
 * (PayPal's approval page, a 3-D Secure step) or the bank transfer's instructions.
 */
const paymentRequest = z.object({
  '@id': z.optional(z.string()),
  hash: z.string(),
  state: z.string(),
  action: z.string(),
  responseData: z.nullish(
    z.looseObject({
      status: z.enum(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']),
      checkoutUrl: z.nullish(z.string()),
      failure: z.nullish(z.object({ reason: z.nullish(z.string()), code: z.nullish(z.string()), message: z.string() })),
      /** A bank transfer: where to send the money and the reference to give. */
      bankTransfer: z.nullish(z.object({ bankName: z.string(), iban: z.string(), bic: z.string(), reference: z.string() })),
    }),
  ),
});
export type PaymentRequest = z.infer<typeof paymentRequest>;
export interface PaymentRequestInput {
  paymentId: number;
  paymentMethodCode: string;
  /** capture: take the money now (a card token pays at once; PayPal answers with its approval page). */
  action?: 'capture';
  /** The card form's single-use token, and where the provider's hosted pages send the shopper back. */
  payload: { cardToken?: string; redirectUrl: string };
}

export function createCheckoutClient(http: HttpClient) {
  const orderPath = (token: string) => iri.order(tokenSegment(token));
  return {
    /** PATCH /shop/orders/{token}/address. */
    setAddresses: (token: string, body: CheckoutAddressInput) => http.patch(`${orderPath(token)}/address`, { body, schema: order }),
    /** GET /shop/orders/{token}/shipments/{id}/methods: the carriers for the shipping address, with what this order pays. */
    shippingMethods: async (token: string, shipmentId: number) =>
      (await http.get(`${orderPath(token)}/shipments/${shipmentId}/methods`, { schema: collection(shippingMethod) }))['hydra:member'],
    /** PATCH /shop/orders/{token}/shipments/{id}: the carrier (IRI or code) and, for a relay-point carrier, the point. */
    selectShipping: (token: string, shipmentId: number, body: SelectShippingInput) =>
      http.patch(`${orderPath(token)}/shipments/${shipmentId}`, { body, schema: order }),
    /** GET /shop/orders/{token}/payments/{id}/methods. */
    paymentMethods: async (token: string, paymentId: number) =>
      (await http.get(`${orderPath(token)}/payments/${paymentId}/methods`, { schema: collection(paymentMethod) }))['hydra:member'],
    /** PATCH /shop/orders/{token}/payments/{id}. */
    selectPayment: (token: string, paymentId: number, paymentMethod: string) =>
      http.patch(`${orderPath(token)}/payments/${paymentId}`, { body: { paymentMethod }, schema: order }),
    /** PATCH /shop/orders/{token}/complete: the notes, and the terms of sale accepted. */
    complete: (token: string, body: CompleteInput) => http.patch(`${orderPath(token)}/complete`, { body, schema: order }),
    /** GET /shop/relay-points: open and closed points near a French postcode or town, nearest first. */
    relayPoints: async (search: { postcode?: string; city?: string }) =>
      (
        await http.get(`${SHOP_API_PREFIX}/relay-points`, {
          query: { countryCode: 'FR', postcode: search.postcode || undefined, city: search.city || undefined },
          schema: collection(foundRelayPoint),
        })
      )['hydra:member'],
    /** POST /shop/payment-requests. */
    requestPayment: (input: PaymentRequestInput) =>
      http.post(`${SHOP_API_PREFIX}/payment-requests`, { body: { action: 'capture', ...input }, schema: paymentRequest }),
    /** GET /shop/payment-requests/{hash}: its outcome once the provider answered (after a hosted page). */
    getPaymentRequest: (hash: string) =>
      http.get(`${SHOP_API_PREFIX}/payment-requests/${encodeURIComponent(hash)}`, { schema: paymentRequest }),
  };
}
export type CheckoutClient = ReturnType<typeof createCheckoutClient>;

/** The orders of the account: GET /shop/orders (a page of placed orders, newest first) and one order by its token. */
export function createOrdersClient(http: HttpClient) {
  return {
    /** One page of the signed-in customer's placed orders, with how many there are in all. */
    listOrders: async (page: number, itemsPerPage: number) => {
      const answer = await http.get(path.orders, { query: { page, itemsPerPage }, schema: collection(order) });
      return { orders: answer['hydra:member'], total: answer['hydra:totalItems'] };
    },
    getOrder: (token: string) => http.get(iri.order(tokenSegment(token)), { schema: order }),
  };
}

/**
 * @public The account's subscriptions (/shop/subscriptions…), for the subscription screens: each change
 * answers the subscription as it is now, with its draft next order.
 */
export function createSubscriptionsClient(http: HttpClient) {
  const base = `${SHOP_API_PREFIX}/subscriptions`;
  const at = (code: string, rest = '') => `${base}/${encodeURIComponent(code)}${rest}`;
  return {
    list: async () => (await http.get(base, { schema: collection(subscription) }))['hydra:member'],
    get: (code: string) => http.get(at(code), { schema: subscription }),
    /** The orders of the subscription, newest first, and one of them. */
    history: async (code: string) => (await http.get(at(code, '/orders'), { schema: collection(order) }))['hydra:member'],
    historyOrder: (code: string, token: string) => http.get(at(code, `/orders/${tokenSegment(token)}`), { schema: order }),
    setFrequency: (code: string, body: z.input<typeof frequencyRequest>) =>
      http.patch(at(code, '/frequency'), { body, schema: subscription }),
    setShippingAddress: (code: string, body: z.input<typeof shippingAddressRequest>) =>
      http.patch(at(code, '/shipping-address'), { body, schema: subscription }),
    setShippingMethod: (code: string, body: z.input<typeof shippingMethodRequest>) =>
      http.patch(at(code, '/shipping-method'), { body, schema: subscription }),
    setPaymentCard: (code: string, cardToken: string) =>
      http.patch(at(code, '/payment-card'), { body: { cardToken }, schema: subscription }),
    addUpsell: (code: string, body: z.input<typeof upsellRequest>) => http.post(at(code, '/upsells'), { body, schema: subscription }),
    removeUpsell: (code: string, itemId: number) => http.delete(at(code, `/upsells/${itemId}`)),
    applyCoupon: (code: string, couponCode: string) =>
      http.patch(at(code, '/apply-coupon'), { body: { couponCode }, schema: subscription }),
    removeCoupon: (code: string, couponCode: string) => http.delete(at(code, `/coupon/${encodeURIComponent(couponCode)}`)),
    shipNow: (code: string) => http.post(at(code, '/ship-now'), { schema: subscription }),
    requestAbort: (code: string, body: z.input<typeof abortRequest>) =>
      http.post(at(code, '/abort-requests'), { body, schema: subscription }),
    contact: (code: string, message: string) => http.post(at(code, '/contact'), { body: { message } }),
  };
}
