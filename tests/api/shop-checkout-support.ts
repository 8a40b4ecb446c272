/** What the checkout tests share: a signed-in customer's cart with items, the steps as calls, test relay points and coupons. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { hydraError, violationList } from '../../src/lib/shop-api/errors.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { order as orderSchema, type Order } from '../../src/lib/shop-api/orders.ts';
import type { shopApi, TestPlatform } from './platform.ts';

const fixtures = loadFixtures();
const sellable = fixtures.products
  .filter((p) => p.viewable && !p.isSample)
  .flatMap((p) => p.variants.filter((v) => v.showVariant && v.inStock).map((v) => ({ product: p, ...v })));
/** The cheapest sellable variant: one unit stays below the free-shipping threshold. */
export const cheapest = [...sellable].sort((x, y) => x.basePrice - y.basePrice)[0]!;
/** A free sample (price 0) that can be added to a cart. */
export const freeSample = fixtures.products
  .filter((p) => p.viewable && p.isSample)
  .flatMap((p) => p.variants)
  .find((v) => v.showVariant && v.inStock && v.basePrice === 0);

export const frAddress = {
  firstName: 'Jeanne',
  lastName: 'Moreau',
  countryCode: 'FR',
  street: '8 avenue Foch',
  city: 'Lyon',
  postcode: '69006',
  phoneNumber: '06 12 34 56 78',
};
export const beAddress = {
  firstName: 'Lotte',
  lastName: 'Peeters',
  countryCode: 'BE',
  street: 'Meir 12',
  city: 'Antwerpen',
  postcode: '2000',
  phoneNumber: '+32470123456',
};
export const luAddress = { ...frAddress, countryCode: 'LU', city: 'Luxembourg', postcode: '1111', phoneNumber: '+352621123456' };

export type Api = ReturnType<typeof shopApi>;
type Res = { status: number; body: unknown };

export function expectViolation(res: Res, propertyPath: string, code: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  const list = violationList.parse(res.body);
  const found = list.violations.find((v) => v.propertyPath === propertyPath);
  expect(found, JSON.stringify(list)).toBeDefined();
  expect(found!.code).toBe(code);
  if (message) expect(found!.message).toBe(message);
  return found!;
}

export function expectNotFound(res: Res) {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(hydraError.parse(res.body)['hydra:description']).toBe('Not Found');
}

export const ok = (res: Res, status = 200): Order => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return orderSchema.parse(res.body);
};

/** The checkout's calls for one customer's session. */
export function checkout(api: Api, session: string, channel: 'FR' | 'BE' = 'FR', locale = channel === 'FR' ? 'fr_FR' : 'fr_BE') {
  const query = `channelCode=${channel}&locale=${locale}`;
  const call = (method: string, path: string, body?: unknown, token = session) => api.call(method, path, { body, token, query });
  return {
    query,
    call,
    async cart(items: Array<{ code: string; quantity?: number; interval?: number }> = [{ code: cheapest.code }]) {
      const cart = ok(await call('POST', '/orders', { localeCode: locale, channelCode: channel }), 201);
      for (const item of items) {
        ok(
          await call('PATCH', `/orders/${cart.tokenValue}/items`, {
            productVariant: iri.variant(item.code),
            quantity: item.quantity ?? 1,
            subscriptionInterval: item.interval ?? 0,
          }),
        );
      }
      return cart.tokenValue;
    },
    address: (token: string, body: unknown) => call('PATCH', `/orders/${token}/address`, body),
    shippingMethods: (token: string, shipmentId: number) => call('GET', `/orders/${token}/shipments/${shipmentId}/methods`),
    ship: (token: string, shipmentId: number, body: unknown) => call('PATCH', `/orders/${token}/shipments/${shipmentId}`, body),
    paymentMethods: (token: string, paymentId: number) => call('GET', `/orders/${token}/payments/${paymentId}/methods`),
    pay: (token: string, paymentId: number, body: unknown) => call('PATCH', `/orders/${token}/payments/${paymentId}`, body),
    complete: (token: string, body: unknown = { termsAccepted: true }) => call('PATCH', `/orders/${token}/complete`, body),
    get: (token: string) => call('GET', `/orders/${token}`),
    /** Address, home delivery and a payment method: the order is ready to complete. */
    async upToPayment(token: string, paymentMethod = 'visa', address: object = channel === 'FR' ? frAddress : beAddress) {
      const addressed = ok(await this.address(token, { billingAddress: address }));
      const shipped = ok(await this.ship(token, addressed.shipments[0]!.id, { shippingMethod: iri.shippingMethod('home_delivery') }));
      if (shipped.checkoutState === 'payment_skipped') return shipped;
      return ok(await this.pay(token, shipped.payments.at(-1)!.id, { paymentMethod: iri.paymentMethod(paymentMethod) }));
    },
  };
}

/** Pays a placed order's open payment by card (the card form's token), as the funnel's card step does. */
export const payByCard = (api: Api, session: string, paymentId: number, cardToken: string) =>
  api.call('POST', '/payment-requests', {
    token: session,
    body: {
      paymentId,
      paymentMethodCode: 'visa',
      action: 'capture',
      payload: { redirectUrl: 'http://localhost:4321/commande/x/confirmation/', cardToken },
    },
  });

/** A relay point of this test run (ids are unique, so runs on a shared PostgreSQL database do not meet). */
export async function addRelayPoint(platform: TestPlatform, { active = true } = {}): Promise<string> {
  const id = `T${randomBytes(3).toString('hex').toUpperCase().slice(0, 5)}`;
  await platform.db.query(
    `INSERT INTO relay.points (id, type, name, street, postcode, city, latitude, longitude, opening_hours, active)
     VALUES ($1, 'A2P', 'Tabac de la Gare', '3 place de la Gare', '69002', 'Lyon', 45.75, 4.83, $2::text::jsonb, $3)`,
    [
      id,
      JSON.stringify({
        monday: [
          ['09:00', '12:30'],
          ['14:00', '19:00'],
        ],
        sunday: [],
      }),
      active,
    ],
  );
  return id;
}

/** A coupon of this test run: `percent` off the items; `singleUse`: one completed order only, whoever places it. */
export async function addCoupon(
  platform: TestPlatform,
  percent: number,
  { singleUse = false, firstOrderOnly = false } = {},
): Promise<string> {
  const code = `TEST${randomBytes(4).toString('hex').toUpperCase()}`;
  await platform.db.query(
    `INSERT INTO shop.coupons (code, kind, value, label_fr, label_nl, single_use, first_order_only)
     VALUES ($1, 'percentage', $2, 'Offert', 'Gratis', $3, $4)`,
    [code, percent, singleUse, firstOrderOnly],
  );
  return code;
}
