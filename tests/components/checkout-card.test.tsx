/**
 * The checkout's card form (the sandbox's inputs, src/islands/shared/CardForm.tsx) at the summary step:
 * once the shopper tries to pay, each mistyped detail (number, expiry, code, holder) is said under its own
 * field, which is marked invalid and described by its message, the focus goes to the first one to mend,
 * and nothing is sent (no card to the provider, no order placed) until all four are right; each message
 * leaves as its detail is mended. States of one island, so the funnel is rendered here with the shop API
 * answered on fetch; the real sandbox's refusal and the card going to the provider only, with axe on the
 * form, stay in tests/e2e/checkout.spec.ts.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { messagesFor, translator } from '../../src/i18n/translate.ts';
import CheckoutIsland from '../../src/islands/checkout/CheckoutIsland.tsx';
import { CARD_FIELDS, type CardField } from '../../src/lib/payments/card-details.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { iri, type Order } from '../../src/lib/shop-api/wire.ts';
import { sessionStore } from '../../src/stores/shop.ts';
import { fakeShop } from '../unit/stores/cart/fakes.ts';
import { customerAnswer, signedInAnswer } from './support/answers.ts';
import { recordNavigations, shopApiOnFetch, signedIn } from './support/island.tsx';

const TOKEN = 'order-1';
/** The checkout page's island props (src/components/views/IslandShell.astro gives it these sections). */
const props = {
  locale: 'nl_BE' as const,
  messages: messagesFor('nl', ['account', 'cart', 'checkout', 'forms', 'generic', 'islands', 'relay']),
};
const t = translator('nl');
const LABELS: Record<CardField, string> = {
  cardNumber: 'checkout.payment.card.number',
  expiryDate: 'checkout.payment.card.expiry',
  verificationCode: 'checkout.payment.card.cvc',
  cardHolder: 'checkout.payment.card.holder',
};
/** A sandbox test card the provider takes (src/backend/payments/test-cards.ts). */
const GOOD = { cardNumber: '4543474002249996', expiryDate: '12/34', verificationCode: '123', cardHolder: 'Lotte Peeters' };

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
async function orderAtSummary(): Promise<Order> {
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
async function funnelAtSummary() {
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

/** The calls that would place or pay: anything but reading. */
const sentBeyondReading = (api: ReturnType<typeof shopApiOnFetch>) =>
  ['POST', 'PATCH', 'PUT', 'DELETE'].reduce((sum, method) => sum + api.count(method, /./), 0);

const type = (field: HTMLInputElement, value: string) => fireEvent.change(field, { target: { value } });
const messageUnder = (field: HTMLInputElement) => document.getElementById(field.getAttribute('aria-describedby')!)?.textContent;

afterEach(() => {
  // The session is the page's singleton: the next test starts anonymous again.
  sessionStore().logout();
  window.history.replaceState(null, '', '/');
});

it('mistyped card details are each said under their field, the focus on the first, and nothing is sent until all are mended', async () => {
  const { api, fields, navigations } = await funnelAtSummary();
  const pay = document.querySelector<HTMLButtonElement>('[data-step="summary"] [data-step-action="complete"]')!;
  fireEvent.click(screen.getByRole('checkbox'));
  // Nothing is said before the shopper tries to pay.
  for (const field of Object.values(fields)) {
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(messageUnder(field)).toBe('');
  }

  // One digit wrong (the check digit fails), a thirteenth month, a two-digit code, no holder.
  type(fields.cardNumber, '4543 4740 0224 9997');
  type(fields.expiryDate, '13/20');
  type(fields.verificationCode, '12');
  fireEvent.click(pay);
  for (const name of CARD_FIELDS) {
    expect(fields[name].getAttribute('aria-invalid'), name).toBe('true');
    expect(messageUnder(fields[name]), name).toBe(t(`checkout.payment.card.errors.${name}`));
  }
  expect(document.activeElement).toBe(fields.cardNumber);
  // Nothing was placed nor sent to the provider: the summary is still open.
  expect(sentBeyondReading(api)).toBe(0);
  expect(document.querySelector('[data-step="summary"].is-open')).not.toBeNull();

  // A detail mended stops saying its error at once; the others still say theirs, and still hold the payment,
  // the focus on the first of them.
  type(fields.cardNumber, GOOD.cardNumber);
  expect(fields.cardNumber.getAttribute('aria-invalid')).toBeNull();
  expect(messageUnder(fields.cardNumber)).toBe('');
  expect(fields.expiryDate.getAttribute('aria-invalid')).toBe('true');
  fireEvent.click(pay);
  expect(document.activeElement).toBe(fields.expiryDate);
  for (const name of ['expiryDate', 'verificationCode', 'cardHolder'] as const) {
    expect(fields[name].getAttribute('aria-invalid'), name).toBe('true');
    expect(messageUnder(fields[name]), name).toBe(t(`checkout.payment.card.errors.${name}`));
  }
  expect(sentBeyondReading(api)).toBe(0);

  // All four right: no error left, the card goes to the provider, the order is placed and paid.
  for (const name of CARD_FIELDS) type(fields[name], GOOD[name]);
  for (const name of CARD_FIELDS) {
    expect(fields[name].getAttribute('aria-invalid'), name).toBeNull();
    expect(messageUnder(fields[name]), name).toBe('');
  }
  fireEvent.click(pay);
  await waitFor(() => expect(navigations).toEqual([pathTo('orderConfirmation', 'nl_BE', { order: TOKEN })]));
  expect(api.count('POST', /\/payments\/components\/card-tokens$/)).toBe(1);
  expect(api.count('PATCH', /\/complete$/)).toBe(1);
  expect(api.count('POST', /\/payment-requests$/)).toBe(1);
});
