/**
 * The order confirmation (/commande/{order}/confirmation/), signed-in only: the text for a paid order, a
 * free one, or one paid later (cheque, bank transfer: the instructions, it ships on payment). Back from a
 * provider's page the payment may still be on its way: the page asks again a few times. A failed
 * payment offers to pay again (the funnel of the placed order). Below, what was bought, where it goes and
 * the subscriptions it started (ConfirmationDetails.tsx).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { purchase, pushCheckoutEvent } from '../../lib/analytics/items.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { runtimeParamOf } from '../../lib/routes/runtime-params.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { codeOf, openPayment } from '../../stores/checkout/order.ts';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { useIsland } from '../shared/island.tsx';
import { SubscriptionsStarted, WhatWasBought, WhereItGoes } from './ConfirmationDetails.tsx';
import { dataLayer, StepErrors, useCheckout } from './shared.tsx';
import './checkout.css';

/** How often and how many times a payment still under way is asked for again. */
const PENDING_POLL = { everyMs: 2000, times: 10 } as const;

type Outcome = 'paid' | 'free' | 'delayed' | 'pending' | 'failed';

function outcomeOf(order: Order, delayedWithInstructions: boolean): Outcome {
  if (order.total === 0) return 'free';
  if (order.paymentState === 'paid' || order.paymentState === 'authorized') return 'paid';
  // Cheque and bank transfer: the order waits for the money, as the instructions say.
  if (delayedWithInstructions) return 'delayed';
  // At the provider (PayPal's page, 3-D Secure): its answer is on its way. A payment still new was refused
  // (the shop opens a new one after a failure) or never made: the shopper pays again.
  return openPayment(order)?.state === 'processing' ? 'pending' : 'failed';
}

function Confirmation() {
  const { t, locale } = useIsland();
  const { store, order, status, error, paymentMethods } = useCheckout();
  const bankTransfer = useStore(store.$bankTransfer);
  const [token] = useState(() => runtimeParamOf('orderConfirmation', 'order', location.pathname, locale));
  const [polls, setPolls] = useState(0);

  useEffect(() => {
    if (token) void store.load(token).then((order) => order && store.refreshPayment());
    return () => store.stop();
  }, [store, token]);

  // The purchase is counted once per page, when the placed order is first shown.
  const counted = useRef(false);
  useEffect(() => {
    if (!order || order.state === 'cart' || counted.current) return;
    counted.current = true;
    pushCheckoutEvent(dataLayer(), purchase(order));
  }, [order]);

  const method = order ? paymentMethods.find((m) => m.code === codeOf(openPayment(order)?.method)) : undefined;
  const outcome = order ? outcomeOf(order, Boolean(method?.instructions)) : null;
  useEffect(() => {
    if (outcome !== 'pending' || polls >= PENDING_POLL.times || !token) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void store.refreshPayment();
    }, PENDING_POLL.everyMs);
    return () => clearTimeout(timer);
  }, [outcome, polls, store, token]);

  if (!order && (status === 'idle' || status === 'loading')) return <IslandStatus messageKey="checkout.loading" />;
  if (!order || !token || order.state === 'cart') {
    return <StepErrors error={error ?? { code: 'not_found', description: null, violations: [] }} />;
  }
  return (
    <div className="checkout-confirmation card" data-confirmation={outcome}>
      <p className="checkout-confirmation-title">
        <strong>{outcome === 'failed' ? t('checkout.payment.awaiting') : t('checkout.confirmation.title')}</strong>
      </p>
      <p>{t('checkout.confirmation.number', { number: order.number ?? '' })}</p>
      <p role="status">{t(`checkout.confirmation.${outcome}`)}</p>
      {outcome === 'delayed' && method?.instructions && (
        <div className="checkout-instructions">
          <h2 className="checkout-instructions-title">{t('checkout.confirmation.instructions')}</h2>
          <p>{method.instructions}</p>
          {bankTransfer && (
            <dl className="checkout-bank" data-bank-transfer>
              {(['bankName', 'iban', 'bic', 'reference'] as const).map((field) => (
                <div key={field}>
                  <dt>{t(`checkout.confirmation.bank.${field}`)}</dt>
                  <dd>{bankTransfer[field]}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      )}
      <WhatWasBought order={order} />
      <WhereItGoes order={order} />
      {/* A subscription starts with the card payment: none for an order that failed or waits for its money. */}
      {(outcome === 'paid' || outcome === 'pending') && <SubscriptionsStarted order={order} paid={outcome === 'paid'} />}
      <div className="form-actions">
        {outcome === 'failed' ? (
          <a className="button" href={pathTo('checkout', locale, { order: order.tokenValue })} data-pay-again>
            {t('checkout.confirmation.payAgain')}
          </a>
        ) : (
          <a className="button" href={pathTo('order', locale, { order: order.tokenValue })}>
            {t('checkout.confirmation.follow')}
          </a>
        )}
        <a className="link-button" href={pathTo('home', locale)}>
          {t('checkout.confirmation.continueShopping')}
        </a>
      </div>
    </div>
  );
}

export default guardedIsland('orderConfirmation', Confirmation);
