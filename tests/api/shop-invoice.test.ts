import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_DELAY_DAYS } from '../../src/lib/constants.ts';
import { OperatorError, shipOrder } from '../../src/backend/operator/ship.ts';
import { taxFreePrice } from '../../src/lib/catalogue/pricing.ts';
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
  // Each stream read by its dictionary's /Length: its deflated bytes may end in a carriage return, which a
  // search for the "endstream" line would take for the line's end (then nothing inflates, once in 256 PDFs).
  for (const stream of source.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = stream.index! + stream[0].length;
    let content = Buffer.from(source.slice(start, start + Number(stream[1])), 'latin1');
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

/** An amount as the French invoice writes it, and back. */
const euros = (minor: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(minor / 100).replace(/\u202f/g, '\u00a0');
const minor = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', ''));

/** The warehouse ships the order on that day: the shop's clock reads it then (a ship date is never in the future). */
async function shipOn(number: string, tracking: string, at: string | Date) {
  clock.set(at instanceof Date ? at.toISOString() : at);
  return shipOrder(platform.db, { number, tracking, at: new Date(at) }, { now: clock.now(), env });
}

describe('GET /shop/orders/{token}/invoice', () => {
  it('is a 404 before shipment and until the announced delay has begun, then a real PDF for the owner', async () => {
    const { customer, token, number } = await paidOrder();
    expectNotFound(await invoice(token, customer.token));

    const shippedAt = new Date('2026-03-03T15:30:00Z');
    await shipOn(number, '6A12345678901', shippedAt);
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
    await shipOn(number, '6A12345678902', '2026-03-03T10:00:00Z');
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
    expect(text).toContain(euros(placed.total));
    expect(text).toContain(euros(placed.taxTotal));
    expect(text).toContain(euros(placed.totalExcludingTax));
  });

  it('states the seller’s legal form and share capital, each line’s unit price excluding tax, and lines adding up to the totals', async () => {
    // An address too long for the client's column: broken at its @, never mid-word.
    const email = `camille.martin-dupont.${Date.now()}@maison-gamelle-clients.example`;
    const customer = await api.signUp({ email });
    const steps = checkout(api, customer.token);
    const token = await steps.cart();
    await steps.upToPayment(token, 'visa');
    const placed = ok(await steps.complete(token));
    await platform.db.query(`UPDATE shop.orders SET payment_state = 'paid' WHERE token_value = $1`, [token]);
    await shipOn(placed.number!, '6A12345678907', '2026-03-03T10:00:00Z');
    clock.set('2026-03-20T10:00:00Z');
    const res = await platform.app.request(`http://platform.test/api/v2/shop/orders/${token}/invoice?channelCode=FR&locale=fr_FR`, {
      headers: { authorization: `Bearer ${await signIn(customer)}`, 'x-forwarded-for': platform.clientAddress },
    });
    expect(res.status).toBe(200);
    const lines = pdfText(Buffer.from(await res.arrayBuffer())).split('\n');

    expect(lines).toContain('SAS au capital de 120\u00A0000\u00A0€');
    const [local, domain] = email.split('@');
    expect(lines).toContain(local);
    expect(lines).toContain(`@${domain}`);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain('Prix unitaire TTC Prix unitaire HT');

    // The table's cells: after the header, up to the totals; every line ends with its VAT rate, HT and TTC.
    const table = lines.slice(lines.indexOf('Total TTC') + 1, lines.lastIndexOf('Total HT'));
    const item = placed.items[0]!;
    const row = table.slice(table.indexOf(`${item.productName} – ${item.variantName}`) + 1);
    expect(row.slice(0, 3)).toEqual([euros(item.unitPrice), euros(taxFreePrice(item.unitPrice, 0.2)), '1']);
    const excl: number[] = [];
    const incl: number[] = [];
    table.forEach((cell, i) => {
      if (cell !== '20\u00A0%') return;
      excl.push(minor(table[i + 1]!));
      incl.push(minor(table[i + 2]!));
    });
    // The cheapest item and shipping both cost 4,90 €: each 4,08 € excluding tax on its own, 8,16 € together,
    // but the order's 9,80 € is 8,17 € excluding tax; shipping takes the cent, the item keeps its unit price.
    expect(excl).toHaveLength(2);
    expect(incl.reduce((a, b) => a + b)).toBe(placed.total);
    expect(excl[0]).toBe(taxFreePrice(item.unitPrice, 0.2));
    expect(excl.reduce((a, b) => a + b)).toBe(placed.totalExcludingTax);
    expect(lines).toContain(euros(placed.totalExcludingTax));
    expect(lines).toContain(
      'Prix unitaires HT arrondis au centime\u00A0: multipliés par la quantité, ils peuvent différer de quelques centimes du total HT de la ligne.',
    );
  });

  it('speaks Dutch to the Dutch site, with Belgian VAT', async () => {
    const { customer, token, number } = await paidOrder('BE', 'nl_BE');
    await shipOn(number, '6A12345678903', '2026-03-03T10:00:00Z');
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
      'SAS (vereenvoudigde vennootschap op aandelen) met een kapitaal van €\u00A0120.000',
      'Eenheidsprijzen excl. btw afgerond op de cent: vermenigvuldigd met het aantal kunnen ze enkele centen afwijken van het totaal excl. btw van de lijn.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text.replace(/\s+/g, ' ')).toContain('Eenheidsprijs incl. btw Eenheidsprijs excl. btw Aantal Btw');
  });

  it('is the owner’s only: another customer and an anonymous caller get what an unknown order gets', async () => {
    const { customer, token, number } = await paidOrder();
    await shipOn(number, '6A12345678904', '2026-03-03T10:00:00Z');
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
    await shipOn(placed.number!, '6A12345678905', '2026-03-03T10:00:00Z');
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
