/**
 * Every text of the interface follows the typography and voice of its language: the site's messages, the
 * shop API's errors, the order and account mails. The rules are in ./typography.ts.
 */
import { describe, expect, it } from 'vitest';
import { emailChangedMail, resetPasswordMail, welcomeMail } from '../../../src/backend/mail/templates/customers.ts';
import { orderMail, orderMailKinds, type OrderMailInput } from '../../../src/backend/mail/templates/orders.ts';
import { subscriptionMail, subscriptionMailKinds } from '../../../src/backend/mail/templates/subscriptions.ts';
import {
  loginBusyMessage,
  serviceBusyMessage,
  tooManyAttemptsMessage,
  tooManyRequestsMessage,
  violationMessage,
  type LimitedAction,
} from '../../../src/backend/shop/shared/messages.ts';
import fr from '../../../src/i18n/messages/fr/index.ts';
import nl from '../../../src/i18n/messages/nl/index.ts';
import type { Language } from '../../../src/lib/channels.ts';
import { violationCodes } from '../../../src/lib/shop-api/errors.ts';
import type { Order } from '../../../src/lib/shop-api/orders.ts';
import { sampleOrder } from '../backend/mail/templates/sample-order.ts';
import { NUTRITION_MESSAGES } from '../../../src/lib/nutrition/requests.ts';
import { dutchSlips, frenchSlips, slipsOf, strings } from './typography.ts';

const languages = ['fr', 'nl'] as const satisfies readonly Language[];

function apiTexts(lang: Language): Array<[string, string]> {
  const params = { min: 2, max: 50, digits: 4, amount: 3000 };
  const actions: LimitedAction[] = [
    'lookup',
    'coupon',
    'resetEmail',
    'resetAddress',
    'currentPassword',
    'relaySearch',
    'paymentRequest',
    'mediaAuthentication',
    'newsletter',
    'contact',
  ];
  return [
    ...violationCodes.map((code): [string, string] => [code, violationMessage(lang, code, params)]),
    ['tooManyAttempts', tooManyAttemptsMessage(lang, 15)],
    ['tooManyAttempts(1)', tooManyAttemptsMessage(lang, 1)],
    ['loginBusy', loginBusyMessage(lang)],
    ['serviceBusy', serviceBusyMessage(lang)],
    ...actions.map((action): [string, string] => [action, tooManyRequestsMessage(lang, action, 600)]),
    ...Object.entries(NUTRITION_MESSAGES[lang]),
  ];
}

/** The sample order, at a total with a thousands separator, delivered home or to a relay point. */
const order = (relay: boolean) =>
  ({
    ...sampleOrder,
    total: 123456,
    shipments: [
      {
        carrier: 'Colissimo',
        trackingNumber: '6A123',
        relayPoint: relay
          ? { id: '1', name: 'Tabac de la Gare', street: '1 rue de la Gare', postcode: '69006', city: 'Lyon', countryCode: 'FR' }
          : null,
      },
    ],
  }) as Order;

