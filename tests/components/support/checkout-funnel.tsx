/**
 * The checkout funnel of a signed-in Dutch-speaking shopper whose order waits at the summary (addressed,
 * delivered at home, paid by Visa), rendered with the shop API answered on fetch: the island's states at
 * the last steps (tests/components/checkout-*.test.tsx).
 */
import { render, screen } from '@testing-library/react';
import { messagesFor, translator } from '../../../src/i18n/translate.ts';
import CheckoutIsland from '../../../src/islands/checkout/CheckoutIsland.tsx';
import { CARD_FIELDS, type CardField } from '../../../src/lib/payments/card-details.ts';
import { pathTo } from '../../../src/lib/routes/paths.ts';
import { iri } from '../../../src/lib/shop-api/iri.ts';
import type { Order } from '../../../src/lib/shop-api/orders.ts';
import { fakeShop } from '../../unit/stores/cart/fakes.ts';
import { customerAnswer, signedInAnswer } from './answers.ts';
import { recordNavigations, shopApiOnFetch, signedIn } from './island.tsx';

export const TOKEN = 'order-1';
/** The checkout page's island props (src/components/views/IslandShell.astro gives it these sections). */
const props = {
  locale: 'nl_BE' as const,
  messages: messagesFor('nl', ['account', 'cart', 'checkout', 'forms', 'generic', 'islands', 'relay']),
};
export const t = translator('nl');
const LABELS: Record<CardField, string> = {
  cardNumber: 'checkout.payment.card.number',
  expiryDate: 'checkout.payment.card.expiry',
  verificationCode: 'checkout.payment.card.cvc',
  cardHolder: 'checkout.payment.card.holder',
};
/** A sandbox test card the provider takes (src/backend/payments/test-cards.ts). */
export const GOOD = { cardNumber: '4543474002249996', expiryDate: '12/34', verificationCode: '123', cardHolder: 'Lotte Peeters' };

const address = {
  '@id': iri.address(1),
  '@type': 'Address' as const,
  id: 1,
  company: null,
  firstName: 'Lotte',
  lastName: 'Peeters',
  countryCode: 'BE',
  provinceCode: null,
  provinceName: null,
  street: 'Meir 12',
  street2: null,
  city: 'Antwerpen',
  postcode: '2000',
  phoneNumber: '+32471123456',
  phoneNumber2: null,
  alias: null,
  deliveryInstructions: null,
  isDefault: true,
};

/** What a shipment and a payment of the order, neither sent nor paid yet, share: their IRI, whose end is their id. */
const stillOpen = (at: string) => ({ '@id': at, id: Number(at.split('/').at(-1)), state: 'cart' as const });
const nothingYet = { relayPoint: null, trackingNumber: null, shippedAt: null, card: null };

/** The shopper's order at the summary: addressed, delivered at home, paid by Visa. */
export async function orderAtSummary(): Promise<Order> {
  const shop = fakeShop();
  const cart = await shop.client.createCart();
  await shop.addDirect(cart.tokenValue, { productVariant: iri.variant('10000001'), quantity: 1, subscriptionInterval: 0 });
  const withItem = await shop.client.getCart(cart.tokenValue);
  return {
    ...withItem,
    '@id': iri.order(TOKEN),
    tokenValue: TOKEN,
    localeCode: 'nl_BE',
    channelCode: 'BE',
    customer: iri.customer(7),
    checkoutState: 'payment_selected',
    total: withItem.itemsTotal,
    billingAddress: address,
    shippingAddress: address,
    shipments: [
      {
        ...stillOpen(iri.shipment(TOKEN, 5)),
        '@type': 'Shipment',
        method: iri.shippingMethod('home_delivery'),
        carrier: 'bpost',
        ...nothingYet,
      },
    ],
    payments: [
      {
        ...stillOpen(iri.payment(TOKEN, 9)),
        '@type': 'Payment',
        method: iri.paymentMethod('visa'),
        amount: withItem.itemsTotal,
        currencyCode: 'EUR',
        ...nothingYet,
      },
    ],
  };
}

const collection = (members: unknown[]) => ({ '@type': 'hydra:Collection', 'hydra:member': members, 'hydra:totalItems': members.length });

/** The funnel of a signed-in shopper whose order waits at the summary, on a shop API that places and pays it. */
export async function funnelAtSummary() {
  const api = shopApiOnFetch();
  const order = await orderAtSummary();
  api.answer('GET', /\/customers\/7$/, () => ({ status: 200, body: customerAnswer() }));
  api.answer('GET', new RegExp(`/orders/${TOKEN}$`), () => ({ status: 200, body: order }));
  api.answer('GET', /\/addresses$/, () => ({ status: 200, body: collection([address]) }));
  api.answer('GET', /\/shipments\/5\/methods$/, () => ({
    status: 200,
    body: collection([
      {
        '@id': iri.shippingMethod('home_delivery'),
        '@type': 'ShippingMethod',
        code: 'home_delivery',
        name: 'Thuislevering',
        description: '',
        kind: 'home',
        carrier: 'bpost',
        fee: 490,
        price: 490,
      },
    ]),
  }));
  api.answer('GET', /\/payments\/9\/methods$/, () => ({
    status: 200,
    body: collection([
      {
        '@id': iri.paymentMethod('visa'),
        '@type': 'PaymentMethod',
        code: 'visa',
        name: 'Visa',
        delayed: false,
        serviceFee: 0,
        instructions: null,
      },
    ]),
  }));
  api.answer('POST', /\/payments\/components\/card-tokens$/, () => ({ status: 201, body: { token: 'tkn_1' } }));
  api.answer('PATCH', new RegExp(`/orders/${TOKEN}/complete$`), () => ({
    status: 200,
    body: { ...order, state: 'new', checkoutState: 'completed', paymentState: 'awaiting_payment', number: '000001001' },
  }));
  api.answer('POST', /\/payment-requests$/, () => ({
    status: 201,
    body: { hash: 'request-1', state: 'completed', action: 'capture', responseData: { status: 'paid' } },
  }));
  signedIn(signedInAnswer());
  window.history.replaceState(null, '', pathTo('checkout', 'nl_BE', { order: TOKEN }));
  const navigations = recordNavigations();
  render(<CheckoutIsland {...props} />);
  const fields = Object.fromEntries(
    await Promise.all(CARD_FIELDS.map(async (name) => [name, (await screen.findByLabelText(t(LABELS[name]))) as HTMLInputElement])),
  ) as Record<CardField, HTMLInputElement>;
  return { api, fields, navigations };
}
