/** What a cart answers of the checkout before it starts: the fields test doubles of an Order need. */
import type { Order } from '../../src/lib/shop-api/orders.ts';

export const cartCheckoutFields = {
  number: null,
  checkoutCompletedAt: null,
  notes: null,
  billingAddress: null,
  shippingAddress: null,
  shipments: [],
  payments: [],
  status: { code: 'draft', group: 'valid', label: 'En cours' },
} satisfies Partial<Order>;
