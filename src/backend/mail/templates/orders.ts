/**
 * The mails of an order, in the customer's language, as text and HTML: the confirmation (items, accounting
 * lines, delivery, and for a delayed method what to do so that it ships), the payment received, the payment
 * failed (the order waits for its payment: a link to pay again), a charge refunded (a second payment of an
 * order, which the shop does not keep: orders/payments.ts) and the parcel shipped (carrier and tracking
 * number, and when the invoice comes). Pure functions of the order as the API answers it.
 */
import { INVOICE_DELAY_DAYS, SUBSCRIPTION_MIN_DELIVERIES } from '../../../lib/constants.ts';
import type { Language } from '../../../lib/channels.ts';
import { accountingLines } from '../../../lib/orders/accounting-lines.ts';
import type { Order } from '../../../lib/shop-api/orders.ts';
import { escapeHtml, type Mail } from '../outbox.ts';
import { greeting, SHOP_NAME } from './parts.ts';
import {
  addressLines,
  amount,
  longDate,
  money,
  relayPointLines,
  subscriptionDiscount,
  subscriptionMention,
  type PaymentView,
} from '../format.ts';

export const orderMailKinds = ['confirmation', 'paymentReceived', 'paymentFailed', 'chargeRefunded', 'shipped'] as const;
export type OrderMailKind = (typeof orderMailKinds)[number];

export interface OrderMailInput {
  lang: Language;
  to: string;
  firstName: string;
  /** A placed order (it has its number and the date it was placed). */
  order: Order;
  /** Null for a free order: nothing to pay. */
  payment: PaymentView | null;
  /** The amount given back (chargeRefunded), in minor units. */
  refundedAmount?: number;
  links: {
    /** The order in the account. */
    order: string;
    /** The confirmation page, where a failed payment is tried again. */
    payAgain: string;
  };
}

