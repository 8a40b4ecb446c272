import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_DELAY_DAYS } from '../../src/lib/constants.ts';
import { OperatorError, shipOrder } from '../../src/backend/operator/ship.ts';
import { addCoupon, checkout, expectNotFound, ok } from './shop-checkout-support.ts';
import { shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

const START = '2026-03-02T09:00:00Z';
beforeEach(() => clock.set(START));
beforeAll(async () => {
  clock.set(START);
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
});

/**
 * The text a PDF shows: pdfkit writes each line as hex strings in TJ arrays (kerning between them), in
 * the standard fonts' WinAnsi encoding, inside streams that are deflated unless told otherwise.
 */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const stream of source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content = Buffer.from(stream[1]!, 'latin1');
    try {
      content = inflateSync(content);
    } catch {
      /* not deflated */
    }
    for (const tj of content.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('');
      lines.push(new TextDecoder('windows-1252').decode(Buffer.from(hex, 'hex')));
    }
  }
  return lines.join('\n');
}

/** A placed and paid order of a new customer (paid as the provider's webhook will mark it). */
async function paidOrder(channel: 'FR' | 'BE' = 'FR', locale?: string) {
  const customer = await api.signUp();
  const steps = checkout(api, customer.token, channel, locale);
  const token = await steps.cart();
  await steps.upToPayment(token, 'visa');
  const placed = ok(await steps.complete(token));
  await platform.db.query(`UPDATE shop.orders SET payment_state = 'paid' WHERE token_value = $1`, [token]);
  await platform.db.query(
    `UPDATE shop.payments SET state = 'completed', card_brand = 'Visa', card_last4 = '4242' WHERE order_id = (SELECT id FROM shop.orders WHERE token_value = $1)`,
    [token],
  );
  return { customer, steps, token, number: placed.number! };
}

const invoice = (token: string, session: string | undefined, query = 'channelCode=FR&locale=fr_FR') =>
  platform.request(`/api/v2/shop/orders/${token}/invoice?${query}`, { headers: session ? { authorization: `Bearer ${session}` } : {} });

/** Access tokens are short-lived: after the clock jumps days ahead, the customer logs in again. */
const signIn = async (customer: { email: string; password: string }) => (await api.login(customer.email, customer.password)).token;

const env = { SITE_URL_FR: 'https://www.maison-gamelle.test', SITE_URL_BE: 'https://www.maison-gamelle.test.be' };

