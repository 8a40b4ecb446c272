/** A customer as the API answers it. */
import { createHash } from 'node:crypto';
import { iri } from '../../../lib/shop-api/iri.ts';
import type { Customer } from '../../../lib/shop-api/customers.ts';
import type { CustomerRow } from './repository.ts';
import { canonicalEmail } from '../shared/email.ts';

export function customerJson(row: CustomerRow): Customer & { '@context': string } {
  return {
    '@context': '/api/v2/contexts/Customer',
    '@id': iri.customer(row.id),
    '@type': 'Customer',
    id: row.id,
    email: row.email,
    // For marketing tags, which must never carry the e-mail itself.
    emailHashed: createHash('sha256').update(canonicalEmail(row.email)).digest('hex'),
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`,
    gender: row.gender,
    birthday: row.birthday,
    subscribedToNewsletter: row.subscribed_to_newsletter,
    defaultAddress: row.default_address_id === null ? null : iri.address(row.default_address_id),
    newCustomer: row.last_order_date === null,
    subscriber: row.subscriber,
    lastOrderDate: row.last_order_date,
    user: { verified: row.verified },
    preferredLanguage: row.preferred_language,
  };
}
