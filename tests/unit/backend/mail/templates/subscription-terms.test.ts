/**
 * The mail of a subscription's terms (issue 44), in French and Dutch: every term is there, in the site's
 * typography, and every number is the shop's constant. The constants are given other values here than the
 * shop's, so a number typed into the texts instead of read from lib/constants.ts shows.
 */
import { describe, expect, it, vi } from 'vitest';
import { subscriptionTermsMail, type TermsMailInput } from '../../../../../src/backend/mail/templates/subscription-terms.ts';
import { intervalText } from '../../../../../src/lib/catalogue/frequencies.ts';
import type { Language } from '../../../../../src/lib/channels.ts';
import * as constants from '../../../../../src/lib/constants.ts';
import { slipsOf } from '../../../i18n/typography.ts';

vi.mock('../../../../../src/lib/constants.ts', async (original) => ({
  ...(await original<typeof constants>()),
  SUBSCRIPTION_DISCOUNT: 0.15,
  SUBSCRIPTION_MIN_DELIVERIES: 3,
  SUBSCRIPTION_EDIT_LOCK_DAYS: 5,
  SUBSCRIPTION_REMINDER_DAYS: [8, 5],
  WITHDRAWAL_DAYS: 15,
}));

const input = (lang: Language, over: Partial<TermsMailInput> = {}): TermsMailInput => ({
  lang,
  to: 'jeanne@example.com',
  firstName: 'Jeanne',
  link: 'https://shop.test/mon-compte/mes-abonnements/Sx3kP9aQ2/',
  code: 'Sx3kP9aQ2',
  orderNumber: '000001001',
  frequencyDays: 42,
  products: [
    { quantity: 2, productName: 'Croquettes <b>Poulet</b>', variantName: '2 kg' },
    { quantity: 1, productName: 'Pâtée saumon', variantName: '400 g' },
  ],
  // Leaves on 12 April 2026: changed until 6 April (the lock, 5 days here, begins on the 7th).
  next: { shipment: '2026-04-12', total: 123456 },
  card: { brand: 'Visa', last4: '4242' },
  ...over,
});

describe('the mail of a subscription’s terms', () => {
  it('says every term in French, the numbers from the shop’s constants', () => {
    const { subject, text, html } = subscriptionTermsMail(input('fr'));
    expect(constants.SUBSCRIPTION_MIN_DELIVERIES).toBe(3);
    expect(subject).toBe('Votre abonnement a démarré\u00A0: ses conditions');
    for (const term of [
      'Bonjour Jeanne,',
      'Votre abonnement Sx3kP9aQ2 a démarré avec votre commande n° 000001001',
      `Vos produits, livrés ${intervalText('fr', 42).toLocaleLowerCase()}\u00A0:\n2 × Croquettes <b>Poulet</b> – 2 kg\n1 × Pâtée saumon – 400 g`,
      'toutes les 6 semaines',
      'Réduction\u00A0: -15\u00A0% sur le prix de vente de chaque produit, à chaque livraison.',
      'Engagement\u00A0: au moins 3 livraisons, celle de votre commande n° 000001001 comprise.',
      'jusqu’à 5 jours avant son expédition',
      'Un e-mail de rappel vous est envoyé 8 jours puis 5 jours avant chaque expédition.',
      'elle part le 12 avril 2026, pour 1\u00A0234,56\u00A0€, débités le jour de l’envoi sur votre carte Visa se terminant par 4242',
      'Vous pouvez la modifier jusqu’au 6 avril 2026 inclus.',
      '«\u00A0Demander la résiliation\u00A0»',
      'Droit de rétractation\u00A0: vous disposez d’un délai de 15 jours à compter de la réception de votre première livraison',
      'Gérer mon abonnement\nhttps://shop.test/mon-compte/mes-abonnements/Sx3kP9aQ2/',
    ]) {
      expect(text).toContain(term);
    }
    expect(html).toContain('<a href="https://shop.test/mon-compte/mes-abonnements/Sx3kP9aQ2/">Gérer mon abonnement</a>');
    expect(html).toContain('2 × Croquettes &lt;b&gt;Poulet&lt;/b&gt; – 2 kg<br>1 × Pâtée saumon – 400 g');
    expect(html).not.toContain('<b>Poulet');
  });

  it('says every term in Dutch', () => {
    const { subject, text } = subscriptionTermsMail(input('nl'));
    expect(subject).toBe('Je abonnement is gestart: de voorwaarden');
    for (const term of [
      'Dag Jeanne,',
      'Je abonnement Sx3kP9aQ2 is gestart met je bestelling nr. 000001001',
      'Je producten, geleverd om de 6 weken:\n2 × Croquettes <b>Poulet</b> – 2 kg',
      'Korting: -15% op de verkoopprijs van elk product, bij elke levering.',
      'Verbintenis: minstens 3 leveringen',
      'tot 5 dagen voor de verzending',
      'Je krijgt een herinneringsmail 8 dagen en 5 dagen voor elke verzending.',
      'ze vertrekt op 12 april 2026, voor € 1.234,56, op de dag van verzending afgeschreven van je Visa-kaart eindigend op 4242',
      'Je kunt ze wijzigen tot en met 6 april 2026.',
      '„Opzegging aanvragen”',
      'Herroepingsrecht: je hebt 15 dagen vanaf de ontvangst van je eerste levering',
      'Mijn abonnement beheren\nhttps://shop.test/',
    ]) {
      expect(text.replace(/\u00A0/g, ' ')).toContain(term);
    }
  });

  it('names the card it does not know as the card on file, and reads a monthly frequency as the product page does', () => {
    const text = subscriptionTermsMail(input('fr', { card: null, frequencyDays: 31 })).text;
    expect(text).toContain('sur votre carte enregistrée.');
    expect(text).toContain('Vos produits, livrés tous les mois\u00A0:');
  });

  it.each(['fr', 'nl'] as const)('follows the %s typography and voice of the site', (lang) => {
    const { subject, text } = subscriptionTermsMail(input(lang));
    expect(slipsOf(lang, [['terms', `${subject}\n${text}`]])).toEqual([]);
  });
});
