/**
 * The order's mails: their texts (French and Dutch, text and HTML, links to the customer's site), and
 * that each is written once, with the change it tells of: completion, the provider's answer to a payment
 * request or its webhook (against the embedded Mollie sandbox, over HTTP as in production), the shipment.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEY, SANDBOX_WEBHOOK_SECRET } from '../../src/backend/config/published.ts';
import { listMails, linksOf } from '../../src/backend/mail/outbox.ts';
import { shipOrder } from '../../src/backend/operator/ship.ts';
import { queueOrderMail } from '../../src/backend/shop/orders/mails.ts';
import type { OrderMailKind } from '../../src/backend/mail/templates/orders.ts';
import { addCoupon, checkout, ok } from './shop-checkout-support.ts';
import { payingPlatform } from './paying-platform.ts';
import { shopApi, testClock, type TestPlatform } from './platform.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;
let origin: string;
let close: () => Promise<void>;
const env = { SITE_URL_FR: 'https://www.maison-gamelle.test', SITE_URL_BE: 'https://be.maison-gamelle.test' };

beforeAll(async () => {
  clock.set('2026-03-02T09:00:00Z');
  ({ platform, origin, close } = await payingPlatform({ clock: clock.now, env }));
  api = shopApi(platform);
});
afterAll(async () => {
  await close();
});

/** A customer's placed order on a site, paid by `method`. */
async function placed(channel: 'FR' | 'BE', locale: string, method: string, preferredLanguage: 'fr' | 'nl') {
  const customer = await api.signUp({ preferredLanguage });
  const steps = checkout(api, customer.token, channel, locale);
  const token = await steps.cart();
  await steps.upToPayment(token, method);
  const order = ok(await steps.complete(token));
  return { customer, token, order };
}

const queue = (kind: OrderMailKind, token: string) => queueOrderMail(platform.db, kind, token, { now: clock.now(), env });
const lastMailTo = async (to: string) => (await listMails(platform.db, { to, limit: 1 }))[0]!;

