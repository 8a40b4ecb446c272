/**
 * The orders of the account, in French on the FR site and in Dutch on the BE site: the list, newest
 * first, ten at a time with "load more"; an order's detail with its status in its display group's colour;
 * the invoice, announced before shipment and a real PDF once the parcel left (shipped 8 days ago through
 * the platform's operator endpoint); axe on the list and the detail. The orders are placed through the
 * shop API, and the shopper signed in through it, so no e-mail lookup is spent.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { channelOf } from '../../src/lib/channels.ts';
import { INVOICE_DELAY_DAYS } from '../../src/lib/constants.ts';
import { DISPLAY_STATUSES } from '../../src/lib/orders/display-status.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import {
  type ApiSession,
  atPath,
  createCustomer,
  expect,
  expectNoSeriousViolation,
  languageOf,
  localeOf,
  pathOf,
  PLATFORM,
  signInThroughApi,
  test,
  textsOf,
} from './helpers.ts';

const API = `${PLATFORM}/api/v2/shop`;
/** A dog food in stock (src/backend/seed/fixtures/products.json). */
const FOOD = '10000001';
/** The demos' coupon of 100 % (src/backend/seed/demo-coupons.ts): an order with nothing to pay. */
const FREE_ORDER_COUPON = 'OFFERT100';
const DAY = 24 * 60 * 60 * 1000;

interface PlacedOrder {
  tokenValue: string;
  number: string;
  shipments: Array<{ id: number }>;
  payments: Array<{ id: number }>;
}

