/**
 * The order confirmation (src/islands/checkout/ConfirmationIsland.tsx) once paid, in French and in Dutch:
 * what was bought (each line with its quantity, format and price, the totals), where it goes (the address,
 * the carrier and its delivery time) and, for a subscription line, the subscription it started (how often,
 * its next delivery, its price, the link to change or stop it). The delivery time and the subscription come
 * from other calls than the order's: their places are drawn before they arrive (nothing moves when they do).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { messagesFor, translator } from '../../src/i18n/translate.ts';
import ConfirmationIsland from '../../src/islands/checkout/ConfirmationIsland.tsx';
import { intervalText } from '../../src/lib/catalogue/frequencies.ts';
import { formatPrice } from '../../src/lib/catalogue/money.ts';
import { intlLocaleOf, languageOf, type LocaleCode } from '../../src/lib/channels.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import type { Order, OrderItem } from '../../src/lib/shop-api/orders.ts';
import type { Subscription } from '../../src/lib/shop-api/subscriptions.ts';
import { getShop } from '../../src/stores/shop.ts';
import { customerAnswer, signedInAnswer } from './support/answers.ts';
import { shopApiOnFetch, signedIn } from './support/island.tsx';

// The session is the page's singleton, read once: signed in for the whole file.
afterAll(() => getShop().session.logout());

const collection = (members: unknown[]) => ({ '@type': 'hydra:Collection', 'hydra:member': members, 'hydra:totalItems': members.length });
const PLACED_AT = '2027-01-04T09:30:00.000Z';

function line(token: string, id: number, fields: Partial<OrderItem>): OrderItem {
  const quantity = fields.quantity ?? 1;
  const unitPrice = fields.unitPrice ?? 2390;
  return {
    '@id': iri.orderItem(token, id),
    '@type': 'OrderItem',
    id,
    variant: iri.variant(fields.variantCode ?? '10000001'),
    variantCode: '10000001',
    productName: 'Croquettes Chien Adulte',
    variantName: '2 kg',
    quantity,
    unitPrice,
    originalUnitPrice: unitPrice,
    total: unitPrice * quantity,
    subscriptionInterval: 0,
    sourceItemList: null,
    upsell: false,
    productPath: null,
    image: null,
    animal: 'dog',
    sample: false,
    ...fields,
  };
}

const ADDRESSES = {
  fr_FR: {
    firstName: 'Camille',
    lastName: 'Martin',
    street: '12 rue de la République',
    postcode: '69002',
    city: 'Lyon',
    countryCode: 'FR',
  },
  nl_BE: { firstName: 'Lotte', lastName: 'Peeters', street: 'Meir 12', postcode: '2000', city: 'Antwerpen', countryCode: 'BE' },
} as const;
const ESTIMATES = {
  fr_FR: 'Livré chez vous en 2 à 4 jours ouvrés, contre signature.',
  nl_BE: 'Bij je thuis geleverd in 2 tot 4 werkdagen, tegen handtekening.',
} as const;

/** A paid order of `items`, delivered at home by Colissimo, paid by Visa; `number` tells it from the other tests' orders. */
function paidOrder(locale: 'fr_FR' | 'nl_BE', token: string, number: string, items: OrderItem[]): Order {
  const itemsTotal = items.reduce((sum, item) => sum + item.total, 0);
  const address = {
    ...ADDRESSES[locale],
    company: null,
    street2: null,
    provinceCode: null,
    provinceName: null,
    phoneNumber: '+33612345678',
    phoneNumber2: null,
    deliveryInstructions: null,
  };
  return {
    '@id': iri.order(token),
    '@type': 'Order',
    tokenValue: token,
    number,
    state: 'new',
    checkoutState: 'completed',
    paymentState: 'paid',
    shippingState: 'ready',
    checkoutCompletedAt: PLACED_AT,
    currencyCode: 'EUR',
    localeCode: locale,
    channelCode: locale === 'fr_FR' ? 'FR' : 'BE',
    customer: iri.customer(7),
    items,
    freeProducts: [],
    couponCode: null,
    coupon: null,
    promotions: [],
    itemsTotal,
    orderPromotionTotal: 0,
    shippingTotal: 490,
    serviceFeesTotal: 0,
    taxTotal: Math.round((itemsTotal + 490) / 11),
    total: itemsTotal + 490,
    totalExcludingTax: itemsTotal + 490 - Math.round((itemsTotal + 490) / 11),
    freeShippingThreshold: 4900,
    amountToFreeShipping: 0,
    notes: null,
    billingAddress: address,
    shippingAddress: address,
    shipments: [
      {
        '@id': iri.shipment(token, 5),
        '@type': 'Shipment',
        id: 5,
        state: 'ready',
        method: iri.shippingMethod('home_delivery'),
        carrier: 'Colissimo',
        relayPoint: null,
        trackingNumber: null,
        shippedAt: null,
      },
    ],
    payments: [
      {
        '@id': iri.payment(token, 9),
        '@type': 'Payment',
        id: 9,
        state: 'completed',
        method: iri.paymentMethod('visa'),
        amount: itemsTotal + 490,
        currencyCode: 'EUR',
        card: { brand: 'Visa', last4: '9996', expiry: '12/34' },
      },
    ],
    status: { code: 'paid', group: 'valid', label: 'Payée' },
  };
}

