import { describe, expect, it, vi } from 'vitest';
import { ShopApiError } from '../../../../src/lib/shop-api/http.ts';
import { iri } from '../../../../src/lib/shop-api/iri.ts';
import type { Address } from '../../../../src/lib/shop-api/addresses.ts';
import type { Order } from '../../../../src/lib/shop-api/orders.ts';
import type { PaymentMethod, ShippingMethod, FoundRelayPoint, PaymentRequest } from '../../../../src/lib/shop-api/checkout.ts';
import { createCheckoutStore, type CheckoutDeps } from '../../../../src/stores/checkout/index.ts';
import { fakeChannels, fakeShop, settle } from '../cart/fakes.ts';
import { createCartStore } from '../../../../src/stores/cart/index.ts';
import { memoryStorage } from '../../../../src/stores/browser.ts';
import { STORAGE_KEYS } from '../../../../src/lib/constants.ts';
import { cardTokeniser } from '../../../../src/stores/checkout/card.ts';
import { errorText } from '../../../../src/islands/checkout/errors.ts';
import { treeTranslator } from '../../../../src/lib/translator.ts';
import frCheckout from '../../../../src/i18n/messages/fr/checkout.ts';
import { fakeMollie } from './card.fakes.ts';

const TOKEN = 'order-1';
const PROVIDER = 'https://pay.example.test/payments';

const address = (id: number, isDefault = false): Address => ({
  '@id': iri.address(id),
  '@type': 'Address',
  id,
  company: null,
  firstName: 'Camille',
  lastName: 'Martin',
  countryCode: 'FR',
  provinceCode: null,
  provinceName: null,
  street: `${id} rue de la Paix`,
  street2: null,
  city: 'Nantes',
  postcode: '44000',
  phoneNumber: '+33612345678',
  phoneNumber2: null,
  alias: 'Maison',
  deliveryInstructions: null,
  isDefault,
});

const methods: PaymentMethod[] = [
  {
    '@id': iri.paymentMethod('visa'),
    '@type': 'PaymentMethod',
    code: 'visa',
    name: 'Carte Visa',
    delayed: false,
    serviceFee: 0,
    instructions: null,
  },
  {
    '@id': iri.paymentMethod('bank_transfer'),
    '@type': 'PaymentMethod',
    code: 'bank_transfer',
    name: 'Virement bancaire',
    delayed: true,
    serviceFee: 0,
    instructions: 'IBAN FR76…',
  },
];
const carrier: ShippingMethod = {
  '@id': iri.shippingMethod('home_delivery'),
  '@type': 'ShippingMethod',
  code: 'home_delivery',
  name: 'Livraison à domicile',
  description: '',
  kind: 'home',
  carrier: 'Colissimo',
  fee: 490,
  price: 490,
};

/** An order at the summary, paying with `method`. */
function orderAt(method: string, change: Partial<Order> = {}): Order {
  const base = fakeShop().newCart(TOKEN, iri.customer(1));
  return {
    ...base,
    checkoutState: 'payment_selected',
    total: 3980,
    shippingAddress: { ...address(1), street2: null },
    shipments: [
      {
        '@id': iri.shipment(TOKEN, 5),
        '@type': 'Shipment',
        id: 5,
        state: 'cart',
        method: iri.shippingMethod('home_delivery'),
        carrier: 'Colissimo',
        relayPoint: null,
        trackingNumber: null,
        shippedAt: null,
      },
    ],
    payments: [
      {
        '@id': iri.payment(TOKEN, 9),
        '@type': 'Payment',
        id: 9,
        state: 'cart',
        method: iri.paymentMethod(method),
        amount: 0,
        currencyCode: 'EUR',
        card: null,
      },
    ],
    ...change,
  };
}

const placed = (order: Order, paymentState: Order['paymentState'] = 'awaiting_payment'): Order => ({
  ...order,
  state: 'new',
  checkoutState: 'completed',
  paymentState,
  number: '000001001',
});

const refusal = (status: number, violations: Array<{ propertyPath: string; message: string; code: string }>) =>
  new ShopApiError({ status, description: violations[0]?.message ?? 'Not Found', violations, method: 'PATCH', path: iri.order(TOKEN) });

