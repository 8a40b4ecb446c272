/**
 * The scheduler's small rules: the demonstration clock's durations, when a draft is locked (a draft held
 * back by the scheduler is not), and what the subscription mails say of the days (the reminder names the
 * shipment day and the last day the draft can change, the day before its 4-day lock).
 */
import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../../src/backend/scheduler/clock.ts';
import { draftLocked } from '../../../../src/backend/shop/subscriptions/drafts.ts';
import { subscriptionMail, type SubscriptionMailInput } from '../../../../src/backend/mail/templates/subscriptions.ts';

const DAY = 86_400_000;

describe('the demonstration clock', () => {
  it('moves forward by minutes, hours, days or weeks, never back', () => {
    expect(parseDuration('30m')).toBe(30 * 60_000);
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(parseDuration('5d')).toBe(5 * DAY);
    expect(parseDuration(' 2w ')).toBe(14 * DAY);
    for (const wrong of ['-5d', '5', 'd', '5 days', '1.5d', '99999d', '']) expect(parseDuration(wrong), wrong).toBeNull();
  });
});

describe('the draft lock', () => {
  const shipment = '2031-03-09';
  const lockStarts = new Date('2031-03-05T00:00:00Z');
  it('starts 4 days before shipment, at the start of that day', () => {
    expect(draftLocked({ state: 'active' }, shipment, new Date(lockStarts.getTime() - 1))).toBe(false);
    expect(draftLocked({ state: 'active' }, shipment, lockStarts)).toBe(true);
  });
  it('does not hold a draft the scheduler held back (it is not being prepared), but a refused card does not free it', () => {
    for (const state of ['product_unavailable', 'pickuppoint_unavailable', 'error'] as const)
      expect(draftLocked({ state }, shipment, lockStarts), state).toBe(false);
    expect(draftLocked({ state: 'payment_failure' }, shipment, lockStarts)).toBe(true);
  });
});

describe('the subscription mails', () => {
  const input = (lang: 'fr' | 'nl', more: Partial<SubscriptionMailInput> = {}): SubscriptionMailInput => ({
    lang,
    to: 'a@b.test',
    firstName: 'Jeanne',
    code: 'Sx3kP9aQ2',
    shipment: '2031-03-09',
    total: 2790,
    card: { brand: 'Visa', last4: '4242' },
    link: 'https://shop.test/mon-compte/mes-abonnements/Sx3kP9aQ2/',
    ...more,
  });

  it('a week before: the shipment day, the amount and the last day the order can change (the day before the lock)', () => {
    const fr = subscriptionMail('reminder7', input('fr'));
    expect(fr.subject).toBe('Votre prochaine commande part le 9 mars 2031');
    expect(fr.text).toContain('pour 27,90\u00A0€');
    expect(fr.text).toContain('jusqu’au 4 mars 2031 inclus');
    const nl = subscriptionMail('reminder7', input('nl'));
    expect(nl.subject).toBe('Je volgende bestelling vertrekt op 9 maart 2031');
    expect(nl.text).toContain('tot en met 4 maart 2031');
  });

  it('4 days before: being prepared, charged on the card named by its last digits', () => {
    const mail = subscriptionMail('reminder4', input('fr'));
    expect(mail.subject).toBe('Votre commande du 9 mars 2031 est en préparation');
    expect(mail.text).toContain('votre carte Visa se terminant par 4242');
    expect(subscriptionMail('reminder4', input('nl', { card: null })).text).toContain('je geregistreerde kaart');
  });

  it('the alerts say what holds the delivery and lead to the subscription; the shopper’s names stay text', () => {
    const one = subscriptionMail('productUnavailable', input('fr', { products: ['Croquettes poulet'] }));
    expect(one.text).toContain('Croquettes poulet n’est plus disponible');
    const two = subscriptionMail('productUnavailable', input('nl', { products: ['Brokken kip', 'Paté zalm'] }));
    expect(two.text).toContain('Brokken kip, Paté zalm zijn niet meer beschikbaar');
    const failed = subscriptionMail('paymentFailure', input('fr', { failure: 'Votre carte a expiré.' }));
    expect(failed.text).toContain('Motif\u00A0: Votre carte a expiré.');
    expect(failed.html).toContain('<a href="https://shop.test/mon-compte/mes-abonnements/Sx3kP9aQ2/">Mettre à jour ma carte</a>');
    const named = subscriptionMail('reminder7', input('fr', { firstName: 'Jeanne & <Léa>' }));
    expect(named.html).toContain('<p>Bonjour Jeanne &amp; &lt;Léa&gt;,</p>');
  });
});
