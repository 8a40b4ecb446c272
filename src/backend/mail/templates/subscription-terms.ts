/**
 * A subscription's terms in writing (issue 44): when a paid order starts a subscription, its customer gets
 * them by mail in their language: the products and how often they come, the subscription's discount, the
 * commitment, until when each delivery can be changed, the next delivery (its day, its price, the card
 * charged), how to stop, and the right of withdrawal. Every number is one of the shop's constants and the
 * frequency reads as on the product page (lib/catalogue/frequencies.ts), so the mail cannot tell other terms
 * than the site. A pure function: the subscription's module writes it to the outbox in the transaction that
 * starts the subscription (shop/subscriptions/terms-mail.ts queueSubscriptionTerms), once per subscription.
 */
import type { Language } from '../../../lib/channels.ts';
import { intervalText } from '../../../lib/catalogue/frequencies.ts';
import {
  SUBSCRIPTION_EDIT_LOCK_DAYS,
  SUBSCRIPTION_MIN_DELIVERIES,
  SUBSCRIPTION_REMINDER_DAYS,
  WITHDRAWAL_DAYS,
} from '../../../lib/constants.ts';
import type { Day } from '../../../lib/subscriptions/schedule.ts';
import type { Mail } from '../outbox.ts';
import { money, subscriptionDiscount } from '../format.ts';
import { greeting, html, plainText } from './parts.ts';
import { dayInWords, lastEditableDay } from './subscriptions.ts';

export interface TermsMailInput {
  lang: Language;
  to: string;
  firstName: string;
  /** The subscription's page in the account, where it is changed and stopped. */
  link: string;
  code: string;
  /** The number of the order that started it: its first delivery. */
  orderNumber: string;
  frequencyDays: number;
  products: ReadonlyArray<{ quantity: number; productName: string; variantName: string }>;
  /** The next delivery: the day it leaves and what it costs, in minor units. */
  next: { shipment: Day; total: number };
  card: { brand: string; last4: string } | null;
}

/** What the texts are written with: every number and date already in the mail's language. */
interface Words {
  frequency: string;
  discount: string;
  date: string;
  total: string;
  lastEditable: string;
}

const [FIRST_REMINDER, SECOND_REMINDER] = SUBSCRIPTION_REMINDER_DAYS;

const TEXTS: Record<
  Language,
  (i: TermsMailInput, w: Words) => { subject: string; lines: string[]; productsIntro: string; linkLabel: string }
> = {
  fr: (i, w) => ({
    subject: 'Votre abonnement a démarré\u00A0: ses conditions',
    productsIntro: `Vos produits, livrés ${w.frequency}\u00A0:`,
    lines: [
      `Votre abonnement ${i.code} a démarré avec votre commande n° ${i.orderNumber}, sa première livraison. Voici ses conditions\u00A0: conservez cet e-mail.`,
      `Réduction\u00A0: ${w.discount} sur le prix de vente de chaque produit, à chaque livraison.`,
      `Engagement\u00A0: au moins ${SUBSCRIPTION_MIN_DELIVERIES} livraisons, celle de votre commande n° ${i.orderNumber} comprise. Ensuite, vous pouvez arrêter votre abonnement à tout moment, sans frais.`,
      `Modifications\u00A0: chaque commande peut être modifiée (produits, quantités, date, adresse, mode de livraison) jusqu’à ${SUBSCRIPTION_EDIT_LOCK_DAYS} jours avant son expédition. Un e-mail de rappel vous est envoyé ${FIRST_REMINDER} jours puis ${SECOND_REMINDER} jours avant chaque expédition.`,
      `Prochaine commande\u00A0: elle part le ${w.date}, pour ${w.total}, débités le jour de l’envoi sur ${i.card ? `votre carte ${i.card.brand} se terminant par ${i.card.last4}` : 'votre carte enregistrée'}. Vous pouvez la modifier jusqu’au ${w.lastEditable} inclus.`,
      'Arrêter votre abonnement\u00A0: choisissez «\u00A0Demander la résiliation\u00A0» dans votre abonnement, depuis votre espace client. Un conseiller traite votre demande et vous répond par e-mail.',
      `Droit de rétractation\u00A0: vous disposez d’un délai de ${WITHDRAWAL_DAYS} jours à compter de la réception de votre première livraison pour exercer votre droit de rétractation, sans avoir à vous justifier. Pour des raisons d’hygiène et de sécurité alimentaire, ce droit ne s’applique pas aux produits descellés après la livraison. Pour l’exercer, informez-en notre service client.`,
    ],
    linkLabel: 'Gérer mon abonnement',
  }),
  nl: (i, w) => ({
    subject: 'Je abonnement is gestart: de voorwaarden',
    productsIntro: `Je producten, geleverd ${w.frequency}:`,
    lines: [
      `Je abonnement ${i.code} is gestart met je bestelling nr. ${i.orderNumber}, de eerste levering. Dit zijn de voorwaarden: bewaar deze e-mail.`,
      `Korting: ${w.discount} op de verkoopprijs van elk product, bij elke levering.`,
      `Verbintenis: minstens ${SUBSCRIPTION_MIN_DELIVERIES} leveringen, die van je bestelling nr. ${i.orderNumber} inbegrepen. Daarna kun je je abonnement op elk moment en kosteloos stopzetten.`,
      `Wijzigingen: elke bestelling kan gewijzigd worden (producten, hoeveelheden, datum, adres, leveringswijze) tot ${SUBSCRIPTION_EDIT_LOCK_DAYS} dagen voor de verzending. Je krijgt een herinneringsmail ${FIRST_REMINDER} dagen en ${SECOND_REMINDER} dagen voor elke verzending.`,
      `Volgende bestelling: ze vertrekt op ${w.date}, voor ${w.total}, op de dag van verzending afgeschreven van ${i.card ? `je ${i.card.brand}-kaart eindigend op ${i.card.last4}` : 'je geregistreerde kaart'}. Je kunt ze wijzigen tot en met ${w.lastEditable}.`,
      'Je abonnement stopzetten: kies „Opzegging aanvragen” in je abonnement, in je klantenzone. Een adviseur behandelt je aanvraag en antwoordt je per e-mail.',
      `Herroepingsrecht: je hebt ${WITHDRAWAL_DAYS} dagen vanaf de ontvangst van je eerste levering om zonder opgave van redenen je herroepingsrecht uit te oefenen. Om redenen van hygiëne en voedselveiligheid geldt dat recht niet voor producten waarvan de verzegeling na de levering verbroken is. Laat het onze klantendienst weten als je het wilt uitoefenen.`,
    ],
    linkLabel: 'Mijn abonnement beheren',
  }),
};

/** The mail of a subscription's terms. */
export function subscriptionTermsMail(input: TermsMailInput): Mail {
  const { lang } = input;
  const content = TEXTS[lang](input, {
    frequency: intervalText(lang, input.frequencyDays).toLocaleLowerCase(),
    discount: subscriptionDiscount(lang),
    date: dayInWords(lang, input.next.shipment),
    total: money(lang, input.next.total),
    lastEditable: dayInWords(lang, lastEditableDay(input.next.shipment)),
  });
  const [intro, ...terms] = content.lines;
  const products = [content.productsIntro, ...input.products.map((p) => `${p.quantity} × ${p.productName} – ${p.variantName}`)];
  const paragraphs = [greeting(lang, input.firstName), intro!, products, ...terms];
  const link = { href: input.link, label: content.linkLabel };
  return { to: input.to, subject: content.subject, text: plainText(paragraphs, link), html: html(paragraphs, link) };
}