describe('GET /shop/orders/{token}/invoice', () => {
  it('is a 404 before shipment and until the announced delay has begun, then a real PDF for the owner', async () => {
    const { customer, token, number } = await paidOrder();
    expectNotFound(await invoice(token, customer.token));

    const shippedAt = new Date('2026-03-03T15:30:00Z');
    await shipOrder(platform.db, { number, tracking: '6A12345678901', at: shippedAt }, { now: clock.now(), env });
    clock.set(new Date(shippedAt.getTime() + INVOICE_DELAY_DAYS.min * DAY - 1000));
    expectNotFound(await invoice(token, await signIn(customer)));

    clock.set(new Date(shippedAt.getTime() + INVOICE_DELAY_DAYS.min * DAY));
    const res = await invoice(token, await signIn(customer));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="FA-${number}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('holds the seller, the invoice number and date, the customer, the lines with their VAT, the totals and the payment', async () => {
    const { customer, token, number } = await paidOrder();
    await shipOrder(platform.db, { number, tracking: '6A12345678902', at: new Date('2026-03-03T10:00:00Z') }, { now: clock.now(), env });
    clock.set('2026-03-20T10:00:00Z');
    const response = await platform.app.request(`http://platform.test/api/v2/shop/orders/${token}/invoice?channelCode=FR&locale=fr_FR`, {
      headers: { authorization: `Bearer ${await signIn(customer)}`, 'x-forwarded-for': platform.clientAddress },
    });
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const text = pdfText(pdf);
    for (const expected of [
      'Maison Gamelle SAS',
      '12 rue de la Fosse',
      '44000 Nantes, France',
      'RCS Nantes 912 478 351',
      'Facture',
      `Facture n° FA-${number}`,
      'Date de facture 3 mars 2026',
      `Commande n° ${number}`,
      'Camille Martin',
      customer.email,
      'Jeanne Moreau',
      '8 avenue Foch',
      '69006 Lyon',
      'Prix unitaire',
      'TVA',
      'Total HT',
      '20\u00A0%',
      'Livraison (Colissimo)',
      'Total TTC',
      'Moyen de paiement\u00A0: Carte Visa (Visa •••• 4242) – Payée',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const placed = ok(await checkout(api, await signIn(customer)).get(token));
    expect(text).toContain(placed.items[0]!.productName);
    const euros = (minor: number) =>
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(minor / 100).replace(/\u202f/g, '\u00a0');
    expect(text).toContain(euros(placed.total));
    expect(text).toContain(euros(placed.taxTotal));
    expect(text).toContain(euros(placed.totalExcludingTax));
  });

  it('speaks Dutch to the Dutch site, with Belgian VAT', async () => {
    const { customer, token, number } = await paidOrder('BE', 'nl_BE');
    await shipOrder(platform.db, { number, tracking: '6A12345678903', at: new Date('2026-03-03T10:00:00Z') }, { now: clock.now(), env });
    clock.set('2026-03-20T10:00:00Z');
    const res = await platform.app.request(`http://platform.test/api/v2/shop/orders/${token}/invoice?channelCode=BE&locale=nl_BE`, {
      headers: { authorization: `Bearer ${await signIn(customer)}`, 'x-forwarded-for': platform.clientAddress },
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const expected of [
      'Factuur',
      `Factuur nr. FA-${number}`,
      '44000 Nantes, Frankrijk',
      'Eenheidsprijs',
      '21%',
      'Totaal incl. btw',
      'Betaalmethode: Visa-kaart (Visa •••• 4242) – Betaald',
      'Lotte Peeters',
      'Meir 12',
      '2000 Antwerpen',
      'België',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('is the owner’s only: another customer and an anonymous caller get what an unknown order gets', async () => {
    const { customer, token, number } = await paidOrder();
    await shipOrder(platform.db, { number, tracking: '6A12345678904', at: new Date('2026-03-01T10:00:00Z') }, { now: clock.now(), env });
    clock.set('2026-03-20T10:00:00Z');
    const session = await signIn(customer);
    expect((await invoice(token, session)).status).toBe(200);
    const stranger = await api.signUp();
    expectNotFound(await invoice(token, stranger.token));
    expect((await invoice(token, undefined)).status).toBe(401);
    expectNotFound(await invoice('unknownordertoken', session));
    expectNotFound(await invoice('not%20a%20token', session));
  });

  it('comes for a free order too, once shipped', async () => {
    const customer = await api.signUp();
    const steps = checkout(api, customer.token);
    const token = await steps.cart();
    ok(await steps.call('PATCH', `/orders/${token}/apply-coupon`, { couponCode: await addCoupon(platform, 100) }));
    await steps.upToPayment(token);
    const placed = ok(await steps.complete(token));
    expect(placed.paymentState).toBe('paid');
    await shipOrder(
      platform.db,
      { number: placed.number!, tracking: '6A12345678905', at: new Date('2026-03-01T10:00:00Z') },
      { now: clock.now(), env },
    );
    clock.set('2026-03-20T10:00:00Z');
    const res = await platform.app.request(`http://platform.test/api/v2/shop/orders/${token}/invoice?channelCode=FR&locale=fr_FR`, {
      headers: { authorization: `Bearer ${await signIn(customer)}`, 'x-forwarded-for': platform.clientAddress },
    });
    expect(res.status).toBe(200);
    expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain('Commande gratuite\u00A0: aucun paiement');
  });
});

describe('the operator ships an order', () => {
  it('only once it is paid, only once, and never an unknown number', async () => {
    const customer = await api.signUp();
    const steps = checkout(api, customer.token);
    const token = await steps.cart();
    await steps.upToPayment(token, 'bank_transfer');
    const placed = ok(await steps.complete(token));
    expect(placed.paymentState).toBe('awaiting_payment');
    await expect(shipOrder(platform.db, { number: placed.number!, tracking: '6A12345678906' }, { now: clock.now(), env })).rejects.toThrow(
      /ships once it is paid/,
    );

    await platform.db.query(`UPDATE shop.orders SET payment_state = 'paid' WHERE token_value = $1`, [token]);
    const shipped = await shipOrder(
      platform.db,
      { number: placed.number!, tracking: '6A12345678906', carrier: 'Chronopost' },
      { now: clock.now(), env },
    );
    expect(shipped.shippedAt).toBe(clock.now().toISOString());
    const after = ok(await steps.get(token));
    expect(after).toMatchObject({ state: 'fulfilled', shippingState: 'shipped', status: { code: 'shipped', group: 'valid' } });
    expect(after.shipments[0]).toMatchObject({
      state: 'shipped',
      trackingNumber: '6A12345678906',
      carrier: 'Chronopost',
      shippedAt: clock
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    });

    const again = shipOrder(platform.db, { number: placed.number!, tracking: '6A12345678906' }, { now: clock.now(), env });
    await expect(again).rejects.toBeInstanceOf(OperatorError);
    await expect(shipOrder(platform.db, { number: '999999999', tracking: '6A12345678906' }, { now: clock.now(), env })).rejects.toThrow(
      /No order numbered/,
    );
    await expect(shipOrder(platform.db, { number: placed.number!, tracking: 'x' }, { now: clock.now(), env })).rejects.toThrow(/tracking/);
  });
});
