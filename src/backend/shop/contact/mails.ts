/**
 * The contact request's mails: the acknowledgement to the shopper (French or Dutch) and the notice to the
 * customer service. The acknowledgement repeats nothing the sender typed but a name that cannot read as a
 * link (greeting): anyone may type any e-mail in the form, so it must not carry their text to a stranger.
 */
import type { Language } from '../../../lib/channels.ts';
import type { Mail } from '../../mail/outbox.ts';
import { greeting } from '../shared/mail-parts.ts';
import { linkMail } from '../newsletter/mails.ts';

export function acknowledgementMail(lang: Language, to: string, name: string, reference: string, faqUrl: string): Mail {
  const lines =
    lang === 'nl'
      ? [
          greeting(lang, name),
          `We hebben je bericht goed ontvangen (referentie ${reference}). Onze klantendienst antwoordt je van maandag tot vrijdag van 9.00 tot 18.00 uur, zo snel mogelijk.`,
          'Misschien staat het antwoord op je vraag al in onze veelgestelde vragen:',
        ]
      : [
          greeting(lang, name),
          `Nous avons bien reçu votre message (référence ${reference}). Notre service client vous répond du lundi au vendredi de 9\u00A0h à 18\u00A0h, dans les meilleurs délais.`,
          'La réponse à votre question se trouve peut-être déjà dans notre FAQ\u00A0:',
        ];
  return linkMail(
    to,
    lang === 'nl' ? `We hebben je bericht ontvangen (${reference})` : `Nous avons bien reçu votre message (${reference})`,
    lines,
    {
      href: faqUrl,
      label: faqUrl,
    },
  );
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
