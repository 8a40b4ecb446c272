/**
 * The checkout's card form (the sandbox's inputs, src/islands/shared/CardForm.tsx) at the summary step:
 * once the shopper tries to pay, each mistyped detail (number, expiry, code, holder) is said under its own
 * field, which is marked invalid and described by its message, the focus goes to the first one to mend,
 * and nothing is sent (no card to the provider, no order placed) until all four are right; each message
 * leaves as its detail is mended. States of one island, so the funnel is rendered here with the shop API
 * answered on fetch; the real sandbox's refusal and the card going to the provider only, with axe on the
 * form, stay in tests/e2e/checkout.spec.ts. The expiry is written MM/YY as it is typed or pasted (a phone's
 * numeric keyboard has no slash), so "1229" pays.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, expect, it } from 'vitest';
import { CARD_FIELDS } from '../../src/lib/payments/card-details.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { getShop } from '../../src/stores/shop.ts';
import { funnelAtSummary, GOOD, t, TOKEN } from './support/checkout-funnel.tsx';
import type { shopApiOnFetch } from './support/island.tsx';

/** The calls that would place or pay: anything but reading. */
const sentBeyondReading = (api: ReturnType<typeof shopApiOnFetch>) =>
  ['POST', 'PATCH', 'PUT', 'DELETE'].reduce((sum, method) => sum + api.count(method, /./), 0);

const type = (field: HTMLInputElement, value: string) => fireEvent.change(field, { target: { value } });
const messageUnder = (field: HTMLInputElement) => document.getElementById(field.getAttribute('aria-describedby')!)?.textContent;

afterEach(() => {
  // The session is the page's singleton, read once: it stays signed in for the next test (the same customer),
  // which could not sign in again through the storage the page has read already.
  window.history.replaceState(null, '', '/');
});
afterAll(() => getShop().session.logout());

it('mistyped card details are each said under their field, the focus on the first, and nothing is sent until all are mended', async () => {
  const { api, fields, navigations } = await funnelAtSummary();
  const pay = document.querySelector<HTMLButtonElement>('[data-step="summary"] [data-step-action="complete"]')!;
  fireEvent.click(screen.getByRole('checkbox'));
  // Nothing is said before the shopper tries to pay.
  for (const field of Object.values(fields)) {
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(messageUnder(field)).toBe('');
  }

  // Nothing typed: the number and the expiry are said missing, not invalid.
  fireEvent.click(pay);
  expect(messageUnder(fields.cardNumber)).toBe(t('forms.errors.required'));
  expect(messageUnder(fields.expiryDate)).toBe(t('forms.errors.required'));
  expect(messageUnder(fields.cardHolder)).toBe(t('checkout.payment.card.errors.cardHolder'));

  // One digit wrong (the check digit fails), a thirteenth month, a two-digit code, no holder.
  type(fields.cardNumber, '4543 4740 0224 9997');
  type(fields.expiryDate, '13/20');
  type(fields.verificationCode, '12');
  fireEvent.click(pay);
  for (const name of CARD_FIELDS) {
    expect(fields[name].getAttribute('aria-invalid'), name).toBe('true');
    expect(messageUnder(fields[name]), name).toBe(t(`checkout.payment.card.errors.${name}`));
  }
  expect(document.activeElement).toBe(fields.cardNumber);
  // Nothing was placed nor sent to the provider: the summary is still open.
  expect(sentBeyondReading(api)).toBe(0);
  expect(document.querySelector('[data-step="summary"].is-open')).not.toBeNull();

  // A detail mended stops saying its error at once; the others still say theirs, and still hold the payment,
  // the focus on the first of them.
  type(fields.cardNumber, GOOD.cardNumber);
  expect(fields.cardNumber.getAttribute('aria-invalid')).toBeNull();
  expect(messageUnder(fields.cardNumber)).toBe('');
  expect(fields.expiryDate.getAttribute('aria-invalid')).toBe('true');
  fireEvent.click(pay);
  expect(document.activeElement).toBe(fields.expiryDate);
  for (const name of ['expiryDate', 'verificationCode', 'cardHolder'] as const) {
    expect(fields[name].getAttribute('aria-invalid'), name).toBe('true');
    expect(messageUnder(fields[name]), name).toBe(t(`checkout.payment.card.errors.${name}`));
  }
  expect(sentBeyondReading(api)).toBe(0);

  // All four right: no error left, the card goes to the provider, the order is placed and paid.
  for (const name of CARD_FIELDS) type(fields[name], GOOD[name]);
  for (const name of CARD_FIELDS) {
    expect(fields[name].getAttribute('aria-invalid'), name).toBeNull();
    expect(messageUnder(fields[name]), name).toBe('');
  }
  fireEvent.click(pay);
  await waitFor(() => expect(navigations).toEqual([pathTo('orderConfirmation', 'nl_BE', { order: TOKEN })]));
  expect(api.count('POST', /\/payments\/components\/card-tokens$/)).toBe(1);
  expect(api.count('PATCH', /\/complete$/)).toBe(1);
  expect(api.count('POST', /\/payment-requests$/)).toBe(1);
});

it('the expiry is written MM/YY as the shopper types, pastes or erases it, and “1229” pays', async () => {
  const { api, fields, navigations } = await funnelAtSummary();
  const expiry = fields.expiryDate;
  /** What the field shows after each change, each made from what it showed before. */
  const shown = (...values: string[]) =>
    values.map((value) => {
      type(expiry, value);
      return expiry.value;
    });

  // Typed one key at a time: the slash comes with the month.
  expect(shown('1', '12', '12/2', '12/29')).toEqual(['1', '12/', '12/2', '12/29']);
  // Erased one key at a time: a backspace over the slash takes the month's last digit with it (else the slash
  // would come straight back), here at the end and in the middle.
  expect(shown('12/2', '12/', '12', '')).toEqual(['12/2', '12/', '1', '']);
  type(expiry, '12/34');
  expect(shown('1234')).toEqual(['13/4']);
  // Pasted or filled by the browser: a month of one digit, a year of four, spaces or dashes.
  for (const [pasted, kept] of [
    ['1229', '12/29'],
    ['12/2029', '12/29'],
    ['1/29', '01/29'],
    [' 12 / 29 ', '12/29'],
    ['12-29', '12/29'],
    ['5', '05/'],
  ]) {
    type(expiry, '');
    expect(shown(pasted!), pasted).toEqual([kept]);
  }
  // A year typed in full reads as its last two digits once complete.
  type(expiry, '');
  expect(shown('1', '12', '12/2', '12/20', '12/202', '12/2029')).toEqual(['1', '12/', '12/2', '12/20', '12/202', '12/29']);

  // "1229" typed without a slash is a card the provider takes: the order is paid.
  let sentExpiry: unknown = null;
  api.answer('POST', /\/payments\/components\/card-tokens$/, ({ body }) => {
    sentExpiry = (body as { expiryDate?: unknown }).expiryDate;
    return { status: 201, body: { token: 'tkn_1' } };
  });
  for (const name of CARD_FIELDS) type(fields[name], GOOD[name]);
  type(expiry, '');
  type(expiry, '1229');
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(document.querySelector<HTMLButtonElement>('[data-step="summary"] [data-step-action="complete"]')!);
  await waitFor(() => expect(navigations).toEqual([pathTo('orderConfirmation', 'nl_BE', { order: TOKEN })]));
  expect(expiry.getAttribute('aria-invalid')).toBeNull();
  expect(sentExpiry).toBe('12/29');
});
