/** The account's mails (welcome, password reset, e-mail change notice), in the customer's language, as text and HTML. */
import type { Language } from '../../../lib/channels.ts';
import { escapeHtml, type Mail } from '../outbox.ts';
import { greeting, html, linkMail, SHOP_NAME } from './parts.ts';

const WELCOME: Record<Language, { subject: string; lines: [string, string] }> = {
  fr: {
    subject: `Bienvenue chez ${SHOP_NAME}`,
    lines: [
      `Bienvenue chez ${SHOP_NAME}\u00A0! Votre compte a bien été créé.`,
      'Vous pouvez désormais suivre vos commandes, abonnements, adresses et animaux.',
    ],
  },
  nl: {
    subject: `Welkom bij ${SHOP_NAME}`,
    lines: [`Welkom bij ${SHOP_NAME}! Je account is aangemaakt.`, 'Je kunt nu je bestellingen, abonnementen, adressen en dieren beheren.'],
  },
};

export function welcomeMail(lang: Language, to: string, firstName: string, siteUrl: string): Mail {
  const t = WELCOME[lang];
  return linkMail(to, t.subject, [greeting(lang, firstName), ...t.lines], { href: siteUrl, label: siteUrl });
}

const RESET_PASSWORD: Record<Language, { subject: string; ask: string; validity: (minutes: number) => string }> = {
  fr: {
    subject: 'Réinitialisation de votre mot de passe',
    ask: 'Vous avez demandé à réinitialiser votre mot de passe. Choisissez-en un nouveau en suivant ce lien\u00A0:',
    validity: (minutes) =>
      `Ce lien est valable ${minutes} minutes et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez simplement cet e-mail.`,
  },
  nl: {
    subject: 'Je wachtwoord opnieuw instellen',
    ask: 'Je hebt gevraagd om je wachtwoord opnieuw in te stellen. Kies een nieuw wachtwoord via deze link:',
    validity: (minutes) =>
      `Deze link is ${minutes} minuten geldig en kan maar één keer gebruikt worden. Heb je niets gevraagd? Dan mag je deze e-mail negeren.`,
  },
};

export function resetPasswordMail(lang: Language, to: string, firstName: string, link: string, validMinutes: number): Mail {
  const t = RESET_PASSWORD[lang];
  const hello = greeting(lang, firstName);
  const validity = t.validity(validMinutes);
  return {
    to,
    subject: t.subject,
    text: [hello, t.ask, link, validity, SHOP_NAME].join('\n\n'),
    html: html([hello, t.ask], { href: link, label: link }).replace('</a></p>', `</a></p><p>${escapeHtml(validity)}</p>`),
  };
}

const EMAIL_CHANGED: Record<Language, { subject: string; lines: [string, string] }> = {
  fr: {
    subject: `L’adresse e-mail de votre compte ${SHOP_NAME} a été modifiée`,
    lines: [
      `L’adresse e-mail de votre compte ${SHOP_NAME} vient d’être modifiée. Ce message est envoyé à votre ancienne adresse\u00A0; nos prochains messages iront à la nouvelle.`,
      'Si vous n’êtes pas à l’origine de cette modification, contactez-nous sans attendre\u00A0:',
    ],
  },
  nl: {
    subject: `Het e-mailadres van je ${SHOP_NAME}-account is gewijzigd`,
    lines: [
      `Het e-mailadres van je ${SHOP_NAME}-account is zonet gewijzigd. Dit bericht gaat naar je vorige adres; onze volgende berichten gaan naar het nieuwe.`,
      'Heb je deze wijziging niet zelf gedaan? Neem dan meteen contact met ons op:',
    ],
  },
};

/**
 * The notice to the old address after an e-mail change. It names nothing the customer typed but a first
 * name that cannot read as a link (greeting): not the new address either, which a mail client would turn
 * into a link, in a mailbox that may not belong to whoever typed it. Its only link is the contact page.
 */
export function emailChangedMail(lang: Language, to: string, firstName: string, contactUrl: string): Mail {
  const t = EMAIL_CHANGED[lang];
  return linkMail(to, t.subject, [greeting(lang, firstName), ...t.lines], { href: contactUrl, label: contactUrl });
}