describe('the order mails', () => {
  it('are written in French on the FR site, as text and HTML, with the order, its lines and its links', async () => {
    const { customer, token, order } = await placed('FR', 'fr_FR', 'visa', 'fr');
    const number = order.number!;

    // Placed by card, the order is confirmed once paid (below); its confirmation as it is written then.
    await queue('confirmation', token);
    const confirmation = await lastMailTo(customer.email);
    expect(confirmation.subject).toBe(`Votre commande n° ${number} est confirmée`);
    for (const body of [confirmation.text, confirmation.html]) {
      expect(body).toContain(`Merci pour votre commande n° ${number} du 2 mars 2026.`);
      expect(body).toContain(order.items[0]!.productName);
      expect(body).toContain('Total TTC');
      expect(body).toContain('Carte Visa');
      expect(body).toContain('8 avenue Foch');
    }
    expect(confirmation.text).toContain('Bonjour Camille,');
    expect(linksOf(confirmation.html)).toEqual([`https://www.maison-gamelle.test/mon-compte/mes-commandes/${token}/`]);

    await queue('paymentFailed', token);
    const failed = await lastMailTo(customer.email);
    expect(failed.subject).toBe(`Le paiement de votre commande n° ${number} n’a pas abouti`);
    expect(failed.text).toContain('Votre commande est en attente de paiement');
    expect(linksOf(failed.html)).toEqual([`https://www.maison-gamelle.test/commande/${token}/`]);
    expect(failed.text).toContain(`https://www.maison-gamelle.test/commande/${token}/`);

    await platform.db.query(`UPDATE shop.orders SET payment_state = 'paid' WHERE token_value = $1`, [token]);
    await queue('paymentReceived', token);
    const received = await lastMailTo(customer.email);
    expect(received.subject).toBe(`Paiement reçu pour votre commande n° ${number}`);
    expect(received.html).toContain('Nous avons bien reçu votre paiement');

    // The operator's shipment queues its mail in the same transaction.
    await shipOrder(platform.db, { number, tracking: '6A98765432101' }, { now: clock.now(), env });
    const shipped = await lastMailTo(customer.email);
    expect(shipped.subject).toBe(`Votre commande n° ${number} est expédiée`);
    for (const body of [shipped.text, shipped.html]) {
      expect(body).toContain('Numéro de suivi\u00A0: 6A98765432101');
      expect(body).toContain('Transporteur\u00A0: Colissimo');
      expect(body).toContain('7 à 10 jours après l’expédition');
    }
    expect((await listMails(platform.db, { to: customer.email })).map((m) => m.subject)).toHaveLength(5);
  });

  it('are written in Dutch to a Dutch-speaking customer of the BE site, with links to the Dutch pages', async () => {
    const { customer, token, order } = await placed('BE', 'nl_BE', 'visa', 'nl');
    const number = order.number!;
    await queue('confirmation', token);
    const confirmation = await lastMailTo(customer.email);
    expect(confirmation.subject).toBe(`Je bestelling nr. ${number} is bevestigd`);
    expect(confirmation.text).toContain('Dag Camille,');
    expect(confirmation.text).toContain(`Bedankt voor je bestelling nr. ${number} van 2 maart 2026.`);
    expect(confirmation.html).toContain('Totaal incl. btw');
    expect(linksOf(confirmation.html)).toEqual([`https://be.maison-gamelle.test/nl/mijn-account/mijn-bestellingen/${token}/`]);

    await queue('paymentFailed', token);
    expect(linksOf((await lastMailTo(customer.email)).html)).toEqual([`https://be.maison-gamelle.test/nl/volgorde/${token}/`]);
    await platform.db.query(`UPDATE shop.orders SET payment_state = 'paid' WHERE token_value = $1`, [token]);
    await queue('paymentReceived', token);
    expect((await lastMailTo(customer.email)).subject).toBe(`Betaling ontvangen voor je bestelling nr. ${number}`);
    await shipOrder(platform.db, { number, tracking: '6A98765432102' }, { now: clock.now(), env });
    const shipped = await lastMailTo(customer.email);
    expect(shipped.subject).toBe(`Je bestelling nr. ${number} is verzonden`);
    expect(shipped.text).toContain('Trackingnummer: 6A98765432102');
  });

  it('follow the customer’s language only where the site speaks it: a Dutch speaker on the FR site reads French', async () => {
    const { customer } = await placed('FR', 'fr_FR', 'cheque', 'nl');
    expect((await lastMailTo(customer.email)).subject).toMatch(/^Votre commande n° /);
  });

  it('tell a bank transfer or a cheque what to do, and that the order ships on payment', async () => {
    const cheque = await placed('FR', 'fr_FR', 'cheque', 'fr');
    const mail = await lastMailTo(cheque.customer.email);
    expect(mail.text).toContain('Votre commande est en attente de paiement\u00A0: elle sera expédiée dès réception de votre paiement.');
    expect(mail.text).toContain('Libellez-le à l’ordre de Maison Gamelle');
    expect(mail.text).toContain('Frais de service');

    const transfer = await placed('BE', 'nl_BE', 'bank_transfer', 'nl');
    await platform.db.query(
      `UPDATE shop.payments SET details = $2::text::jsonb WHERE order_id = (SELECT id FROM shop.orders WHERE token_value = $1)`,
      [
        transfer.token,
        JSON.stringify({
          bankTransfer: { bankName: 'Stichting Mollie Payments', iban: 'NL10RABO0123456789', bic: 'RABONL2U', reference: 'RF12 3456 7890' },
        }),
      ],
    );
    await queue('confirmation', transfer.token);
    const nl = await lastMailTo(transfer.customer.email);
    expect(nl.text).toContain('Je bestelling wacht op betaling: ze wordt verzonden zodra je betaling ontvangen is.');
    expect(nl.text).toContain('IBAN: NL10RABO0123456789');
    expect(nl.text).toContain('Te vermelden referentie: RF12 3456 7890');
  });

  it('are not written for a cart that was never placed', async () => {
    const customer = await api.signUp();
    const token = await checkout(api, customer.token).cart();
    expect(await queue('confirmation', token)).toBeNull();
    expect(await listMails(platform.db, { to: customer.email })).toHaveLength(1); // the welcome mail only
  });
});

