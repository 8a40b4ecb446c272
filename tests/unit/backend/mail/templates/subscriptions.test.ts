/** The customer service's copy of a shopper's message about their subscription (mail/templates/subscriptions.ts). */
import { describe, expect, it } from 'vitest';
import { subscriptionMessageMail } from '../../../../../src/backend/mail/templates/subscriptions.ts';

describe('subscriptionMessageMail', () => {
  it('names the subscription and its customer, and keeps the message as written, escaped in HTML', () => {
    expect(
      subscriptionMessageMail('service@maison-gamelle.test', {
        code: 'S12AB',
        topic: 'Demande de résiliation (too_expensive)',
        from: 'Camille Martin <camille@example.com>',
        message: 'Trop cher\n<pour nous>',
      }),
    ).toEqual({
      to: 'service@maison-gamelle.test',
      subject: '[Abonnement S12AB] Demande de résiliation (too_expensive)',
      text: 'Demande de résiliation (too_expensive) — abonnement S12AB\nClient\u00A0: Camille Martin <camille@example.com>\n\nTrop cher\n<pour nous>',
      html: '<p>Demande de résiliation (too_expensive) — abonnement S12AB<br>Client\u00A0: Camille Martin &lt;camille@example.com&gt;</p><p>Trop cher<br>&lt;pour nous&gt;</p>',
    });
  });
});