const TEXTS = {
  fr: {
    subject: {
      confirmation: (n: string) => `Votre commande n° ${n} est confirmée`,
      paymentReceived: (n: string) => `Paiement reçu pour votre commande n° ${n}`,
      paymentFailed: (n: string) => `Le paiement de votre commande n° ${n} n’a pas abouti`,
      chargeRefunded: (n: string) => `Remboursement d’un second paiement de votre commande n° ${n}`,
      shipped: (n: string) => `Votre commande n° ${n} est expédiée`,
    },
    thanks: (n: string, date: string) => `Merci pour votre commande n° ${n} du ${date}.`,
    items: 'Votre commande',
    subscriptionTerms: (discount: string) =>
      `Abonnement\u00A0: ${discount} à chaque livraison, au moins ${SUBSCRIPTION_MIN_DELIVERIES} livraisons\u00A0; détails dans l’e-mail de confirmation de votre abonnement.`,
    summary: 'Récapitulatif',
    colon: '\u00A0: ',
    quantity: (q: number, name: string) => `${q} × ${name}`,
    delivery: 'Livraison',
    homeDelivery: 'À l’adresse\u00A0:',
    relayPoint: 'En point relais\u00A0:',
    billing: 'Adresse de facturation',
    payment: 'Paiement',
    paidWith: (name: string) => `Moyen de paiement\u00A0: ${name}`,
    card: (brand: string, last4: string) => `Carte ${brand} se terminant par ${last4}`,
    free: 'Votre commande est gratuite\u00A0: aucun paiement n’est nécessaire.',
    shipsOnPayment: 'Votre commande est en attente de paiement\u00A0: elle sera expédiée dès réception de votre paiement.',
    bankDetails: (b: NonNullable<PaymentView['bankTransfer']>, total: string) => [
      `Montant à virer\u00A0: ${total}`,
      `Banque\u00A0: ${b.bankName}`,
      `IBAN\u00A0: ${b.iban}`,
      `BIC\u00A0: ${b.bic}`,
      `Référence à indiquer\u00A0: ${b.reference}`,
    ],
    follow: 'Suivez votre commande dans votre espace client\u00A0:',
    received: (n: string, total: string) =>
      `Nous avons bien reçu votre paiement de ${total} pour la commande n° ${n}. Nous préparons votre colis.`,
    failed: (n: string) =>
      `Le paiement de votre commande n° ${n} n’a pas abouti. Votre commande est en attente de paiement\u00A0: elle vous attend, rien n’est perdu.`,
    refunded: (n: string, total: string) =>
      `Nous avons reçu un second paiement de ${total} pour votre commande n° ${n}, alors qu’elle était déjà réglée ou que ce paiement avait été annulé. Nous vous l’avons remboursé\u00A0: il apparaîtra sur votre compte sous quelques jours ouvrés. Vous n’avez rien à faire.`,
    payAgain: 'Vous pouvez régler votre commande à nouveau ici\u00A0:',
    payAgainLabel: 'Payer ma commande',
    shipped: (n: string) => `Bonne nouvelle\u00A0: votre commande n° ${n} est en route\u00A0!`,
    carrier: (name: string) => `Transporteur\u00A0: ${name}`,
    tracking: (number: string) => `Numéro de suivi\u00A0: ${number}`,
    invoiceSoon: `Votre facture sera disponible dans votre espace client ${INVOICE_DELAY_DAYS.min} à ${INVOICE_DELAY_DAYS.max} jours après l’expédition.`,
    orderLabel: 'Voir ma commande',
  },
  nl: {
    subject: {
      confirmation: (n: string) => `Je bestelling nr. ${n} is bevestigd`,
      paymentReceived: (n: string) => `Betaling ontvangen voor je bestelling nr. ${n}`,
      paymentFailed: (n: string) => `De betaling van je bestelling nr. ${n} is niet gelukt`,
      chargeRefunded: (n: string) => `Terugbetaling van een tweede betaling van je bestelling nr. ${n}`,
      shipped: (n: string) => `Je bestelling nr. ${n} is verzonden`,
    },
    thanks: (n: string, date: string) => `Bedankt voor je bestelling nr. ${n} van ${date}.`,
    items: 'Je bestelling',
    subscriptionTerms: (discount: string) =>
      `Abonnement: ${discount} bij elke levering, minstens ${SUBSCRIPTION_MIN_DELIVERIES} leveringen; details in de bevestigingsmail van je abonnement.`,
    summary: 'Overzicht',
    colon: ': ',
    quantity: (q: number, name: string) => `${q} × ${name}`,
    delivery: 'Levering',
    homeDelivery: 'Op het adres:',
    relayPoint: 'In een afhaalpunt:',
    billing: 'Factuuradres',
    payment: 'Betaling',
    paidWith: (name: string) => `Betaalmethode: ${name}`,
    card: (brand: string, last4: string) => `${brand}-kaart eindigend op ${last4}`,
    free: 'Je bestelling is gratis: er is geen betaling nodig.',
    shipsOnPayment: 'Je bestelling wacht op betaling: ze wordt verzonden zodra je betaling ontvangen is.',
    bankDetails: (b: NonNullable<PaymentView['bankTransfer']>, total: string) => [
      `Over te schrijven bedrag: ${total}`,
      `Bank: ${b.bankName}`,
      `IBAN: ${b.iban}`,
      `BIC: ${b.bic}`,
      `Te vermelden referentie: ${b.reference}`,
    ],
    follow: 'Volg je bestelling in je klantenzone:',
    received: (n: string, total: string) =>
      `We hebben je betaling van ${total} voor bestelling nr. ${n} ontvangen. We maken je pakket klaar.`,
    failed: (n: string) =>
      `De betaling van je bestelling nr. ${n} is niet gelukt. Je bestelling wacht op betaling: ze blijft voor je klaarstaan, er gaat niets verloren.`,
    refunded: (n: string, total: string) =>
      `We ontvingen een tweede betaling van ${total} voor je bestelling nr. ${n}, terwijl ze al betaald was of die betaling geannuleerd was. We hebben ze je terugbetaald: ze staat binnen enkele werkdagen op je rekening. Je hoeft niets te doen.`,
    payAgain: 'Je kunt je bestelling hier opnieuw betalen:',
    payAgainLabel: 'Mijn bestelling betalen',
    shipped: (n: string) => `Goed nieuws: je bestelling nr. ${n} is onderweg!`,
    carrier: (name: string) => `Vervoerder: ${name}`,
    tracking: (number: string) => `Trackingnummer: ${number}`,
    invoiceSoon: `Je factuur staat ${INVOICE_DELAY_DAYS.min} tot ${INVOICE_DELAY_DAYS.max} dagen na de verzending in je klantenzone.`,
    orderLabel: 'Mijn bestelling bekijken',
  },
} as const;
type Texts = (typeof TEXTS)[Language];

