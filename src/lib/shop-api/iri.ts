/**
 * The shop API's identifiers: the prefix of its paths and the IRIs it names things by (a resource's `@id`
 * is also its path). Without zod, so that a script which only needs a path does not bring a schema library.
 */
export const SHOP_API_PREFIX = '/api/v2/shop';
export const iri = {
  order: (token: string) => `${SHOP_API_PREFIX}/orders/${token}`,
  orderItem: (token: string, id: number) => `${SHOP_API_PREFIX}/orders/${token}/items/${id}`,
  variant: (code: string) => `${SHOP_API_PREFIX}/product-variants/${code}`,
  customer: (id: number) => `${SHOP_API_PREFIX}/customers/${id}`,
  address: (id: number) => `${SHOP_API_PREFIX}/addresses/${id}`,
  shipment: (token: string, id: number) => `${SHOP_API_PREFIX}/orders/${token}/shipments/${id}`,
  payment: (token: string, id: number) => `${SHOP_API_PREFIX}/orders/${token}/payments/${id}`,
  shippingMethod: (code: string) => `${SHOP_API_PREFIX}/shipping-methods/${code}`,
  paymentMethod: (code: string) => `${SHOP_API_PREFIX}/payment-methods/${code}`,
} as const;

/** The pets' lists (types, genders, breeds, body conditions, activities) and a pet. */
export const animalIri = {
  type: (id: number) => `${SHOP_API_PREFIX}/animal-types/${id}`,
  gender: (id: number) => `${SHOP_API_PREFIX}/animal-genders/${id}`,
  breed: (id: number) => `${SHOP_API_PREFIX}/animal-breeds/${id}`,
  condition: (id: number) => `${SHOP_API_PREFIX}/animal-body-conditions/${id}`,
  activity: (id: number) => `${SHOP_API_PREFIX}/animal-activities/${id}`,
  animal: (id: number) => `${SHOP_API_PREFIX}/animals/${id}`,
} as const;

/** An order's token as a segment of a path. */
export const tokenSegment = (token: string) => encodeURIComponent(token);