/** The text of every mail, with a bank transfer to pay (its details are the longest block). */
function mailTexts(lang: Language): Array<[string, string]> {
  const payment: OrderMailInput['payment'] = {
    code: 'bank_transfer',
    name: 'Virement',
    delayed: true,
    instructions: null,
    bankTransfer: { bankName: 'Banque', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', reference: 'MG000001001' },
    card: null,
  };
  const links = { order: 'https://shop.test/o/', payAgain: 'https://shop.test/p/' };
  const orderMails = [false, true].flatMap((relay) =>
    orderMailKinds.map((kind) => {
      const mail = orderMail(kind, { lang, to: 'a@b.test', firstName: 'Jeanne', order: order(relay), payment, links });
      return [`${kind}${relay ? ' (relay)' : ''}`, `${mail.subject}\n${mail.text}`] as [string, string];
    }),
  );
  const accountMails = [
    welcomeMail(lang, 'a@b.test', 'Jeanne', 'https://shop.test/'),
    resetPasswordMail(lang, 'a@b.test', 'Jeanne', 'https://shop.test/r/', 30),
    emailChangedMail(lang, 'a@b.test', 'Jeanne', 'https://shop.test/c/'),
  ].map((mail): [string, string] => [mail.subject, `${mail.subject}\n${mail.text}`]);
  // A subscription's mails, with every optional part (a card, two products, a coupon, the bank's message).
  const subscriptionMails = subscriptionMailKinds.map((kind): [string, string] => {
    const mail = subscriptionMail(kind, {
      lang,
      to: 'a@b.test',
      firstName: 'Jeanne',
      code: 'Sx3kP9aQ2',
      shipment: '2026-03-01',
      total: 123456,
      card: { brand: 'Visa', last4: '4242' },
      products: ['Croquettes poulet', 'Pâtée saumon'],
      coupon: 'BIENVENUE10',
      failure: lang === 'nl' ? 'Je kaart is vervallen.' : 'Votre carte a expiré.',
      link: 'https://shop.test/s/',
    });
    return [`subscription ${kind}`, `${mail.subject}\n${mail.text}`];
  });
  return [...orderMails, ...accountMails, ...subscriptionMails];
}

describe('interface strings', () => {
  it.each(languages)('of the site follow the %s typography and voice', (lang) => {
    expect(slipsOf(lang, strings(lang === 'fr' ? fr : nl))).toEqual([]);
  });

  it.each(languages)('of the shop API (%s) follow the typography and voice of the site', (lang) => {
    expect(slipsOf(lang, apiTexts(lang))).toEqual([]);
  });

  it.each(languages)('of the mails (%s) follow the typography and voice of the site', (lang) => {
    expect(slipsOf(lang, mailTexts(lang))).toEqual([]);
  });
});

describe('the typography rules', () => {
  it('catch the French slips', () => {
    expect(frenchSlips('Mot de passe oublié ?')).toContain('plain or narrow space before : ; ? !');
    expect(frenchSlips('Total : 5 €')).toEqual(['plain or narrow space before : ; ? !', 'number and % or € without a non-breaking space']);
    expect(frenchSlips('Abonnement (-10%)')).toEqual(['number and % or € without a non-breaking space']);
    expect(frenchSlips('Résultats pour « {query} »')).toEqual([
      '« without a non-breaking space after it',
      '» without a non-breaking space before it',
    ]);
    expect(frenchSlips('Vraiment?')).toEqual(['no space before ; ? !']);
    expect(frenchSlips('de 9:00 à 18:00')).toEqual(['hour written with a colon (write "9 h 30")']);
    expect(frenchSlips('Membre de 1% for animals\u00A0: 1\u00A0% de nos ventes, https://shop.test/?a=1')).toEqual([]);
  });

  it('catch the Dutch slips', () => {
    expect(dutchSlips('Volg ons :')).toEqual(['space before :']);
    expect(dutchSlips('Uw bestelling is verzonden.')).toEqual(['formal “u”/“uw” (the site says “je”)']);
    expect(dutchSlips('Hebt u niets gevraagd?')).toEqual(['formal “u”/“uw” (the site says “je”)']);
    expect(dutchSlips('Neem contact op met de klantenservice.')).toEqual(['“klantenservice”: the site says “klantendienst”']);
    expect(dutchSlips('Open van 9:00 tot 18:00')).toEqual(['hour written with a colon (write "9.30 uur")']);
    expect(dutchSlips('Abonnement (-10 %)')).toEqual(['space between a number and % (write "30%")']);
    expect(dutchSlips('bespaar {percent}\u00A0% op elke levering')).toEqual(['space between a number and % (write "30%")']);
    expect(dutchSlips('Je bestelling is om 9.30 uur verzonden: volg ze in je klantenzone.')).toEqual([]);
    expect(dutchSlips('Lid van 1% for animals: 1% van onze verkoop, kip (30%)')).toEqual([]);
  });
});