describe('each order mail is written once, with the change it tells of', () => {
  const subjectsTo = async (email: string) => (await listMails(platform.db, { to: email, limit: 200 })).map((m) => m.subject).reverse();
  /** The card form's call: the card goes to the provider, the shop gets a single-use token. */
  const cardToken = async (cardNumber: string) => {
    const res = await fetch(`${origin}/payments/components/card-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cardHolder: 'Camille Martin', cardNumber, expiryDate: '12/35', verificationCode: '123' }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const payWith = (session: string, paymentId: number, paymentMethodCode: string, payload: object = {}) =>
    api.call('POST', '/payment-requests', {
      token: session,
      body: {
        paymentId,
        paymentMethodCode,
        action: 'capture',
        payload: { redirectUrl: `${env.SITE_URL_FR}/commande/x/confirmation/`, ...payload },
      },
    });
  /** The provider's webhook for the payment, signed as the sandbox signs it. */
  const webhook = async (paymentId: number) => {
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
    return row!.provider_payment_id;
  };

  it('a cheque: the confirmation at completion, in its transaction, saying where to send it; a second completion writes none', async () => {
    const { customer, token, order } = await placed('FR', 'fr_FR', 'cheque', 'fr');
    expect(await subjectsTo(customer.email)).toEqual(['Bienvenue chez Maison Gamelle', `Votre commande n° ${order.number} est confirmée`]);
    expect((await lastMailTo(customer.email)).text).toContain('à l’ordre de Maison Gamelle');
    expect((await checkout(api, customer.token).complete(token)).status).toBe(422);
    expect(await subjectsTo(customer.email)).toHaveLength(2);
  });

  it('a refused card: no confirmation, the payment failed mail once, its link to the payment; the good card then: the confirmation, once, however often the webhook comes', async () => {
    const { customer, token, order } = await placed('FR', 'fr_FR', 'visa', 'fr');
    // Placed, not paid: nothing is confirmed yet.
    expect(await subjectsTo(customer.email)).toEqual(['Bienvenue chez Maison Gamelle']);
    const refused = await payWith(customer.token, order.payments.at(-1)!.id, 'visa', { cardToken: await cardToken('4000000000009995') });
    expect(refused.body).toMatchObject({ state: 'failed' });
    await webhook(order.payments.at(-1)!.id);
    const failed = await lastMailTo(customer.email);
    expect(failed.subject).toBe(`Le paiement de votre commande n° ${order.number} n’a pas abouti`);
    expect(linksOf(failed.html)).toEqual([`https://www.maison-gamelle.test/commande/${token}/`]);

    const again = ok(await checkout(api, customer.token).get(token)).payments.at(-1)!;
    const accepted = await payWith(customer.token, again.id, 'visa', { cardToken: await cardToken('4543474002249996') });
    expect(accepted.body).toMatchObject({ state: 'completed' });
    await webhook(again.id);
    await webhook(again.id);
    expect(await subjectsTo(customer.email)).toEqual([
      'Bienvenue chez Maison Gamelle',
      `Le paiement de votre commande n° ${order.number} n’a pas abouti`,
      `Votre commande n° ${order.number} est confirmée`,
    ]);
    // The confirmation says what paid it.
    expect((await lastMailTo(customer.email)).text).toContain('9996');
  });

  it('a PayPal payment paid by the webhook: the confirmation once, though the webhook and the shopper’s return both bring it', async () => {
    const { customer, order } = await placed('BE', 'nl_BE', 'paypal', 'nl');
    const payment = order.payments.at(-1)!;
    const request = await payWith(customer.token, payment.id, 'paypal');
    const providerId = await webhook(payment.id);
    await fetch(`${origin}/payments/sandbox/checkout/${providerId}`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'approve' }),
      redirect: 'manual',
    });
    await webhook(payment.id);
    await webhook(payment.id);
    expect((await api.call('GET', `/payment-requests/${request.body.hash}`, { token: customer.token })).body).toMatchObject({
      responseData: { status: 'paid' },
    });
    const subjects = await subjectsTo(customer.email);
    expect(subjects.slice(1)).toEqual([`Je bestelling nr. ${order.number} is bevestigd`]);
  });

  it('a bank transfer: the confirmation waits for the provider’s bank details and carries them, once; the money arriving brings the received mail', async () => {
    const { customer, order } = await placed('FR', 'fr_FR', 'bank_transfer', 'fr');
    expect(await subjectsTo(customer.email)).toEqual(['Bienvenue chez Maison Gamelle']);
    const payment = order.payments.at(-1)!;
    const request = await payWith(customer.token, payment.id, 'bank_transfer');
    const given = request.body.responseData.bankTransfer as { bankName: string; iban: string; bic: string; reference: string };
    expect(given).toMatchObject({ iban: expect.any(String), reference: expect.any(String) });
    const confirmation = await lastMailTo(customer.email);
    expect(confirmation.subject).toBe(`Votre commande n° ${order.number} est confirmée`);
    for (const line of [
      'Votre commande est en attente de paiement\u00A0: elle sera expédiée dès réception de votre paiement.',
      `Banque\u00A0: ${given.bankName}`,
      `IBAN\u00A0: ${given.iban}`,
      `BIC\u00A0: ${given.bic}`,
      `Référence à indiquer\u00A0: ${given.reference}`,
    ]) {
      expect(confirmation.text).toContain(line);
    }
    // The provider tells again that the transfer is open: no second confirmation.
    const providerId = await webhook(payment.id);
    expect(await subjectsTo(customer.email)).toHaveLength(2);

    const settled = await fetch(`${origin}/payments/sandbox/payments/${providerId}/settle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SANDBOX_API_KEY}` },
    });
    expect(settled.status).toBe(200);
    await webhook(payment.id);
    await webhook(payment.id);
    expect((await subjectsTo(customer.email)).slice(1)).toEqual([
      `Votre commande n° ${order.number} est confirmée`,
      `Paiement reçu pour votre commande n° ${order.number}`,
    ]);
  });

  it('a free order: the confirmation says so, and no payment mail follows', async () => {
    const customer = await api.signUp();
    const steps = checkout(api, customer.token);
    const token = await steps.cart();
    ok(await steps.call('PATCH', `/orders/${token}/apply-coupon`, { couponCode: await addCoupon(platform, 100) }));
    await steps.upToPayment(token);
    const placedOrder = ok(await steps.complete(token));
    expect(placedOrder.paymentState).toBe('paid');
    const confirmation = await lastMailTo(customer.email);
    expect(confirmation.subject).toBe(`Votre commande n° ${placedOrder.number} est confirmée`);
    expect(confirmation.text).toContain('Votre commande est gratuite\u00A0: aucun paiement n’est nécessaire.');
    expect(await subjectsTo(customer.email)).toHaveLength(2);
  });
});
