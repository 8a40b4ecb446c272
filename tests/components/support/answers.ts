/** The shop API's answers the component tests give, in its wire format (src/lib/shop-api's modules parse them as the islands do). */
import type { Customer } from '../../../src/lib/shop-api/customers.ts';
import { fakeToken } from './island.tsx';

export const CUSTOMER_IRI = '/api/v2/shop/customers/7';

export function customerAnswer(fields: Partial<Customer> = {}): Customer {
  return {
    '@id': CUSTOMER_IRI,
    '@type': 'Customer',
    id: 7,
    email: 'lotte.peeters@example.be',
    emailHashed: 'f3c1',
    firstName: 'Lotte',
    lastName: 'Peeters',
    fullName: 'Lotte Peeters',
    gender: 'f',
    birthday: null,
    subscribedToNewsletter: false,
    defaultAddress: null,
    newCustomer: true,
    subscriber: false,
    lastOrderDate: null,
    user: { verified: true },
    preferredLanguage: 'nl',
    ...fields,
  };
}

/** POST /authentication-token's answer for the customer. */
export const signedInAnswer = (email = customerAnswer().email) => ({
  token: fakeToken(email, CUSTOMER_IRI),
  refresh_token: 'refresh-1',
  user: { username: email, verified: true },
  customer: CUSTOMER_IRI,
  cart: null,
});
