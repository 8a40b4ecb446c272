/**
 * A card refused by the bank at the summary: the order is placed and waits for its money, and the funnel
 * stays as it was drawn. The refusal is said in the payment alert above the pay button, a place that was
 * there before the shopper paid (nothing is inserted above it, so nothing on screen is pushed), which takes
 * the focus; the shopper then pays again from the same summary with another card. The real sandbox's
 * refusal (its message and code) stays in tests/e2e/checkout.spec.ts.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, expect, it } from 'vitest';
import { CARD_FIELDS } from '../../src/lib/payments/card-details.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import type { Order } from '../../src/lib/shop-api/orders.ts';
import { getShop } from '../../src/stores/shop.ts';
import { funnelAtSummary, GOOD, orderAtSummary, t, TOKEN } from './support/checkout-funnel.tsx';

afterAll(() => getShop().session.logout());

const type = (field: HTMLInputElement, value: string) => fireEvent.change(field, { target: { value } });

/** The order once placed, its first payment refused: a new payment is open for the next try. */
async function placedAfterRefusal(): Promise<Order> {
  const order = await orderAtSummary();
  const [refused] = order.payments;
  return {
    ...order,
    state: 'new',
    checkoutState: 'completed',
    paymentState: 'awaiting_payment',
    number: '000001001',
    payments: [
      { ...refused!, state: 'failed' },
      { ...refused!, '@id': iri.payment(TOKEN, 10), id: 10, state: 'new' },
    ],
  };
}

it('a refused card is said above the pay button in a place drawn before, without inserting anything above it; another card then pays', async () => {
  const { api, fields, navigations } = await funnelAtSummary();
  const placed = await placedAfterRefusal();
  const refusal = { status: 'failed', failure: { reason: 'insufficient_funds', code: '51', message: 'Insufficient funds' } };
  api.answer('POST', /\/payment-requests$/, () => ({
    status: 201,
    body: { hash: 'request-1', state: 'completed', action: 'capture', responseData: refusal },
  }));
  // Once the payment is refused the shop answers the order as it now is: placed, a new payment open.
  api.answer('GET', new RegExp(`/orders/${TOKEN}$`), () => ({ status: 200, body: placed }));
  api.answer('GET', /\/payments\/10\/methods$/, () => ({
    status: 200,
    body: {
      '@type': 'hydra:Collection',
      'hydra:member': [
        {
          '@id': iri.paymentMethod('visa'),
          '@type': 'PaymentMethod',
          code: 'visa',
          name: 'Visa',
          delayed: false,
          serviceFee: 0,
          instructions: null,
        },
      ],
      'hydra:totalItems': 1,
    },
  }));

  const alert = document.querySelector<HTMLElement>('[data-step="summary"] [data-payment-alert]');
  expect(alert, 'the payment alert is drawn before any payment').not.toBeNull();
  expect(alert!.textContent).toBe('');
  const added: Node[] = [];
  const watcher = new MutationObserver((records) => {
    for (const record of records) added.push(...record.addedNodes);
  });
  watcher.observe(document.body, { childList: true, subtree: true });

  for (const name of CARD_FIELDS) type(fields[name], GOOD[name]);
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(document.querySelector<HTMLButtonElement>('[data-step-action="complete"]')!);
  const said = await screen.findByRole('alert');
  watcher.disconnect();

  expect(said.getAttribute('data-checkout-error')).toBe('payment_refused');
  expect(said.textContent).toContain(t('checkout.payment.refused'));
  expect(said.textContent).toContain('51');
  // Said in the place drawn before: the same element, still in the summary, holding the focus.
  expect(document.querySelector('[data-payment-alert]')).toBe(alert);
  expect(alert!.contains(said)).toBe(true);
  expect(document.activeElement).toBe(alert);
  // Nothing was inserted above it: whatever the refusal added is inside the alert or after it.
  const above = added.filter(
    (node) => node.isConnected && !alert!.contains(node) && !(alert!.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING),
  );
  expect(above.map((node) => (node as Element).outerHTML ?? node.textContent)).toEqual([]);
  // The funnel stayed as drawn: the same summary, its card form and its fields, now paying the placed order.
  expect(document.querySelector('[data-step="summary"].is-open')).not.toBeNull();
  for (const name of CARD_FIELDS) expect(fields[name].isConnected, name).toBe(true);
  const payAgain = document.querySelector<HTMLButtonElement>('[data-step="summary"] [data-step-action="pay"]')!;
  expect(payAgain.textContent).toMatch(new RegExp(`${t('checkout.payment.payNow', { amount: '' }).trim()}$`));

  // Another card: the placed order is paid (no second placement), and the shopper goes to the confirmation.
  api.answer('POST', /\/payment-requests$/, () => ({
    status: 201,
    body: { hash: 'request-2', state: 'completed', action: 'capture', responseData: { status: 'paid' } },
  }));
  type(fields.cardNumber, '5555 5555 5555 4444');
  fireEvent.click(payAgain);
  await waitFor(() => expect(navigations).toEqual([pathTo('orderConfirmation', 'nl_BE', { order: TOKEN })]));
  expect(api.count('PATCH', /\/complete$/)).toBe(1);
  expect(api.count('POST', /\/payment-requests$/)).toBe(2);
});