/**
 * A mail is a list of blocks: paragraphs, small tables (label and amount) and one link. The text version
 * writes them one under the other, the HTML version escapes every text it did not write itself.
 */
type Block =
  | { kind: 'p'; lines: string[]; heading?: string }
  | { kind: 'table'; heading: string; rows: Array<[string, string]>; strongLast?: boolean }
  | { kind: 'link'; intro: string; href: string; label: string };

function textOf(t: Texts, blocks: Block[]): string {
  const parts = blocks.map((b) => {
    if (b.kind === 'p') return [...(b.heading ? [b.heading.toUpperCase()] : []), ...b.lines].join('\n');
    if (b.kind === 'table') return [b.heading.toUpperCase(), ...b.rows.map(([label, value]) => `${label}${t.colon}${value}`)].join('\n');
    return `${b.intro}\n${b.href}`;
  });
  return [...parts, SHOP_NAME].join('\n\n');
}

const td = 'style="padding:4px 8px;border-bottom:1px solid #e5e0d8"';
function htmlOf(blocks: Block[]): string {
  const body = blocks
    .map((b) => {
      if (b.kind === 'p') {
        return `${b.heading ? `<h2 style="font-size:16px">${escapeHtml(b.heading)}</h2>` : ''}<p>${b.lines.map(escapeHtml).join('<br>')}</p>`;
      }
      if (b.kind === 'table') {
        const rows = b.rows.map(([label, value], i) => {
          const strong = b.strongLast && i === b.rows.length - 1;
          const cell = (text: string, align: string) =>
            `<td ${td} align="${align}">${strong ? `<strong>${escapeHtml(text)}</strong>` : escapeHtml(text)}</td>`;
          return `<tr>${cell(label, 'left')}${cell(value, 'right')}</tr>`;
        });
        return `<h2 style="font-size:16px">${escapeHtml(b.heading)}</h2><table role="presentation" cellspacing="0" style="border-collapse:collapse">${rows.join('')}</table>`;
      }
      return `<p>${escapeHtml(b.intro)}<br><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a></p>`;
    })
    .join('');
  return `<!doctype html><html><body style="font-family:sans-serif;color:#2b2622">${body}<p>${SHOP_NAME}</p></body></html>`;
}

const mail = (t: Texts, to: string, subject: string, blocks: Block[]): Mail => ({
  to,
  subject,
  text: textOf(t, blocks),
  html: htmlOf(blocks),
});

function itemsBlock(t: Texts, lang: Language, o: Order): Block {
  return {
    kind: 'table',
    heading: t.items,
    rows: o.items.map((i) => {
      const name = `${i.productName} – ${i.variantName}${i.subscriptionInterval > 0 ? ` (${subscriptionMention(lang, i.subscriptionInterval)})` : ''}`;
      return [t.quantity(i.quantity, name), money(lang, i.total)];
    }),
  };
}

/**
 * Where a card pays subscription lines, the order starts their subscription (subscriptions/creation.ts), whose
 * terms come in a mail of their own: the confirmation says the main ones and points to it. Paid another way,
 * the lines start nothing, and nothing is said.
 */
const subscriptionTermsBlock = (t: Texts, lang: Language, o: Order, payment: PaymentView | null): Block[] =>
  payment?.card && o.items.some((i) => i.subscriptionInterval > 0)
    ? [{ kind: 'p', lines: [t.subscriptionTerms(subscriptionDiscount(lang))] }]
    : [];

