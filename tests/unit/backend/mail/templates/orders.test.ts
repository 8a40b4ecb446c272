import { describe, expect, it } from 'vitest';
import { longDate, money } from '../../../../../src/backend/mail/format.ts';
import { accountingLines } from '../../../../../src/lib/orders/accounting-lines.ts';
import { orderMail, orderMailKinds, type OrderMailInput } from '../../../../../src/backend/mail/templates/orders.ts';
import { SUBSCRIPTION_DISCOUNT, SUBSCRIPTION_MIN_DELIVERIES } from '../../../../../src/lib/constants.ts';
import { slipsOf } from '../../../i18n/typography.ts';
import { sampleOrder as order } from './sample-order.ts';

const input = (over: Partial<OrderMailInput> = {}): OrderMailInput => ({
  lang: 'fr',
  to: 'jeanne@example.com',
  firstName: 'Jeanne',
  order,
  payment: { code: 'cheque', name: 'Chèque', delayed: true, instructions: 'Envoyez-le à Lyon.', bankTransfer: null, card: null },
  links: { order: 'https://shop.test/mon-compte/mes-commandes/tok/', payAgain: 'https://shop.test/commande/tok/confirmation/' },
  ...over,
});

describe('order mail templates', () => {
  it('date the order in the shop’s time zone (Paris), not in UTC', () => {
    expect(orderMail('confirmation', input()).text).toContain('du 2 mars 2026.');
  });

  it('escape every text they did not write in the HTML, and carry only the shop’s links', () => {
    const mail = orderMail('confirmation', input());
    expect(mail.html).toContain('8 avenue &lt;b&gt;Foch&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Foch');
    expect([...mail.html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])).toEqual(['https://shop.test/mon-compte/mes-commandes/tok/']);
  });

  it('leave out a first name that could read as a link', () => {
    expect(orderMail('shipped', input({ firstName: 'www.evil.example' })).text.startsWith('Bonjour,')).toBe(true);
  });

  it('list the accounting lines, the promotion by its label and the service fees of the method', () => {
    const text = orderMail('confirmation', input()).text;
    // The frequency as the product page says it (lib/catalogue/frequencies.ts), not in days.
    expect(text).toContain('2 × Croquettes Poulet – 2 kg (abonnement, tous les mois)\u00A0: 45,80\u00A0€');
    expect(orderMail('confirmation', input({ lang: 'nl' })).text).toContain('(abonnement, elke maand)');
    expect(text).toContain('Réduction (Bienvenue)\u00A0: -4,58\u00A0€');
    expect(text).toContain('Frais de service\u00A0: 1,50\u00A0€');
    expect(text).toContain('Total TTC\u00A0: 47,52\u00A0€');
    // Free delivery is said as the cart says it; an amount line reads as one even at zero.
    const freeDelivery = orderMail('confirmation', input({ order: { ...order, shippingTotal: 0, taxTotal: 0 } })).text;
    expect(freeDelivery).toContain('Frais de livraison\u00A0: Gratuit');
    expect(freeDelivery).toContain('dont TVA\u00A0: 0,00\u00A0€');
    expect(accountingLines('nl', order).map((l) => l.label)).toEqual([
      'Subtotaal artikelen',
      'Korting (Bienvenue)',
      'Verzendkosten',
      'Servicekosten',
      'Totaal excl. btw',
      'waarvan btw',
      'Totaal incl. btw',
    ]);
  });

  it('say that a delayed method ships on payment, with its instructions, and that a free order needs no payment', () => {
    expect(orderMail('confirmation', input()).text).toContain('elle sera expédiée dès réception de votre paiement.\nEnvoyez-le à Lyon.');
    const free = orderMail('confirmation', input({ order: { ...order, total: 0, paymentState: 'paid' }, payment: null })).text;
    expect(free).toContain('Votre commande est gratuite\u00A0: aucun paiement n’est nécessaire.');
    expect(free).not.toContain('expédiée dès réception');
  });

  it('point a card-paid subscription line to the subscription’s own mail, with its discount and commitment; paid otherwise, say nothing of it', () => {
    const card = {
      code: 'visa',
      name: 'Carte Visa',
      delayed: false,
      instructions: null,
      bankTransfer: null,
      card: { brand: 'Visa', last4: '4242' },
    };
    const paid = (lang: 'fr' | 'nl') =>
      orderMail('confirmation', input({ lang, payment: card, order: { ...order, paymentState: 'paid' } }));
    const percent = Math.round(SUBSCRIPTION_DISCOUNT * 100);
    expect(paid('fr').text).toContain(
      `Abonnement\u00A0: -${percent}\u00A0% à chaque livraison, au moins ${SUBSCRIPTION_MIN_DELIVERIES} livraisons\u00A0; détails dans l’e-mail de confirmation de votre abonnement.`,
    );
    expect(paid('fr').html).toContain('détails dans l’e-mail de confirmation de votre abonnement');
    expect(paid('nl').text).toContain(
      `Abonnement: -${percent}% bij elke levering, minstens ${SUBSCRIPTION_MIN_DELIVERIES} leveringen; details in de bevestigingsmail van je abonnement.`,
    );
    for (const lang of ['fr', 'nl'] as const) expect(slipsOf(lang, [['confirmation', paid(lang).text]])).toEqual([]);
    expect(orderMail('confirmation', input()).text).not.toContain('confirmation de votre abonnement');
    const oneOff = { ...order, items: order.items.map((i) => ({ ...i, subscriptionInterval: 0 })) };
    expect(orderMail('confirmation', input({ payment: card, order: oneOff })).text).not.toContain('confirmation de votre abonnement');
  });

  it('exist for every event in both languages, with a subject naming the order', () => {
    for (const kind of orderMailKinds) {
      for (const lang of ['fr', 'nl'] as const) {
        const mail = orderMail(kind, input({ lang }));
        expect(mail.subject).toContain('000001001');
        expect(mail.text).toContain(lang === 'fr' ? 'Bonjour Jeanne,' : 'Dag Jeanne,');
        expect(mail.html.startsWith('<!doctype html>')).toBe(true);
      }
    }
    expect(orderMail('paymentFailed', input({ lang: 'nl' })).text).toContain('https://shop.test/commande/tok/confirmation/');
    expect(money('nl', 0)).toBe('Gratis');
  });
});

describe('mail dates', () => {
  it('write the first of the month as French does, "1er mars"', () => {
    expect(longDate('fr', '2026-03-01T10:00:00Z')).toBe('1er mars 2026');
    expect(longDate('fr', '2026-03-02T10:00:00Z')).toBe('2 mars 2026');
    expect(longDate('nl', '2026-03-01T10:00:00Z')).toBe('1 maart 2026');
  });
});
