/** The newsletter's mails: the confirmation link (double opt-in) and the personal 5 € code, in French or Dutch. */
import type { Language } from '../../../lib/channels.ts';
import { EXIT_INTENT_DISCOUNT } from '../../../lib/constants.ts';
import type { Mail } from '../../mail/outbox.ts';
import { html } from '../shared/mail-parts.ts';
import { amount } from '../order-mails/format.ts';

const SHOP_NAME = 'Maison Gamelle';

/** A mail of a few paragraphs and one link of ours, as text and HTML. */
export const linkMail = (to: string, subject: string, lines: string[], link: { href: string; label: string }): Mail => ({
  to,
  subject,
  text: [...lines, link.href, SHOP_NAME].join('\n\n'),
  html: html(lines, link),
});

export function confirmationMail(lang: Language, to: string, link: string, validDays: number): Mail {
  const lines =
    lang === 'nl'
      ? [
          'Dag,',
          `Bedankt voor je inschrijving op de nieuwsbrief van ${SHOP_NAME}. Bevestig je inschrijving via de link hieronder: pas dan sturen we je onze berichten.`,
          `Ben je een nieuwe klant? Na je bevestiging krijg je een persoonlijke code van ${amount('nl', EXIT_INTENT_DISCOUNT)} korting op je eerste bestelling.`,
          `Deze link is ${validDays} dagen geldig. Heb je niets gevraagd? Dan mag je deze e-mail negeren: je wordt niet ingeschreven.`,
        ]
      : [
          'Bonjour,',
          `Merci de votre inscription à la newsletter de ${SHOP_NAME}. Confirmez-la en suivant le lien ci-dessous\u00A0: nous ne vous écrirons qu’après cette confirmation.`,
          `Nouveau client\u00A0? Une fois votre inscription confirmée, vous recevrez un code personnel de ${amount('fr', EXIT_INTENT_DISCOUNT)} de réduction sur votre première commande.`,
          `Ce lien est valable ${validDays} jours. Si vous n’avez rien demandé, ignorez simplement cet e-mail\u00A0: vous ne serez pas inscrit.`,
        ];
  return linkMail(to, lang === 'nl' ? 'Bevestig je inschrijving op de nieuwsbrief' : 'Confirmez votre inscription à la newsletter', lines, {
    href: link,
    label: lang === 'nl' ? 'Mijn inschrijving bevestigen' : 'Confirmer mon inscription',
  });
}

/** The personal code, with where to use it: the account of this e-mail (to open if there is none yet). */
export function welcomeCouponMail(
  lang: Language,
  to: string,
  coupon: { code: string; amount: number },
  account: { exists: boolean; href: string },
): Mail {
  const value = amount(lang, coupon.amount);
  const lines =
    lang === 'nl'
      ? [
          'Dag,',
          'Je inschrijving op onze nieuwsbrief is bevestigd. Welkom!',
          `Hier is je persoonlijke code voor ${value} korting op je eerste bestelling: ${coupon.code}`,
          account.exists
            ? 'Vul hem in je winkelmand in terwijl je aangemeld bent: hij is alleen geldig voor je account en kan één keer gebruikt worden.'
            : 'Maak je account aan met dit e-mailadres en vul de code in je winkelmand in: hij is alleen geldig voor dit e-mailadres en kan één keer gebruikt worden.',
        ]
      : [
          'Bonjour,',
          'Votre inscription à notre newsletter est confirmée. Bienvenue\u00A0!',
          `Voici votre code personnel de ${value} de réduction sur votre première commande\u00A0: ${coupon.code}`,
          account.exists
            ? 'Saisissez-le dans votre panier en étant connecté à votre compte\u00A0: il n’est valable que pour votre compte, une seule fois.'
            : 'Créez votre compte avec cette adresse e-mail, puis saisissez-le dans votre panier\u00A0: il n’est valable que pour cette adresse, une seule fois.',
        ];
  return linkMail(to, lang === 'nl' ? `Je code voor ${value} korting` : `Votre code de ${value} de réduction`, lines, {
    href: account.href,
    label:
      lang === 'nl' ? (account.exists ? 'Naar mijn account' : 'Mijn account aanmaken') : account.exists ? 'Mon compte' : 'Créer mon compte',
  });
}
