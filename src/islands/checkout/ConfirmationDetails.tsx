/**
 * What the confirmation says of the order just placed: what was bought (its lines and accounting lines),
 * where it goes (the address or the relay point, the carrier and its delivery time) and, for a subscription
 * line, the subscription it started (how often, the next delivery, its price, where to change or stop it).
 *
 * The order's answer holds all but two facts, which other endpoints give: the carrier's delivery time (its
 * shipping method's description) and the started subscription's code and next delivery. Their places are
 * drawn at their final size before they arrive, so nothing moves when they do.
 */
import { useEffect, useState } from 'react';
import { intervalText } from '../../lib/catalogue/frequencies.ts';
import { languageOf } from '../../lib/channels.ts';
import { addressLines, relayPointLines } from '../../lib/orders/address-lines.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { createCheckoutClient, type ShippingMethod } from '../../lib/shop-api/checkout.ts';
import { createSubscriptionsClient } from '../../lib/shop-api/subscriptions.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { codeOf, shipmentOf } from '../../stores/checkout/order.ts';
import { useIsland, useShop } from '../shared/island.tsx';
import { AddressText } from '../shared/AddressText.tsx';
import { OrderTotals } from '../shared/OrderTotals.tsx';
import { formatDay } from '../shared/shop-day.ts';
import { OrderLines } from './shared.tsx';

/** What the confirmation needs of a subscription the order started. */
interface Started {
  code: string;
  nextShipmentDate: string;
}
/** Per frequency of the order's subscription lines: the subscription it started, null when none was found. */
type StartedByFrequency = Record<number, Started | null>;

const subscriptionIntervals = (order: Order): number[] =>
  [...new Set(order.items.map((item) => item.subscriptionInterval).filter((days) => days > 0))].sort((a, b) => a - b);

/**
 * The subscriptions the order started (once `paid`: a subscription starts with the payment), one per
 * frequency of its subscription lines: each subscription names the order that started it.
 */
function useStartedSubscriptions(order: Order, paid: boolean): StartedByFrequency | null {
  const shop = useShop();
  const [started, setStarted] = useState<StartedByFrequency | null>(null);
  const intervals = subscriptionIntervals(order).join(',');
  const { tokenValue } = order;
  useEffect(() => {
    if (!paid || intervals === '') return;
    let gone = false;
    const each = (find: (days: number) => Started | null): StartedByFrequency =>
      Object.fromEntries(intervals.split(',').map((days) => [days, find(Number(days))]));
    createSubscriptionsClient(shop.client.http)
      .list()
      .then(
        (all) => {
          const found = each((days) => all.find((s) => s.startedByOrder === tokenValue && s.frequency === days) ?? null);
          if (!gone) setStarted(found);
        },
        // Unknown: the subscription block keeps what the order says, and its link leads to the list.
        () => !gone && setStarted(each(() => null)),
      );
    return () => {
      gone = true;
    };
  }, [paid, intervals, tokenValue, shop]);
  return started;
}

/** The order's shipping method as the carriers' list describes it (its delivery time); null when it cannot be read. */
function useShippingMethod(order: Order): ShippingMethod | null | undefined {
  const shop = useShop();
  const shipment = shipmentOf(order);
  const code = codeOf(shipment?.method);
  const shipmentId = shipment?.id;
  const { tokenValue } = order;
  const [method, setMethod] = useState<ShippingMethod | null | undefined>(code ? undefined : null);
  useEffect(() => {
    if (!code || shipmentId === undefined) return;
    let gone = false;
    createCheckoutClient(shop.client.http)
      .shippingMethods(tokenValue, shipmentId)
      .then(
        (methods) => !gone && setMethod(methods.find((m) => m.code === code) ?? null),
        () => !gone && setMethod(null),
      );
    return () => {
      gone = true;
    };
  }, [code, shipmentId, tokenValue, shop]);
  return method;
}

export function WhatWasBought({ order }: { order: Order }) {
  const { t } = useIsland();
  return (
    <section className="confirmation-section" aria-labelledby="confirmation-lines" data-confirmation-lines>
      <h2 id="confirmation-lines">{t('checkout.confirmation.lines')}</h2>
      <OrderLines order={order} />
      <OrderTotals cart={order} />
    </section>
  );
}

export function WhereItGoes({ order }: { order: Order }) {
  const { t, locale } = useIsland();
  const shipment = shipmentOf(order);
  const method = useShippingMethod(order);
  const point = shipment?.relayPoint;
  return (
    <section className="confirmation-section" aria-labelledby="confirmation-delivery" data-confirmation-delivery>
      <h2 id="confirmation-delivery">{t('checkout.shipping.title')}</h2>
      <h3>{point ? t('checkout.confirmation.relayPoint') : t('checkout.confirmation.shippingAddress')}</h3>
      {point ? (
        <AddressText lines={relayPointLines(languageOf(locale), point)} />
      ) : (
        order.shippingAddress && <AddressText lines={addressLines(languageOf(locale), order.shippingAddress)} />
      )}
      <p>{[method?.name, shipment?.carrier ?? method?.carrier].filter(Boolean).join(' · ')}</p>
      {/* The carrier's delivery time arrives after the order: its place is kept from the start. */}
      <p className="confirmation-estimate" data-delivery-estimate>
        {method?.description}
      </p>
    </section>
  );
}

/** One block per subscription the order's lines start (one per frequency). */
export function SubscriptionsStarted({ order, paid }: { order: Order; paid: boolean }) {
  const { t, locale, price } = useIsland();
  const started = useStartedSubscriptions(order, paid);
  const intervals = subscriptionIntervals(order);
  if (intervals.length === 0) return null;
  return (
    <section className="confirmation-section" aria-labelledby="confirmation-subscriptions" data-confirmation-subscriptions>
      <h2 id="confirmation-subscriptions">{t.plural('checkout.confirmation.subscription.title', intervals.length)}</h2>
      {intervals.map((days) => {
        const subscription = started?.[days];
        const perDelivery = order.items.filter((item) => item.subscriptionInterval === days).reduce((sum, item) => sum + item.total, 0);
        // Until the subscription is known (or if it cannot be), its link leads to the list of the shopper's subscriptions.
        const manage = subscription ? pathTo('subscription', locale, { subscription: subscription.code }) : pathTo('subscriptions', locale);
        return (
          <div key={days} className="confirmation-subscription" data-subscription-interval={days}>
            <dl>
              <div>
                <dt>{t('checkout.confirmation.subscription.frequency')}</dt>
                <dd>{intervalText(languageOf(locale), days)}</dd>
              </div>
              <div>
                <dt>{t('checkout.confirmation.subscription.next')}</dt>
                <dd data-next-delivery>
                  {subscription
                    ? formatDay(locale, subscription.nextShipmentDate)
                    : started
                      ? t('checkout.confirmation.subscription.nextUnknown')
                      : '…'}
                </dd>
              </div>
              <div>
                <dt>{t('checkout.confirmation.subscription.price')}</dt>
                <dd>{t('checkout.confirmation.subscription.perDelivery', { amount: price(perDelivery) })}</dd>
              </div>
            </dl>
            <p>
              <a href={manage} data-manage-subscription>
                {t('checkout.confirmation.subscription.manage')}
              </a>
            </p>
          </div>
        );
      })}
    </section>
  );
}