/** A subscription of the account, as the list answers it (no draft). */
function subscription(
  code: string,
  frequency: number,
  nextShipmentDate: string,
  order: Order,
  startedByOrder: string | null,
): Subscription {
  return {
    '@id': `/api/v2/shop/subscriptions/${code}`,
    '@type': 'Subscription',
    code,
    state: 'active',
    status: { code: 'active', group: 'valid', label: 'En cours' },
    frequency,
    nextShipmentDate,
    editLimitDate: `${nextShipmentDate}T00:00:00.000Z`,
    locked: false,
    frequencyChoices: [],
    card: { brand: 'Visa', last4: '9996', expiry: '12/34' },
    shippingMethod: iri.shippingMethod('home_delivery'),
    carrier: 'Colissimo',
    relayPoint: null,
    shippingAddress: order.shippingAddress!,
    alerts: [],
    abortRequest: null,
    shipNow: null,
    createdAt: '2027-01-04T09:30:02.000Z',
    startedByOrder,
    nextOrder: null,
  };
}

/** The confirmation page of `order`, on a shop API that answers it; the delivery time and the subscriptions held until released. */
function confirmationOf(order: Order, subscriptions: Subscription[]) {
  const locale = order.localeCode as LocaleCode;
  const api = shopApiOnFetch();
  api.answer('GET', /\/customers\/7$/, () => ({ status: 200, body: customerAnswer() }));
  api.answer('GET', new RegExp(`/orders/${order.tokenValue}$`), () => ({ status: 200, body: order }));
  api.answer('GET', /\/addresses$/, () => ({ status: 200, body: collection([]) }));
  api.answer('GET', /\/shipments\/5\/methods$/, () => ({
    status: 200,
    body: collection([
      {
        '@id': iri.shippingMethod('home_delivery'),
        '@type': 'ShippingMethod',
        code: 'home_delivery',
        name: languageOf(locale) === 'fr' ? 'Livraison à domicile' : 'Levering aan huis',
        description: ESTIMATES[locale as keyof typeof ESTIMATES],
        kind: 'home',
        carrier: 'Colissimo',
        fee: 490,
        price: 490,
      },
    ]),
  }));
  api.answer('GET', /\/subscriptions$/, () => ({ status: 200, body: collection(subscriptions) }));
  const held = { estimate: api.hold('GET', /\/shipments\/5\/methods$/), subscriptions: api.hold('GET', /\/subscriptions$/) };
  signedIn(signedInAnswer());
  window.history.replaceState(null, '', pathTo('orderConfirmation', locale, { order: order.tokenValue }));
  const language = languageOf(locale);
  render(
    <ConfirmationIsland
      locale={locale}
      messages={messagesFor(language, ['account', 'cart', 'checkout', 'forms', 'generic', 'islands', 'relay'])}
    />,
  );
  const t = translator(language);
  const price = (minor: number) => formatPrice(minor, intlLocaleOf(language), t('generic.free'));
  return { api, held, t, price };
}

const confirmation = () => document.querySelector<HTMLElement>('[data-confirmation="paid"]');
/** The page's checkout store outlives a test: the confirmation is this test's order once it says its number. */
const shown = async (order: Order, t: ReturnType<typeof translator>) =>
  waitFor(() => expect(confirmation()?.textContent).toContain(t('checkout.confirmation.number', { number: order.number! })));

