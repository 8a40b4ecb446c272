/**
 * Customers (/shop/customers): the customer as the API answers it, and the calls of the e-mail lookup (the
 * login's first step), the account creation, personal data and the password change. The requests' rules
 * are in requests/customers.ts.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import type { HttpClient } from './http.ts';
import { SHOP_API_PREFIX } from './iri.ts';
import type { changePasswordRequest, personalDataRequest, registerRequest } from './requests/customers.ts';

// The calls' argument types are the request schemas' inputs: a field added there is one edit.
export type RegisterInput = z.input<ReturnType<typeof registerRequest>>;
export type CustomerUpdate = z.input<ReturnType<typeof personalDataRequest>>;
export type PasswordChange = z.input<typeof changePasswordRequest>;

export const customer = z.object({
  '@id': z.string(),
  '@type': z.literal('Customer'),
  id: z.int(),
  email: z.string(),
  emailHashed: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  gender: z.nullable(z.enum(['m', 'f'])),
  birthday: z.nullable(z.string()),
  subscribedToNewsletter: z.boolean(),
  defaultAddress: z.nullable(z.string()),
  newCustomer: z.boolean(),
  subscriber: z.boolean(),
  lastOrderDate: z.nullable(z.string()),
  user: z.object({ verified: z.boolean() }),
  /** Preferred communication language. */
  preferredLanguage: z.enum(['fr', 'nl']),
});
export type Customer = z.infer<typeof customer>;

/** POST /shop/customer/lookup answer. */
export const customerLookup = z.object({ exists: z.boolean() });

export function createCustomersClient(http: HttpClient) {
  return {
    /** POST /shop/customer/lookup: `{exists}` (the login's first step). */
    lookupCustomer: (email: string) =>
      http.post(`${SHOP_API_PREFIX}/customer/lookup`, { body: { email }, schema: customerLookup, auth: false }),
    /** POST /shop/customers: the new customer (log in afterwards with the same credentials). */
    register: (body: RegisterInput) => http.post(`${SHOP_API_PREFIX}/customers`, { body, schema: customer, auth: false }),
    getCustomer: (customerIri: string) => http.get(customerIri, { schema: customer }),
    updateCustomer: (customerIri: string, data: CustomerUpdate) => http.put(customerIri, { body: data, schema: customer }),
    changePassword: (customerIri: string, change: PasswordChange) => http.put(`${customerIri}/password`, { body: change }),
  };
}