function setup(
  start: Order,
  options: {
    requests?: PaymentRequest[];
    tokenAnswer?: { status: number; body: unknown };
    channel?: CheckoutDeps['channel'];
    client?: Partial<CheckoutDeps['client']>;
    storage?: CheckoutDeps['storage'];
    card?: CheckoutDeps['card'];
  } = {},
) {
  let current = start;
  const calls: string[] = [];
  const requests = [...(options.requests ?? [])];
  const client: CheckoutDeps['client'] = {
    getCart: async () => structuredClone(current),
    listAddresses: async () => [address(1, true), address(2)],
    setAddresses: async (_token, body) => {
      calls.push(`address ${JSON.stringify(body)}`);
      current = { ...current, checkoutState: 'addressed' };
      return current;
    },
    shippingMethods: async () => [carrier],
    selectShipping: async (_token, id, body) => {
      calls.push(`shipping ${id} ${body.shippingMethod} ${body.relayPoint ?? ''}`);
      return current;
    },
    paymentMethods: async () => methods,
    selectPayment: async (_token, id, method) => {
      calls.push(`payment ${id} ${method}`);
      return current;
    },
    complete: async (_token, body) => {
      calls.push(`complete ${JSON.stringify(body)}`);
      current = placed(current);
      return current;
    },
    relayPoints: async () => [] as FoundRelayPoint[],
    requestPayment: async (input) => {
      calls.push(`requestPayment ${JSON.stringify(input)}`);
      const answer = requests.shift()!;
      if (answer.responseData?.status === 'paid') current = { ...current, paymentState: 'paid' };
      return answer;
    },
    getPaymentRequest: async () => requests[0]!,
    ...options.client,
  };
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const answer = options.tokenAnswer ?? { status: 201, body: { resource: 'card-token', token: 'tkn_test123' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/hal+json' } });
  });
  const onPlaced = vi.fn();
  const store = createCheckoutStore({
    client,
    providerUrl: PROVIDER,
    fetch: fetch as unknown as typeof globalThis.fetch,
    channel: options.channel ?? null,
    onPlaced,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.card ? { card: options.card } : {}),
  });
  return { store, calls, fetch, onPlaced, current: () => current };
}

const card = { cardHolder: 'Camille Martin', cardNumber: '4000 0000 0000 9995', expiryDate: '12/30', verificationCode: '123' };
const paid: PaymentRequest = { hash: 'h1', state: 'completed', action: 'capture', responseData: { status: 'paid' } };
const refused: PaymentRequest = {
  hash: 'h2',
  state: 'failed',
  action: 'capture',
  responseData: { status: 'failed', failure: { reason: 'insufficient_funds', code: '51', message: 'Provision insuffisante' } },
};

