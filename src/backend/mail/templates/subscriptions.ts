/**
 * A subscription's own mails, in the customer's language: the reminders 1 week and 4 days before each
 * shipment, the alerts when the scheduler cannot place or charge a delivery (the card refused, a product,
 * the relay point or the carrier no longer available, a coupon no longer eligible and removed), and the end
 * of the subscription once an operator handled the cancellation request. Pure functions: the subscription's
 * module writes them to the outbox (shop/subscriptions/mails.ts queueSubscriptionMail).
 */
import type { Language } from '../../../lib/channels.ts';
import { SUBSCRIPTION_EDIT_LOCK_DAYS, SUBSCRIPTION_MIN_DELIVERIES } from '../../../lib/constants.ts';
import { addDays, type Day } from '../../../lib/subscriptions/schedule.ts';
import { escapeHtml, type Mail } from '../outbox.ts';
import { longDate, money } from '../format.ts';
import { greeting, SHOP_NAME } from './parts.ts';

export const subscriptionMailKinds = [
  'reminder7',
  'reminder4',
  'paymentFailure',
  'productUnavailable',
  'relayPointUnavailable',
  'carrierInvalid',
  'couponRemoved',
  'stopped',
  'stopsAfterNext',
] as const;
export type SubscriptionMailKind = (typeof subscriptionMailKinds)[number];

/** What a mail says of the delivery it is about. */
export interface DeliveryFacts {
  /** The day the parcel leaves (YYYY-MM-DD). */
  shipment: Day;
  /** What the delivery costs, in minor units. */
  total: number;
  /** The products no longer available (productUnavailable). */
  products?: string[];
  /** The coupon removed (couponRemoved). */
  coupon?: string;
  /** The bank's message (paymentFailure). */
  failure?: string;
}

export interface SubscriptionMailInput extends DeliveryFacts {
  lang: Language;
  to: string;
  firstName: string;
  code: string;
  card: { brand: string; last4: string } | null;
  /** The subscription in the account. */
  link: string;
}

/** A calendar day in words: noon UTC is that same day in Paris. */
export const dayInWords = (lang: Language, day: Day) => longDate(lang, `${day}T12:00:00Z`);

/** The last day a delivery can be changed: the draft can be edited until the day its lock begins, so the day before. */
export const lastEditableDay = (shipment: Day): Day => addDays(shipment, -SUBSCRIPTION_EDIT_LOCK_DAYS - 1);

interface Content {
  subject: string;
  lines: string[];
  linkLabel: string;
}

type Texts = (input: SubscriptionMailInput, words: { date: string; total: string; lastEditable: string }) => Content;

