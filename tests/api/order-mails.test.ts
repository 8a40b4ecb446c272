import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipOrder } from '../../scripts/operator.ts';
import { listMails, linksOf } from '../../src/backend/mail/outbox.ts';
import { queueOrderMail } from '../../src/backend/shop/order-mails/queue.ts';
import type { OrderMailKind } from '../../src/backend/shop/order-mails/templates.ts';
import { checkout, ok } from './shop-checkout-support.ts';
import { shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;
const env = { SITE_URL_FR: 'https://www.maison-gamelle.test', SITE_URL_BE: 'https://be.maison-gamelle.test' };

beforeAll(async () => {
  clock.set('2026-03-02T09:00:00Z');
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
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
    expect(linksOf(failed.html)).toEqual([`https://www.maison-gamelle.test/commande/${token}/confirmation/`]);
    expect(failed.text).toContain(`https://www.maison-gamelle.test/commande/${token}/confirmation/`);

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
      expect(body).toContain('Numéro de suivi : 6A98765432101');
      expect(body).toContain('Transporteur : Colissimo');
      expect(body).toContain('7 à 10 jours après l’expédition');
    }
    expect((await listMails(platform.db, { to: customer.email })).map((m) => m.subject)).toHaveLength(5);
  });

  it('are written in Dutch to a Dutch-speaking customer of the BE site, with links to the Dutch pages', async () => {
    const { customer, token, order } = await placed('BE', 'nl_BE', 'visa', 'nl');
    const number = order.number!;
    await queue('confirmation', token);
    const confirmation = await lastMailTo(customer.email);
    expect(confirmation.subject).toBe(`Uw bestelling nr. ${number} is bevestigd`);
    expect(confirmation.text).toContain('Dag Camille,');
    expect(confirmation.text).toContain(`Bedankt voor uw bestelling nr. ${number} van 2 maart 2026.`);
    expect(confirmation.html).toContain('Totaal incl. btw');
    expect(linksOf(confirmation.html)).toEqual([`https://be.maison-gamelle.test/nl/mijn-account/mijn-bestellingen/${token}/`]);

    await queue('paymentFailed', token);
    expect(linksOf((await lastMailTo(customer.email)).html)).toEqual([`https://be.maison-gamelle.test/nl/orderbevestiging/${token}/`]);
    await platform.db.query(`UPDATE shop.orders SET payment_state = 'paid' WHERE token_value = $1`, [token]);
    await queue('paymentReceived', token);
    expect((await lastMailTo(customer.email)).subject).toBe(`Betaling ontvangen voor uw bestelling nr. ${number}`);
    await shipOrder(platform.db, { number, tracking: '6A98765432102' }, { now: clock.now(), env });
    const shipped = await lastMailTo(customer.email);
    expect(shipped.subject).toBe(`Uw bestelling nr. ${number} is verzonden`);
    expect(shipped.text).toContain('Trackingnummer: 6A98765432102');
  });

  it('follow the customer’s language only where the site speaks it: a Dutch speaker on the FR site reads French', async () => {
    const { customer, token } = await placed('FR', 'fr_FR', 'visa', 'nl');
    await queue('confirmation', token);
    expect((await lastMailTo(customer.email)).subject).toMatch(/^Votre commande n° /);
  });

  it('tell a bank transfer or a cheque what to do, and that the order ships on payment', async () => {
    const cheque = await placed('FR', 'fr_FR', 'cheque', 'fr');
    await queue('confirmation', cheque.token);
    const mail = await lastMailTo(cheque.customer.email);
    expect(mail.text).toContain('Votre commande est en attente de paiement : elle sera expédiée dès réception de votre paiement.');
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
    expect(nl.text).toContain('Uw bestelling wacht op betaling: ze wordt verzonden zodra uw betaling ontvangen is.');
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