for (const locale of ['fr_FR', 'nl_BE'] as const) {
  describe(locale, () => {
    it('a paid order shows what was bought, where it goes and when, and its total', async () => {
      const token = `paid-${locale}`;
      const order = paidOrder(locale, token, `00000104${locale === 'fr_FR' ? 1 : 2}`, [
        line(token, 1, { quantity: 2 }),
        line(token, 2, { variantCode: '10000002', productName: 'Friandises Chien', variantName: '150 g', unitPrice: 450 }),
      ]);
      const { held, t, price } = confirmationOf(order, []);
      await shown(order, t);
      expect(confirmation()!.textContent).toContain(t('checkout.confirmation.paid'));

      const bought = within(screen.getByRole('region', { name: t('checkout.confirmation.lines') }));
      const lines = bought.getAllByRole('listitem');
      expect(lines.map((l) => l.textContent)).toEqual([
        `Croquettes Chien Adulte – 2 kg${t('checkout.cart.quantity', { quantity: 2 })}${price(4780)}`,
        `Friandises Chien – 150 g${t('checkout.cart.quantity', { quantity: 1 })}${price(450)}`,
      ]);
      expect(bought.getByText(t('cart.lines.total')).nextElementSibling!.textContent).toBe(price(order.total));

      const delivery = within(screen.getByRole('region', { name: t('checkout.shipping.title') }));
      const address = ADDRESSES[locale];
      const country = new Intl.DisplayNames([locale.replace('_', '-')], { type: 'region' }).of(address.countryCode)!;
      expect(delivery.getByText(t('checkout.confirmation.shippingAddress'))).toBeTruthy();
      expect(document.querySelector('[data-confirmation-delivery] address')!.textContent).toBe(
        `${address.firstName} ${address.lastName}${address.street}${address.postcode} ${address.city}${country}`,
      );
      // The delivery time's place is there before it arrives, and holds it once it does.
      const estimate = document.querySelector('[data-delivery-estimate]')!;
      expect(estimate.textContent).toBe('');
      await act(async () => held.estimate.release());
      await waitFor(() => expect(estimate.textContent).toBe(ESTIMATES[locale]));
      expect(document.querySelector('[data-delivery-estimate]')).toBe(estimate);
      // A one-off order starts no subscription.
      expect(document.querySelector('[data-confirmation-subscriptions]')).toBeNull();
    });

    it('a subscription order shows the subscription it started: how often, its next delivery, its price, and where to change or stop it', async () => {
      const token = `subscribed-${locale}`;
      const order = paidOrder(locale, token, `00000105${locale === 'fr_FR' ? 1 : 2}`, [
        line(token, 1, { quantity: 2, unitPrice: 2151, originalUnitPrice: 2390, subscriptionInterval: 31 }),
        line(token, 2, { variantCode: '10000002', productName: 'Friandises Chien', variantName: '150 g', unitPrice: 450 }),
      ]);
      // Two other subscriptions of the same frequency, started by other orders.
      const subscriptions = [
        subscription('SOLD', 31, '2027-01-10', order, 'an-older-order'),
        subscription('SNEW', 31, '2027-02-04', order, token),
        subscription('SOTHER', 31, '2027-02-05', order, 'another-order'),
      ];
      const { held, t, price } = confirmationOf(order, subscriptions);
      await shown(order, t);
      // The subscription line says so among the lines.
      const frequency = intervalText(languageOf(locale), 31);
      expect(document.querySelector('[data-line="10000001"]')!.textContent).toContain(
        t('checkout.cart.every', { frequency: frequency.toLocaleLowerCase() }),
      );

      const block = document.querySelector<HTMLElement>('[data-subscription-interval="31"]')!;
      const value = (label: string) => within(block).getByText(label).nextElementSibling!.textContent;
      expect(within(document.querySelector<HTMLElement>('[data-confirmation-subscriptions]')!).getByRole('heading').textContent).toBe(
        t.plural('checkout.confirmation.subscription.title', 1),
      );
      expect(value(t('checkout.confirmation.subscription.frequency'))).toBe(frequency);
      expect(value(t('checkout.confirmation.subscription.price'))).toBe(
        t('checkout.confirmation.subscription.perDelivery', { amount: price(4302) }),
      );
      // The next delivery's place is there while the subscription is looked for; the link leads to the list meanwhile.
      const next = block.querySelector('[data-next-delivery]')!;
      const manage = within(block).getByRole('link', { name: t('checkout.confirmation.subscription.manage') });
      expect(manage.getAttribute('href')).toBe(pathTo('subscriptions', locale));
      await act(async () => held.subscriptions.release());
      const day = new Intl.DateTimeFormat(intlLocaleOf(languageOf(locale)), { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date('2027-02-04T00:00:00Z'),
      );
      await waitFor(() => expect(next.textContent).toBe(day));
      expect(block.querySelector('[data-next-delivery]')).toBe(next);
      expect(manage.getAttribute('href')).toBe(pathTo('subscription', locale, { subscription: 'SNEW' }));
    });
  });
}