/** Each mail's texts, in French and in Dutch. */
const TEXTS: Record<SubscriptionMailKind, Record<Language, Texts>> = {
  reminder7: {
    fr: (_i, w) => ({
      subject: `Votre prochaine commande part le ${w.date}`,
      lines: [
        `Votre prochaine commande d’abonnement part le ${w.date}, pour ${w.total}.`,
        `Vous pouvez encore la modifier (produits en plus, date, adresse, mode de livraison) jusqu’au ${w.lastEditable} inclus.`,
      ],
      linkLabel: 'Voir mon abonnement',
    }),
    nl: (_i, w) => ({
      subject: `Je volgende bestelling vertrekt op ${w.date}`,
      lines: [
        `Je volgende abonnementsbestelling vertrekt op ${w.date}, voor ${w.total}.`,
        `Je kunt ze nog wijzigen (extra producten, datum, adres, leveringswijze) tot en met ${w.lastEditable}.`,
      ],
      linkLabel: 'Mijn abonnement bekijken',
    }),
  },
  reminder4: {
    fr: (i, w) => ({
      subject: `Votre commande du ${w.date} est en préparation`,
      lines: [
        `Votre prochaine commande d’abonnement est en préparation\u00A0: elle part le ${w.date} et ne peut plus être modifiée.`,
        `Le montant de ${w.total} sera débité le jour de l’envoi sur ${i.card ? `votre carte ${i.card.brand} se terminant par ${i.card.last4}` : 'votre carte enregistrée'}.`,
      ],
      linkLabel: 'Voir mon abonnement',
    }),
    nl: (i, w) => ({
      subject: `Je bestelling van ${w.date} wordt klaargemaakt`,
      lines: [
        `Je volgende abonnementsbestelling wordt klaargemaakt: ze vertrekt op ${w.date} en kan niet meer gewijzigd worden.`,
        `Het bedrag van ${w.total} wordt op de dag van verzending afgeschreven van ${i.card ? `je ${i.card.brand}-kaart eindigend op ${i.card.last4}` : 'je geregistreerde kaart'}.`,
      ],
      linkLabel: 'Mijn abonnement bekijken',
    }),
  },
  paymentFailure: {
    fr: (i, w) => ({
      subject: 'Le paiement de votre abonnement n’a pas abouti',
      lines: [
        `Le paiement de ${w.total} pour votre commande d’abonnement du ${w.date} n’a pas abouti.`,
        ...(i.failure ? [`Motif\u00A0: ${i.failure}`] : []),
        'Votre commande vous attend\u00A0: enregistrez une nouvelle carte dans votre abonnement, elle sera payée aussitôt et partira dans la foulée.',
      ],
      linkLabel: 'Mettre à jour ma carte',
    }),
    nl: (i, w) => ({
      subject: 'De betaling van je abonnement is niet gelukt',
      lines: [
        `De betaling van ${w.total} voor je abonnementsbestelling van ${w.date} is niet gelukt.`,
        ...(i.failure ? [`Reden: ${i.failure}`] : []),
        'Je bestelling blijft voor je klaarstaan: registreer een nieuwe kaart in je abonnement, dan wordt ze meteen betaald en verzonden.',
      ],
      linkLabel: 'Mijn kaart wijzigen',
    }),
  },
  productUnavailable: {
    fr: (i, w) => ({
      subject: 'Un produit de votre abonnement n’est plus disponible',
      lines: [
        `Votre commande du ${w.date} est en attente\u00A0: ${(i.products ?? []).join(', ')} ${(i.products ?? []).length > 1 ? 'ne sont plus disponibles' : 'n’est plus disponible'}.`,
        'Contactez notre service abonnements depuis votre abonnement, nous trouverons ensemble une solution. Votre commande partira dès que tout sera prêt.',
      ],
      linkLabel: 'Voir mon abonnement',
    }),
    nl: (i, w) => ({
      subject: 'Een product van je abonnement is niet meer beschikbaar',
      lines: [
        `Je bestelling van ${w.date} staat in de wacht: ${(i.products ?? []).join(', ')} ${(i.products ?? []).length > 1 ? 'zijn' : 'is'} niet meer beschikbaar.`,
        'Neem contact op met onze abonnementendienst via je abonnement, samen vinden we een oplossing. Je bestelling vertrekt zodra alles klaar is.',
      ],
      linkLabel: 'Mijn abonnement bekijken',
    }),
  },
  relayPointUnavailable: {
    fr: (_i, w) => ({
      subject: 'Votre point relais n’est plus disponible',
      lines: [
        `Votre commande du ${w.date} est en attente\u00A0: votre point relais n’est plus disponible.`,
        'Choisissez un autre point relais ou un autre mode de livraison dans votre abonnement\u00A0: votre commande partira aussitôt.',
      ],
      linkLabel: 'Changer de point relais',
    }),
    nl: (_i, w) => ({
      subject: 'Je afhaalpunt is niet meer beschikbaar',
      lines: [
        `Je bestelling van ${w.date} staat in de wacht: je afhaalpunt is niet meer beschikbaar.`,
        'Kies een ander afhaalpunt of een andere leveringswijze in je abonnement: je bestelling vertrekt dan meteen.',
      ],
      linkLabel: 'Een ander afhaalpunt kiezen',
    }),
  },
  carrierInvalid: {
    fr: (_i, w) => ({
      subject: 'Le mode de livraison de votre abonnement n’est plus proposé',
      lines: [
        `Votre commande du ${w.date} est en attente\u00A0: son mode de livraison n’est plus proposé pour votre adresse.`,
        'Choisissez un autre mode de livraison dans votre abonnement\u00A0: votre commande partira aussitôt.',
      ],
      linkLabel: 'Changer de mode de livraison',
    }),
    nl: (_i, w) => ({
      subject: 'De leveringswijze van je abonnement wordt niet meer aangeboden',
      lines: [
        `Je bestelling van ${w.date} staat in de wacht: haar leveringswijze wordt niet meer aangeboden voor je adres.`,
        'Kies een andere leveringswijze in je abonnement: je bestelling vertrekt dan meteen.',
      ],
      linkLabel: 'Een andere leveringswijze kiezen',
    }),
  },
  couponRemoved: {
    fr: (i, w) => ({
      subject: `Votre code promo ${i.coupon ?? ''} ne s’applique plus`,
      lines: [
        `Le code promo ${i.coupon ?? ''} n’est plus valable pour votre commande du ${w.date}\u00A0: nous l’avons retiré, et votre commande part au prix de l’abonnement, ${w.total}.`,
      ],
      linkLabel: 'Voir mon abonnement',
    }),
    nl: (i, w) => ({
      subject: `Je kortingscode ${i.coupon ?? ''} geldt niet meer`,
      lines: [
        `De kortingscode ${i.coupon ?? ''} is niet meer geldig voor je bestelling van ${w.date}: we hebben hem verwijderd, en je bestelling vertrekt tegen de abonnementsprijs, ${w.total}.`,
      ],
      linkLabel: 'Mijn abonnement bekijken',
    }),
  },
  stopped: {
    fr: (i) => ({
      subject: 'Votre abonnement est résilié',
      lines: [`Comme vous l’avez demandé, votre abonnement ${i.code} est résilié\u00A0: aucune autre commande ne partira.`],
      linkLabel: 'Voir mon abonnement',
    }),
    nl: (i) => ({
      subject: 'Je abonnement is opgezegd',
      lines: [`Zoals je gevraagd hebt, is je abonnement ${i.code} opgezegd: er vertrekken geen bestellingen meer.`],
      linkLabel: 'Mijn abonnement bekijken',
    }),
  },
  stopsAfterNext: {
    fr: (i, w) => ({
      subject: 'Votre demande de résiliation est prise en compte',
      lines: [
        `Comme vous l’avez demandé, votre abonnement ${i.code} sera résilié après votre prochaine commande, qui part le ${w.date}\u00A0: un abonnement comprend au moins ${SUBSCRIPTION_MIN_DELIVERIES} livraisons.`,
      ],
      linkLabel: 'Voir mon abonnement',
    }),
    nl: (i, w) => ({
      subject: 'Je opzegging is verwerkt',
      lines: [
        `Zoals je gevraagd hebt, wordt je abonnement ${i.code} opgezegd na je volgende bestelling, die op ${w.date} vertrekt: een abonnement omvat minstens ${SUBSCRIPTION_MIN_DELIVERIES} leveringen.`,
      ],
      linkLabel: 'Mijn abonnement bekijken',
    }),
  },
};