const totalsBlock = (lang: Language, o: Order, heading: string): Block => ({
  kind: 'table',
  heading,
  // Free delivery says "Gratuit" as the cart said it; the other lines read as amounts even at zero.
  rows: accountingLines(lang, o).map((line) => [
    line.label,
    line.key === 'shippingTotal' ? money(lang, line.amount) : amount(lang, line.amount),
  ]),
  strongLast: true,
});

function deliveryBlock(t: Texts, lang: Language, o: Order): Block {
  const shipment = o.shipments[0];
  const lines = shipment?.relayPoint
    ? [t.relayPoint, ...relayPointLines(lang, shipment.relayPoint)]
    : o.shippingAddress
      ? [t.homeDelivery, ...addressLines(lang, o.shippingAddress)]
      : [];
  return { kind: 'p', heading: t.delivery, lines: [...(shipment?.carrier ? [t.carrier(shipment.carrier)] : []), ...lines] };
}

function paymentBlock(t: Texts, lang: Language, o: Order, payment: PaymentView | null): Block {
  if (!payment || o.total === 0) return { kind: 'p', heading: t.payment, lines: [t.free] };
  const lines: string[] = [t.paidWith(payment.name)];
  if (payment.card) lines.push(t.card(payment.card.brand, payment.card.last4));
  if (payment.delayed && o.paymentState === 'awaiting_payment') {
    lines.push(t.shipsOnPayment);
    if (payment.instructions) lines.push(payment.instructions);
    if (payment.bankTransfer) lines.push(...t.bankDetails(payment.bankTransfer, amount(lang, o.total)));
  }
  return { kind: 'p', heading: t.payment, lines };
}

/** The mail of one event of the order. */
export function orderMail(kind: OrderMailKind, input: OrderMailInput): Mail {
  const { lang, order: o } = input;
  const t = TEXTS[lang];
  const number = o.number ?? '';
  const hello: Block = { kind: 'p', lines: [greeting(lang, input.firstName)] };
  const follow: Block = { kind: 'link', intro: t.follow, href: input.links.order, label: t.orderLabel };
  const subject = t.subject[kind](number);
  switch (kind) {
    case 'confirmation':
      return mail(t, input.to, subject, [
        hello,
        { kind: 'p', lines: [t.thanks(number, longDate(lang, o.checkoutCompletedAt ?? new Date(0).toISOString()))] },
        itemsBlock(t, lang, o),
        ...subscriptionTermsBlock(t, lang, o, input.payment),
        totalsBlock(lang, o, t.summary),
        paymentBlock(t, lang, o, input.payment),
        deliveryBlock(t, lang, o),
        ...(o.billingAddress ? [{ kind: 'p', heading: t.billing, lines: addressLines(lang, o.billingAddress) } satisfies Block] : []),
        follow,
      ]);
    case 'paymentReceived':
      return mail(t, input.to, subject, [hello, { kind: 'p', lines: [t.received(number, amount(lang, o.total))] }, follow]);
    case 'paymentFailed':
      return mail(t, input.to, subject, [
        hello,
        { kind: 'p', lines: [t.failed(number)] },
        { kind: 'link', intro: t.payAgain, href: input.links.payAgain, label: t.payAgainLabel },
      ]);
    case 'chargeRefunded':
      return mail(t, input.to, subject, [
        hello,
        { kind: 'p', lines: [t.refunded(number, amount(lang, input.refundedAmount ?? 0))] },
        follow,
      ]);
    case 'shipped': {
      const shipment = o.shipments[0];
      return mail(t, input.to, subject, [
        hello,
        {
          kind: 'p',
          lines: [
            t.shipped(number),
            ...(shipment?.carrier ? [t.carrier(shipment.carrier)] : []),
            ...(shipment?.trackingNumber ? [t.tracking(shipment.trackingNumber)] : []),
          ],
        },
        deliveryBlock(t, lang, o),
        { kind: 'p', lines: [t.invoiceSoon] },
        follow,
      ]);
    }
  }
}
