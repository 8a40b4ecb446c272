/** The shop's e-mails (welcome, password reset, e-mail change notice), in the customer's language, as text and HTML. */
import { escapeHtml, type Mail } from '../../mail/outbox.ts';
import { greeting, html, SHOP_NAME } from '../shared/mail-parts.ts';
import type { Language } from '../../../lib/channels.ts';

export function welcomeMail(lang: Language, to: string, firstName: string, siteUrl: string): Mail {
  const lines =
    lang === 'nl'
      ? [
          greeting(lang, firstName),
          `Welkom bij ${SHOP_NAME}! Je account is aangemaakt.`,
          'Je kunt nu je bestellingen, abonnementen, adressen en dieren beheren.',
        ]
      : [
          greeting(lang, firstName),
          `Bienvenue chez ${SHOP_NAME}\u00A0! Votre compte a bien été créé.`,
          'Vous pouvez désormais suivre vos commandes, abonnements, adresses et animaux.',
        ];
  return {
    to,
    subject: lang === 'nl' ? `Welkom bij ${SHOP_NAME}` : `Bienvenue chez ${SHOP_NAME}`,
    text: [...lines, siteUrl, SHOP_NAME].join('\n\n'),
    html: html(lines, { href: siteUrl, label: siteUrl }),
  };
}

export function resetPasswordMail(lang: Language, to: string, firstName: string, link: string, validMinutes: number): Mail {
  const lines =
    lang === 'nl'
      ? [
          greeting(lang, firstName),
          'Je hebt gevraagd om je wachtwoord opnieuw in te stellen. Kies een nieuw wachtwoord via deze link:',
          `Deze link is ${validMinutes} minuten geldig en kan maar één keer gebruikt worden. Heb je niets gevraagd? Dan mag je deze e-mail negeren.`,
        ]
      : [
          greeting(lang, firstName),
          'Vous avez demandé à réinitialiser votre mot de passe. Choisissez-en un nouveau en suivant ce lien\u00A0:',
          `Ce lien est valable ${validMinutes} minutes et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez simplement cet e-mail.`,
        ];
  return {
    to,
    subject: lang === 'nl' ? 'Je wachtwoord opnieuw instellen' : 'Réinitialisation de votre mot de passe',
    text: [lines[0], lines[1], link, lines[2], SHOP_NAME].join('\n\n'),
    html: html([lines[0]!, lines[1]!], { href: link, label: link }).replace('</a></p>', `</a></p><p>${escapeHtml(lines[2]!)}</p>`),
  };
}

/**
 * The notice to the old address after an e-mail change. It names nothing the customer typed but a first
 * name that cannot read as a link (greeting): not the new address either, which a mail client would turn
 * into a link, in a mailbox that may not belong to whoever typed it. Its only link is the contact page.
 */
export function emailChangedMail(lang: Language, to: string, firstName: string, contactUrl: string): Mail {
  const lines =
    lang === 'nl'
      ? [
          greeting(lang, firstName),
          `Het e-mailadres van je ${SHOP_NAME}-account is zonet gewijzigd. Dit bericht gaat naar je vorige adres; onze volgende berichten gaan naar het nieuwe.`,
          'Heb je deze wijziging niet zelf gedaan? Neem dan meteen contact met ons op:',
        ]
      : [
          greeting(lang, firstName),
          `L’adresse e-mail de votre compte ${SHOP_NAME} vient d’être modifiée. Ce message est envoyé à votre ancienne adresse\u00A0; nos prochains messages iront à la nouvelle.`,
          'Si vous n’êtes pas à l’origine de cette modification, contactez-nous sans attendre\u00A0:',
        ];
  return {
    to,
    subject:
      lang === 'nl'
        ? `Het e-mailadres van je ${SHOP_NAME}-account is gewijzigd`
        : `L’adresse e-mail de votre compte ${SHOP_NAME} a été modifiée`,
    text: [...lines, contactUrl, SHOP_NAME].join('\n\n'),
    html: html(lines, { href: contactUrl, label: contactUrl }),
  };
}
