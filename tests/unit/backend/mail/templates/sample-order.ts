/** A placed order as the API answers it, for the tests of the mails written from it. */
import type { Order } from '../../../../../src/lib/shop-api/orders.ts';

const address = {
  firstName: 'Jeanne',
  lastName: 'Moreau',
  company: null,
  street: '8 avenue <b>Foch</b>',
  street2: null,
  city: 'Lyon',
  postcode: '69006',
  countryCode: 'FR',
  provinceCode: null,
  provinceName: null,
  phoneNumber: '+33612345678',
  phoneNumber2: null,
  deliveryInstructions: null,
};
export const sampleOrder = {
  number: '000001001',
  tokenValue: 'tok',
  checkoutCompletedAt: '2026-03-01T23:30:00Z',
  paymentState: 'awaiting_payment',
  total: 4752,
  items: [{ productName: 'Croquettes Poulet', variantName: '2 kg', quantity: 2, total: 4580, subscriptionInterval: 31 }],
  promotions: [{ code: 'BIENVENUE10', label: 'Bienvenue', amount: -458 }],
  itemsTotal: 4580,
  orderPromotionTotal: -458,
  shippingTotal: 490,
  serviceFeesTotal: 150,
  taxTotal: 792,
  totalExcludingTax: 3960,
  billingAddress: address,
  shippingAddress: address,
  shipments: [{ carrier: 'Colissimo', trackingNumber: '6A123', relayPoint: null }],
} as unknown as Order;
