/** The newsletter's mails: the confirmation link (double opt-in) and the personal 5 € code, in French or Dutch. */
import type { Language } from '../../../lib/channels.ts';
import { EXIT_INTENT_DISCOUNT } from '../../../lib/constants.ts';
import type { Mail } from '../outbox.ts';
import { amount } from '../format.ts';
import { linkMail, SHOP_NAME } from './parts.ts';

const CONFIRMATION: Record<Language, { subject: string; lines: (discount: string, validDays: number) => string[]; label: string }> = {
  fr: {
    subject: 'Confirmez votre inscription à la newsletter',
    lines: (discount, validDays) => [
      'Bonjour,',
      `Merci de votre inscription à la newsletter de ${SHOP_NAME}. Confirmez-la en suivant le lien ci-dessous\u00A0: nous ne vous écrirons qu’après cette confirmation.`,
      `Nouveau client\u00A0? Une fois votre inscription confirmée, vous recevrez un code personnel de ${discount} de réduction sur votre première commande.`,
      `Ce lien est valable ${validDays} jours. Si vous n’avez rien demandé, ignorez simplement cet e-mail\u00A0: vous ne serez pas inscrit.`,
    ],
    label: 'Confirmer mon inscription',
  },
  nl: {
    subject: 'Bevestig je inschrijving op de nieuwsbrief',
    lines: (discount, validDays) => [
      'Dag,',
      `Bedankt voor je inschrijving op de nieuwsbrief van ${SHOP_NAME}. Bevestig je inschrijving via de link hieronder: pas dan sturen we je onze berichten.`,
      `Ben je een nieuwe klant? Na je bevestiging krijg je een persoonlijke code van ${discount} korting op je eerste bestelling.`,
      `Deze link is ${validDays} dagen geldig. Heb je niets gevraagd? Dan mag je deze e-mail negeren: je wordt niet ingeschreven.`,
    ],
    label: 'Mijn inschrijving bevestigen',
  },
};

export function confirmationMail(lang: Language, to: string, link: string, validDays: number): Mail {
  const t = CONFIRMATION[lang];
  return linkMail(to, t.subject, t.lines(amount(lang, EXIT_INTENT_DISCOUNT), validDays), { href: link, label: t.label });
}

/** The code's mail: what it is worth, and where to use it (the account of this e-mail, or one to open). */
const WELCOME_COUPON: Record<
  Language,
  {
    subject: (value: string) => string;
    lines: (value: string, code: string) => string[];
    useIt: { inAccount: string; afterSignUp: string };
    label: { inAccount: string; afterSignUp: string };
  }
> = {
  fr: {
    subject: (value) => `Votre code de ${value} de réduction`,
    lines: (value, code) => [
      'Bonjour,',
      'Votre inscription à notre newsletter est confirmée. Bienvenue\u00A0!',
      `Voici votre code personnel de ${value} de réduction sur votre première commande\u00A0: ${code}`,
    ],
    useIt: {
      inAccount:
        'Saisissez-le dans votre panier en étant connecté à votre compte\u00A0: il n’est valable que pour votre compte, une seule fois.',
      afterSignUp:
        'Créez votre compte avec cette adresse e-mail, puis saisissez-le dans votre panier\u00A0: il n’est valable que pour cette adresse, une seule fois.',
    },
    label: { inAccount: 'Mon compte', afterSignUp: 'Créer mon compte' },
  },
  nl: {
    subject: (value) => `Je code voor ${value} korting`,
    lines: (value, code) => [
      'Dag,',
      'Je inschrijving op onze nieuwsbrief is bevestigd. Welkom!',
      `Hier is je persoonlijke code voor ${value} korting op je eerste bestelling: ${code}`,
    ],
    useIt: {
      inAccount:
        'Vul hem in je winkelmand in terwijl je aangemeld bent: hij is alleen geldig voor je account en kan één keer gebruikt worden.',
      afterSignUp:
        'Maak je account aan met dit e-mailadres en vul de code in je winkelmand in: hij is alleen geldig voor dit e-mailadres en kan één keer gebruikt worden.',
    },
    label: { inAccount: 'Naar mijn account', afterSignUp: 'Mijn account aanmaken' },
  },
};

/** The personal code, with where to use it: the account of this e-mail (to open if there is none yet). */
export function welcomeCouponMail(
  lang: Language,
  to: string,
  coupon: { code: string; amount: number },
  account: { exists: boolean; href: string },
): Mail {
  const t = WELCOME_COUPON[lang];
  const value = amount(lang, coupon.amount);
  const where = account.exists ? 'inAccount' : 'afterSignUp';
  return linkMail(to, t.subject(value), [...t.lines(value, coupon.code), t.useIt[where]], { href: account.href, label: t.label[where] });
}
