/**
 * A subscription's terms in writing (issue 44): paying by card an order with subscription lines starts one
 * subscription per frequency, and each start writes its terms' mail once, in the customer's language, with
 * the next delivery as the account shows it and a link to the subscription on the customer's site; the
 * webhook delivered again and the shopper's return, which both settle the same payment, write no second one.
 * The order's confirmation points to it.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_WEBHOOK_SECRET } from '../../src/backend/config/published.ts';
import { linksOf, listMails } from '../../src/backend/mail/outbox.ts';
import { longDate, money } from '../../src/backend/mail/format.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { subscription as subscriptionSchema, type Subscription } from '../../src/lib/shop-api/subscriptions.ts';
import { payingPlatform } from './paying-platform.ts';
import { shopApi, testClock, type TestPlatform } from './platform.ts';
import { checkout, ok } from './shop-checkout-support.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;
let origin: string;
let close: () => Promise<void>;
const env = { SITE_URL_FR: 'https://www.maison-gamelle.test', SITE_URL_BE: 'https://be.maison-gamelle.test' };

const sellable = loadFixtures()
  .products.filter((p) => p.viewable && !p.isSample)
  .flatMap((p) => p.variants.filter((v) => v.showVariant && v.inStock).map((v) => ({ product: p, ...v })));

beforeAll(async () => {
  clock.set('2031-03-03T09:00:00Z');
  ({ platform, origin, close } = await payingPlatform({ clock: clock.now, env }));
  api = shopApi(platform);
});
afterAll(async () => {
  await close();
});

async function cardToken() {
  const res = await fetch(`${origin}/payments/components/card-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardHolder: 'Lotte Peeters', cardNumber: '4543474002249996', expiryDate: '12/35', verificationCode: '123' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** The provider's webhook for the payment, signed as the sandbox signs it. */
async function webhook(paymentId: number) {
  const [row] = await platform.db.query<{ provider_payment_id: string }>('SELECT provider_payment_id FROM shop.payments WHERE id = $1', [
    paymentId,
  ]);
  const body = `id=${row!.provider_payment_id}`;
  const res = await api.call('POST', '/payments/webhook', {
    raw: body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-mollie-signature': `sha256=${createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(body).digest('hex')}`,
    },
  });
  expect(res.status).toBe(200);
}

const TERMS = { fr: 'Votre abonnement a démarré\u00A0: ses conditions', nl: 'Je abonnement is gestart: de voorwaarden' };
const termsMailsTo = async (email: string) =>
  (await listMails(platform.db, { to: email, limit: 50 })).filter((m) => m.subject === TERMS.fr || m.subject === TERMS.nl);

/** A customer of `channel` who pays by card an order of these lines, the payment then settled again by the webhook (twice) and their return. */
async function paid(
  channel: 'FR' | 'BE',
  locale: string,
  preferredLanguage: 'fr' | 'nl',
  lines: Array<{ code: string; interval: number }>,
) {
  const me = await api.signUp({ preferredLanguage });
  const steps = checkout(api, me.token, channel, locale);
  const token = await steps.cart(lines.map((l) => ({ ...l, quantity: 2 })));
  await steps.upToPayment(token, 'visa');
  const order = ok(await steps.complete(token));
  const paymentId = order.payments.at(-1)!.id;
  // The card step as the funnel sends it, coming back to the customer's site.
  const request = await api.call('POST', '/payment-requests', {
    token: me.token,
    body: {
      paymentId,
      paymentMethodCode: 'visa',
      action: 'capture',
      payload: { redirectUrl: `${env[`SITE_URL_${channel}`]}/commande/${token}/confirmation/`, cardToken: await cardToken() },
    },
  });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  await webhook(paymentId);
  await webhook(paymentId);
  const back = await api.call('GET', `/payment-requests/${request.body.hash}`, { token: me.token });
  expect(back.body).toMatchObject({ responseData: { status: 'paid' } });
  const list = await api.call('GET', '/subscriptions', { token: me.token, query: `channelCode=${channel}&locale=${locale}` });
  const subscriptions: Subscription[] = [];
  for (const { code } of list.body['hydra:member'] as Subscription[]) {
    const read = await api.call('GET', `/subscriptions/${code}`, { token: me.token, query: `channelCode=${channel}&locale=${locale}` });
    subscriptions.push(subscriptionSchema.parse(read.body));
  }
  return { me, order, subscriptions };
}

describe('the terms of a subscription started by a paid order', () => {
  it('are mailed once, in Dutch to a Dutch speaker of the BE site, with the next delivery the account shows and the subscription’s Dutch page', async () => {
    const food = sellable[0]!;
    const oneOff = sellable.find((v) => v.product.sku !== food.product.sku);
    const { me, order, subscriptions } = await paid('BE', 'fr_BE', 'nl', [
      { code: food.code, interval: 42 },
      { code: oneOff!.code, interval: 0 },
    ]);
    expect(subscriptions).toHaveLength(1);
    const [started] = subscriptions;
    const mails = await termsMailsTo(me.email);
    expect(mails.map((m) => m.subject)).toEqual([TERMS.nl]);
    const [mail] = mails;
    const text = mail!.text.replace(/\u00A0/g, ' ');
    for (const term of [
      `Je abonnement ${started!.code} is gestart met je bestelling nr. ${order.number}`,
      `Je producten, geleverd om de 6 weken:\n2 × ${food.product.name.nl} – ${food.name.nl}`,
      `ze vertrekt op ${longDate('nl', `${started!.nextShipmentDate}T12:00:00Z`)}, voor ${money('nl', started!.nextOrder!.total)}`.replace(
        /\u00A0/g,
        ' ',
      ),
      'eindigend op 9996',
      'Herroepingsrecht',
    ]) {
      expect(text).toContain(term);
    }
    expect(text).not.toContain(oneOff!.product.name.nl);
    const page = `${env.SITE_URL_BE}${pathTo('subscription', 'nl_BE', { subscription: started!.code })}`;
    expect(linksOf(mail!.html)).toEqual([page]);

    // The order's confirmation, in the same language, points to it.
    const [confirmation] = (await listMails(platform.db, { to: me.email, limit: 50 })).filter((m) => m.subject.includes('is bevestigd'));
    expect(confirmation!.text).toContain('details in de bevestigingsmail van je abonnement');
  });

  it('are mailed once per subscription: two frequencies, two subscriptions, two mails, in French on the FR site', async () => {
    const { me, order, subscriptions } = await paid('FR', 'fr_FR', 'fr', [
      { code: sellable[2]!.code, interval: 31 },
      { code: sellable[3]!.code, interval: 62 },
    ]);
    expect(subscriptions).toHaveLength(2);
    // Each names the order that started it, which the order's confirmation page reads.
    expect(subscriptions.map((s) => s.startedByOrder)).toEqual([order.tokenValue, order.tokenValue]);
    const mails = await termsMailsTo(me.email);
    expect(mails.map((m) => m.subject)).toEqual([TERMS.fr, TERMS.fr]);
    const linked = mails.flatMap((m) => linksOf(m.html)).sort();
    expect(linked).toEqual(
      subscriptions.map((s) => `${env.SITE_URL_FR}${pathTo('subscription', 'fr_FR', { subscription: s.code })}`).sort(),
    );
    expect(mails.map((m) => m.text.match(/livrés (tous les mois|tous les 2 mois)/)?.[1]).sort()).toEqual([
      'tous les 2 mois',
      'tous les mois',
    ]);
  });
});