/** The mail of one event of the subscription. */
export function subscriptionMail(kind: SubscriptionMailKind, input: SubscriptionMailInput): Mail {
  const { lang } = input;
  const words = {
    date: dayInWords(lang, input.shipment),
    total: money(lang, input.total),
    lastEditable: dayInWords(lang, lastEditableDay(input.shipment)),
  };
  const content = TEXTS[kind][lang](input, words);
  const paragraphs = [greeting(lang, input.firstName), ...content.lines];
  return {
    to: input.to,
    subject: content.subject,
    text: [...paragraphs, `${content.linkLabel}\n${input.link}`, SHOP_NAME].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#2b2622">${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(input.link)}">${escapeHtml(content.linkLabel)}</a></p><p>${SHOP_NAME}</p></body></html>`,
  };
}

/**
 * A shopper's message about their subscription (a cancellation request, a question), for the customer
 * service: in French, the team's language, with who sent it and which subscription it is.
 */
export function subscriptionMessageMail(to: string, m: { code: string; topic: string; from: string; message: string }): Mail {
  return {
    to,
    subject: `[Abonnement ${m.code}] ${m.topic}`,
    text: `${m.topic} — abonnement ${m.code}\nClient\u00A0: ${m.from}\n\n${m.message}`,
    html: `<p>${escapeHtml(`${m.topic} — abonnement ${m.code}`)}<br>${escapeHtml(`Client\u00A0: ${m.from}`)}</p><p>${escapeHtml(m.message).replaceAll('\n', '<br>')}</p>`,
  };
}
