/** What the newsletter, contact and sponsorship specs share: the outbox of an e-mail, a signed-in shopper's cart made through the shop API. */
import type { APIRequestContext } from '@playwright/test';
import { channelOf, type LocaleCode } from '../../src/lib/channels.ts';
import { expect, PLATFORM } from './helpers.ts';

/** A dog food in stock at 23,90 € (tests/e2e/checkout.spec.ts). */
const FOOD = '10000001';

export type Mail = { to: string; subject: string; text: string };

/** The platform's outbox for one e-mail, newest first. */
export async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const res = await request.get(`${PLATFORM}/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { mails: Mail[] }).mails;
}

/** A cart of the signed-in shopper (their session's token) holding `quantity` dog foods: its token. */
export async function cartWithFood(request: APIRequestContext, locale: LocaleCode, token: string, quantity = 1): Promise<string> {
  const q = `channelCode=${channelOf(locale).code}&locale=${locale}`;
  const bearer = { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json', Authorization: `Bearer ${token}` };
  const cart = await request.post(`${PLATFORM}/api/v2/shop/orders?${q}`, {
    headers: bearer,
    data: { localeCode: locale, channelCode: channelOf(locale).code },
  });
  const tokenValue = ((await cart.json()) as { tokenValue: string }).tokenValue;
  const added = await request.patch(`${PLATFORM}/api/v2/shop/orders/${tokenValue}/items?${q}`, {
    headers: { ...bearer, 'Content-Type': 'application/merge-patch+json' },
    data: { productVariant: `/api/v2/shop/product-variants/${FOOD}`, quantity, subscriptionInterval: 0 },
  });
  expect(added.status(), await added.text()).toBe(200);
  return tokenValue;
}