/** The shop API's calls for a signed-in customer on the project's site. */
function shopCalls(request: APIRequestContext, info: TestInfo, session: ApiSession) {
  const locale = localeOf(info);
  const query = `channelCode=${channelOf(locale).code}&locale=${locale}`;
  const call = async <T>(method: 'POST' | 'PATCH', path: string, data: object): Promise<T> => {
    const response = await request.fetch(`${API}${path}?${query}`, {
      method,
      headers: {
        Accept: 'application/ld+json',
        'Content-Type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/ld+json',
        Authorization: `Bearer ${session.token}`,
      },
      data,
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const belgian = channelOf(locale).code === 'BE';
  const address = belgian
    ? { firstName: 'Lotte', lastName: 'Peeters', street: 'Meir 12', city: 'Antwerpen', postcode: '2000', countryCode: 'BE' }
    : { firstName: 'Camille', lastName: 'Martin', street: '12 rue de la République', city: 'Lyon', postcode: '69002', countryCode: 'FR' };

  return {
    call,
    /** An order placed without the funnel: a cart, the address, home delivery, a bank transfer (or nothing to pay). */
    async placeOrder({ free = false } = {}): Promise<PlacedOrder> {
      const { tokenValue } = await call<PlacedOrder>('POST', '/orders', { localeCode: locale, channelCode: channelOf(locale).code });
      await call('PATCH', `/orders/${tokenValue}/items`, { productVariant: iri.variant(FOOD), quantity: 1, subscriptionInterval: 0 });
      if (free) await call('PATCH', `/orders/${tokenValue}/apply-coupon`, { couponCode: FREE_ORDER_COUPON });
      const addressed = await call<PlacedOrder>('PATCH', `/orders/${tokenValue}/address`, {
        billingAddress: { ...address, phoneNumber: belgian ? '+32471123456' : '+33612345678' },
      });
      const shipping = await call<PlacedOrder>('PATCH', `/orders/${tokenValue}/shipments/${addressed.shipments[0]!.id}`, {
        shippingMethod: iri.shippingMethod('home_delivery'),
      });
      if (!free)
        await call('PATCH', `/orders/${tokenValue}/payments/${shipping.payments.at(-1)!.id}`, {
          paymentMethod: iri.paymentMethod('bank_transfer'),
        });
      return call<PlacedOrder>('PATCH', `/orders/${tokenValue}/complete`, { termsAccepted: true });
    },
  };
}

/** The status badge says its label and wears its display group's colours. */
async function expectStatus(
  page: Page,
  info: TestInfo,
  code: keyof typeof DISPLAY_STATUSES,
  colours: { background: string; text: string },
) {
  const status = DISPLAY_STATUSES[code];
  const badge = page.locator('.order-detail__head .order-status');
  await expect(badge).toHaveText(status.label[languageOf(info)]);
  await expect(badge).toHaveAttribute('data-group', status.group);
  await expect(badge).toHaveCSS('background-color', colours.background);
  await expect(badge).toHaveCSS('color', colours.text);
}
const GREEN = { background: 'rgb(227, 239, 228)', text: 'rgb(36, 90, 46)' };
const ORANGE = { background: 'rgb(249, 236, 214)', text: 'rgb(122, 70, 0)' };

test('the orders of the account: a list with "load more", a detail in its status colour, the invoice once shipped', async ({
  page,
}, info) => {
  // Eleven orders placed through the shop API before the first page.
  test.slow();
  const t = textsOf(info);
  const session = await signInThroughApi(page, info, await createCustomer(page.request, info));
  const api = shopCalls(page.request, info, session);
  const awaiting: PlacedOrder[] = [];
  for (let i = 0; i < 10; i++) awaiting.push(await api.placeOrder());
  const free = await api.placeOrder({ free: true });

  await page.goto(pathOf(info, 'orders'));
  const cards = page.locator('.order-card');
  await expect(cards).toHaveCount(10);
  // Newest first: the free order, then the transfers from the last one placed.
  await expect(cards.first().getByRole('heading')).toHaveText(t('orders.card.title', { number: free.number }));
  await expect(cards.nth(1).getByRole('heading')).toHaveText(t('orders.card.title', { number: awaiting[9]!.number }));
  await expect(page.getByText(t.plural('orders.list.shown', 10, { total: 11 }))).toBeVisible();
  await expectNoSeriousViolation(page, 'the list of orders');
  await page.getByRole('button', { name: t('orders.list.loadMore') }).click();
  await expect(cards).toHaveCount(11);
  // The oldest order came with the second page, and the focus moved to it.
  await expect(cards.last().getByRole('heading')).toHaveText(t('orders.card.title', { number: awaiting[0]!.number }));
  await expect(cards.last().getByRole('link')).toBeFocused();
  await expect(page.getByRole('button', { name: t('orders.list.loadMore') })).toHaveCount(0);
  await expect(page.getByText(t.plural('orders.list.shown', 11, { total: 11 }))).toBeVisible();

  // An order awaiting its bank transfer: orange, with a way to pay.
  await cards.last().getByRole('link').click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'order', { order: awaiting[0]!.tokenValue })));
  await expectStatus(page, info, 'awaiting_payment', ORANGE);
  await expect(page.getByRole('link', { name: t('orders.detail.payAgain') })).toBeVisible();
  await expectNoSeriousViolation(page, 'an order awaiting its payment');

  // The free order, paid and being prepared: the invoice is announced for after the shipment.
  await page.goto(pathOf(info, 'order', { order: free.tokenValue }));
  await expectStatus(page, info, 'processing', GREEN);
  const invoice = page.locator('section[aria-labelledby="order-invoice"]');
  await expect(invoice).toContainText(t('orders.invoice.notShipped', { min: INVOICE_DELAY_DAYS.min, max: INVOICE_DELAY_DAYS.max }));
  await expect(invoice.getByRole('button')).toHaveCount(0);
  await expect(page.getByText(t('orders.detail.noPayment'))).toBeVisible();
  await expectNoSeriousViolation(page, 'a paid order');

  // The warehouse ships it, 8 days ago (before the order: the tests' backdating): the invoice is there.
  const shipped = await page.request.post(`${PLATFORM}/operator/orders/${free.number}/ship`, {
    data: { tracking: '6A12345678901', at: new Date(Date.now() - 8 * DAY).toISOString(), backdate: true },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  await page.reload();
  await expectStatus(page, info, 'shipped', GREEN);
  await expect(page.getByText('6A12345678901')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoice.getByRole('button', { name: t('orders.invoice.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`FA-${free.number}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('%%EOF');
  await expectNoSeriousViolation(page, 'a shipped order');
});
