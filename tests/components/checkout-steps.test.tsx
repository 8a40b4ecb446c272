/**
 * The checkout funnel's steps once reached: a step opened again with "Modifier" closes when its action is
 * done, even when the order's checkout state stays where it was (a payment method chosen again), so the
 * shopper moves on without reloading the page.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { getShop } from '../../src/stores/shop.ts';
import { funnelAtSummary, orderAtSummary, t, TOKEN } from './support/checkout-funnel.tsx';

afterEach(() => {
  // The session is the page's singleton: the next test starts anonymous again.
  getShop().session.logout();
  window.history.replaceState(null, '', '/');
});

it('after “Modifier” on the payment, “Continuer” moves on to the summary, the method kept or changed', async () => {
  const { api } = await funnelAtSummary();
  const order = await orderAtSummary();
  // Choosing a method again leaves the order where it was (payment_selected): the step must close all the same.
  api.answer('PATCH', new RegExp(`/orders/${TOKEN}/payments/9$`), () => ({ status: 200, body: { ...order } }));
  const isOpen = (step: string) => document.querySelector(`[data-step="${step}"].is-open`) !== null;
  expect(isOpen('summary')).toBe(true);
  for (const attempt of [1, 2]) {
    fireEvent.click(screen.getByRole('button', { name: t('checkout.editStep', { step: t('checkout.payment.title') }) }));
    expect(isOpen('payment'), `attempt ${attempt}`).toBe(true);
    const section = document.querySelector<HTMLElement>('[data-step="payment"]')!;
    fireEvent.click(await within(section).findByRole('button', { name: t('checkout.continue') }));
    await waitFor(() => expect(isOpen('summary'), `attempt ${attempt}`).toBe(true));
    expect(isOpen('payment'), `attempt ${attempt}`).toBe(false);
  }
  expect(api.count('PATCH', /\/payments\/9$/)).toBe(2);
});