describe('checkout store', () => {
  it('loads the order, the address book and the methods of the steps it reached', async () => {
    const { store } = setup(orderAt('visa'));
    const order = await store.load(TOKEN);
    expect(order?.tokenValue).toBe(TOKEN);
    expect(store.$addresses.get().map((a) => a.id)).toEqual([1, 2]);
    expect(store.$shippingMethods.get()).toEqual([carrier]);
    expect(store.$paymentMethods.get()).toEqual(methods);
    expect(store.$error.get()).toBeNull();
  });

  it('sends the book’s addresses without the book’s own fields, and no shipping address when it is the billing one', async () => {
    const { store, calls } = setup(fakeShop().newCart(TOKEN));
    await store.load(TOKEN);
    await store.setAddresses(address(1, true), address(1, true));
    const body = JSON.parse(calls[0]!.slice('address '.length));
    expect(body.shippingAddress).toBeNull();
    expect(body.billingAddress).not.toHaveProperty('@id');
    expect(body.billingAddress).not.toHaveProperty('isDefault');
    expect(body.billingAddress).not.toHaveProperty('alias');
    expect(body.billingAddress.street).toBe('1 rue de la Paix');
    await store.setAddresses(address(1), address(2));
    expect(JSON.parse(calls[1]!.slice('address '.length)).shippingAddress.street).toBe('2 rue de la Paix');
  });

  it('a card goes to the provider only; a refusal gives the bank’s message and code, and paying again succeeds', async () => {
    const { store, calls, fetch, onPlaced } = setup(orderAt('visa'), { requests: [refused, paid] });
    await store.load(TOKEN);
    await expect(store.placeOrder({ notes: '', termsAccepted: true, card, redirectUrl: 'https://shop.test/ok' })).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${PROVIDER}/components/card-tokens`);
    expect(JSON.parse(String(init?.body)).cardNumber).toBe('4000000000009995');
    // The shop never sees the card: only the token.
    expect(calls.join('\n')).not.toContain('4000');
    expect(calls.find((c) => c.startsWith('requestPayment'))).toContain('"cardToken":"tkn_test123"');
    expect(store.$error.get()).toMatchObject({ code: 'payment_refused', bank: { message: 'Provision insuffisante', code: '51' } });
    // The order is placed and awaits its payment.
    expect(store.$order.get()?.paymentState).toBe('awaiting_payment');
    expect(onPlaced).toHaveBeenCalledTimes(1);

    await expect(store.pay({ card: { ...card, cardNumber: '4543474002249996' }, redirectUrl: 'https://shop.test/ok' })).resolves.toEqual({
      kind: 'paid',
    });
    expect(store.$error.get()).toBeNull();
    expect(calls.filter((c) => c.startsWith('complete'))).toHaveLength(1);
  });

  it('a card the provider refuses before any payment does not place the order', async () => {
    const { store, calls } = setup(orderAt('visa'), {
      tokenAnswer: {
        status: 422,
        body: { status: 422, title: 'Unprocessable Entity', detail: 'The card has expired', field: 'expiryDate' },
      },
    });
    await store.load(TOKEN);
    await expect(store.placeOrder({ notes: '', termsAccepted: true, card, redirectUrl: 'x' })).rejects.toThrow();
    expect(store.$error.get()).toMatchObject({ code: 'card_invalid', field: 'expiryDate' });
    expect(calls.some((c) => c.startsWith('complete'))).toBe(false);
  });

  it('a bank transfer places the order, which awaits the money: the bank details are kept for the confirmation', async () => {
    const bankTransfer = { bankName: 'Sandbox Bank', iban: 'NL91 ABNA 0417 1643 00', bic: 'ABNANL2A', reference: 'RF18 5390 0754 7034' };
    const { store, calls } = setup(orderAt('bank_transfer'), {
      requests: [
        {
          hash: 'h4',
          state: 'processing',
          action: 'capture',
          responseData: { status: 'open', checkoutUrl: 'https://pay.example.test/bank/tr_2', bankTransfer },
        },
      ],
    });
    await store.load(TOKEN);
    await expect(store.placeOrder({ notes: 'Merci', termsAccepted: true, redirectUrl: 'x' })).resolves.toEqual({ kind: 'awaiting' });
    expect(calls[0]).toBe('complete {"notes":"Merci","termsAccepted":true}');
    expect(JSON.parse(calls[1]!.slice('requestPayment '.length))).toEqual({
      paymentId: 9,
      paymentMethodCode: 'bank_transfer',
      payload: { redirectUrl: 'x' },
    });
    expect(store.$bankTransfer.get()).toEqual(bankTransfer);
  });

  it('a free order is placed without asking the provider', async () => {
    const { store, calls } = setup(orderAt('visa', { total: 0, payments: [], checkoutState: 'payment_skipped' }), {
      client: { complete: async () => placed(orderAt('visa', { total: 0, payments: [] }), 'paid') },
    });
    await store.load(TOKEN);
    await expect(store.placeOrder({ notes: '', termsAccepted: true, redirectUrl: 'x' })).resolves.toEqual({ kind: 'paid' });
    expect(calls.some((c) => c.startsWith('requestPayment'))).toBe(false);
  });

  it('the confirmation asks the last payment request again (the shop then asks the provider)', async () => {
    const storage = new Map<string, string>();
    const shared = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    };
    const asked: string[] = [];
    const paying = setup(orderAt('paypal'), {
      requests: [
        {
          hash: 'h5',
          state: 'processing',
          action: 'capture',
          responseData: { status: 'open', checkoutUrl: 'https://pay.example.test/paypal/tr_3' },
        },
      ],
      storage: shared,
    });
    await paying.store.load(TOKEN);
    await paying.store.placeOrder({ notes: '', termsAccepted: true, redirectUrl: 'x' });
    // Back from PayPal, on the confirmation page (a new page: a new store).
    const back = setup(placed(orderAt('paypal'), 'paid'), {
      storage: shared,
      client: {
        getPaymentRequest: async (hash) => {
          asked.push(hash);
          return { hash, state: 'completed', action: 'capture', responseData: { status: 'paid' } };
        },
      },
    });
    await back.store.load(TOKEN);
    expect((await back.store.refreshPayment())?.paymentState).toBe('paid');
    expect(asked).toEqual(['h5']);
  });

  it('PayPal sends the shopper to the provider’s approval page', async () => {
    const { store } = setup(orderAt('paypal'), {
      requests: [
        {
          hash: 'h3',
          state: 'processing',
          action: 'capture',
          responseData: { status: 'open', checkoutUrl: 'https://pay.example.test/paypal/tr_1' },
        },
      ],
    });
    await store.load(TOKEN);
    await expect(store.placeOrder({ notes: '', termsAccepted: true, redirectUrl: 'x' })).resolves.toEqual({
      kind: 'redirect',
      url: 'https://pay.example.test/paypal/tr_1',
    });
  });

  it('a refused step keeps the API’s violations', async () => {
    const inactive = { propertyPath: 'relayPoint', message: 'Ce point relais n’est plus actif', code: 'RELAY_POINT_INACTIVE' };
    const { store: failing } = setup(orderAt('visa'), {
      client: {
        selectShipping: async () => {
          throw refusal(422, [inactive]);
        },
      },
    });
    await failing.load(TOKEN);
    await expect(failing.selectShipping('relay_point', 'ABC123')).rejects.toThrow();
    expect(failing.$error.get()).toMatchObject({ code: 'refused', violations: [inactive] });
  });

  it('no point near the place searched, and a failed search, are codes of their own', async () => {
    const { store } = setup(orderAt('visa'));
    await store.load(TOKEN);
    expect(await store.searchRelayPoints({ postcode: '99999' })).toEqual([]);
    expect(store.$error.get()?.code).toBe('relay_none');
  });

  it('a funnel of the same order in another tab is warned, and continuing reloads the order', async () => {
    const channels = fakeChannels();
    const here = setup(fakeShop().newCart(TOKEN), { channel: channels.open() });
    const there = setup(fakeShop().newCart(TOKEN), { channel: channels.open() });
    const otherOrder = setup(fakeShop().newCart('order-2'), { channel: channels.open() });
    await Promise.all([here.store.load(TOKEN), there.store.load(TOKEN), otherOrder.store.load('order-2')]);
    await here.store.setAddresses(address(1), null);
    expect(there.store.$elsewhere.get()).toBe(true);
    expect(otherOrder.store.$elsewhere.get()).toBe(false);
    expect(here.store.$elsewhere.get()).toBe(false);
    await there.store.continueHere();
    expect(there.store.$elsewhere.get()).toBe(false);
  });

  it('the cart of another tab follows a step as it follows a change of the cart: told before, given the order after', async () => {
    const channels = fakeChannels();
    const { store } = setup(fakeShop().newCart(TOKEN), { channel: channels.open() });
    const shop = fakeShop();
    shop.carts.set(TOKEN, shop.newCart(TOKEN));
    const cartTab = createCartStore({
      client: shop.client,
      storage: memoryStorage({ [STORAGE_KEYS.cartToken]: TOKEN }),
      channel: channels.open(),
    });
    cartTab.start();
    await store.load(TOKEN);
    const told: boolean[] = [];
    cartTab.$updatingElsewhere.listen((value) => void told.push(value));
    await store.setAddresses(address(1), null);
    await settle();
    expect(told).toEqual([true, false]);
    expect(cartTab.$cart.get()?.checkoutState).toBe('addressed');
    cartTab.stop();
  });

  describe('with Mollie Components (a profile id is set)', () => {
    const components = (mollie: ReturnType<typeof fakeMollie>) =>
      cardTokeniser({ mollieProfileId: 'pfl_Test123', locale: 'fr_FR' }, { providerUrl: PROVIDER }, async () => mollie.factory);
    const targets = { cardNumber: '#n', expiryDate: '#e', verificationCode: '#c', cardHolder: '#h' };

    it('pays with the token of Mollie’s fields: no card detail passes through the page or the shop', async () => {
      const mollie = fakeMollie({ token: 'tkn_FromMollie' });
      const card = components(mollie);
      const { store, calls, fetch } = setup(orderAt('visa'), { requests: [paid], card });
      await store.load(TOKEN);
      if (card.kind !== 'components') throw new Error('expected Mollie Components');
      await card.mount(targets, () => undefined);
      await expect(store.placeOrder({ notes: '', termsAccepted: true, card: 'components', redirectUrl: 'x' })).resolves.toEqual({
        kind: 'paid',
      });
      expect(mollie.tokensAsked()).toBe(1);
      expect(fetch).not.toHaveBeenCalled();
      expect(calls.find((c) => c.startsWith('requestPayment'))).toContain('"cardToken":"tkn_FromMollie"');
    });

    it('an error from createToken is shown to the shopper in Mollie’s words, and the order is not placed', async () => {
      const mollie = fakeMollie({ error: { message: 'Le numéro de carte est incomplet.' } });
      const card = components(mollie);
      const { store, calls } = setup(orderAt('visa'), { card });
      await store.load(TOKEN);
      if (card.kind !== 'components') throw new Error('expected Mollie Components');
      await card.mount(targets, () => undefined);
      await expect(store.placeOrder({ notes: '', termsAccepted: true, card: 'components', redirectUrl: 'x' })).rejects.toThrow();
      const error = store.$error.get()!;
      expect(error).toMatchObject({ code: 'card_invalid', description: 'Le numéro de carte est incomplet.' });
      expect(errorText(treeTranslator('fr', { checkout: frCheckout }), error)).toEqual(['Le numéro de carte est incomplet.']);
      expect(calls.some((c) => c.startsWith('complete'))).toBe(false);
    });

    it('paying before Mollie’s fields are on the page fails without placing the order', async () => {
      const { store, calls } = setup(orderAt('visa'), { card: components(fakeMollie({ token: 'tkn_x' })) });
      await store.load(TOKEN);
      await expect(store.placeOrder({ notes: '', termsAccepted: true, card: 'components', redirectUrl: 'x' })).rejects.toThrow();
      expect(store.$error.get()?.code).toBe('failed');
      expect(calls.some((c) => c.startsWith('complete'))).toBe(false);
    });
  });
});
