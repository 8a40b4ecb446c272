/**
 * The contact request's mails: the acknowledgement to the shopper (French or Dutch) and the notice to the
 * customer service (in French, the team's language). The acknowledgement repeats nothing the sender typed
 * but a name that cannot read as a link (greeting): anyone may type any e-mail in the form, so it must not
 * carry their text to a stranger.
 */
import type { Language } from '../../../lib/channels.ts';
import type { Mail } from '../outbox.ts';
import { greeting, linkMail } from './parts.ts';

const ACKNOWLEDGEMENT: Record<Language, { subject: (reference: string) => string; received: (reference: string) => string; faq: string }> =
  {
    fr: {
      subject: (reference) => `Nous avons bien reçu votre message (${reference})`,
      received: (reference) =>
        `Nous avons bien reçu votre message (référence ${reference}). Notre service client vous répond du lundi au vendredi de 9\u00A0h à 18\u00A0h, dans les meilleurs délais.`,
      faq: 'La réponse à votre question se trouve peut-être déjà dans notre FAQ\u00A0:',
    },
    nl: {
      subject: (reference) => `We hebben je bericht ontvangen (${reference})`,
      received: (reference) =>
        `We hebben je bericht goed ontvangen (referentie ${reference}). Onze klantendienst antwoordt je van maandag tot vrijdag van 9.00 tot 18.00 uur, zo snel mogelijk.`,
      faq: 'Misschien staat het antwoord op je vraag al in onze veelgestelde vragen:',
    },
  };

export function acknowledgementMail(lang: Language, to: string, name: string, reference: string, faqUrl: string): Mail {
  const t = ACKNOWLEDGEMENT[lang];
  return linkMail(to, t.subject(reference), [greeting(lang, name), t.received(reference), t.faq], { href: faqUrl, label: faqUrl });
}

export interface ContactNotice {
  reference: string;
  email: string;
  name: string | null;
  customerId: number | null;
  orderNumber: string | null;
  productName: string | null;
  message: string;
  language: Language;
  files: { name: string; size: number }[];
}

/** For the customer service: everything but the files' content, which the operator API serves. */
export function customerServiceMail(to: string, n: ContactNotice, staffUrl: string): Mail {
  const lines = [
    `Nouvelle demande de contact ${n.reference} (${n.language.toUpperCase()}).`,
    `De\u00A0: ${n.name ? `${n.name} — ` : ''}${n.email}${n.customerId ? ` (client n° ${n.customerId})` : ' (visiteur non connecté)'}`,
    ...(n.orderNumber ? [`Commande\u00A0: ${n.orderNumber}`] : []),
    ...(n.productName ? [`Produit\u00A0: ${n.productName}`] : []),
    `Message\u00A0:\n${n.message}`,
    n.files.length
      ? `Fichiers joints\u00A0: ${n.files.map((f) => `${f.name} (${Math.ceil(f.size / 1024)} Ko)`).join(', ')}`
      : 'Aucun fichier joint.',
  ];
  return linkMail(to, `Demande de contact ${n.reference}${n.orderNumber ? ` — commande ${n.orderNumber}` : ''}`, lines, {
    href: staffUrl,
    label: staffUrl,
  });
}
