/**
 * The "next order" tab: the draft next order as it will be charged (lines, accounting lines), when it
 * leaves and until when it can change; once it is being prepared (4 days before shipment) it is locked,
 * "draft in progress", and only shows. While it can change: a product added to this delivery only (an
 * upsell, at its one-off price), a coupon. And "ship now": shipped and debited within 24 working hours.
 */
import { type FormEvent, useId, useState } from 'react';
import type { Order } from '../../../lib/shop-api/orders.ts';
import type { Subscription } from '../../../lib/shop-api/subscriptions.ts';
import { ErrorList } from '../../shared/forms/ErrorList.tsx';
import { useIsland } from '../../shared/island.tsx';
import { OrderTotals } from '../../shared/OrderTotals.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { formatDate } from '../OrdersParts.tsx';
import { addDays } from '../../../lib/subscriptions/schedule.ts';
import { formatDay } from '../../shared/shop-day.ts';
import { useSubscriptionsApi, useAction } from './parts.tsx';

/** A treat offered for the next delivery (the cart's upsells: best sellers that can be bought now). */
export interface UpsellOffer {
  name: string;
  variantCode: string;
  variantName: string;
  price: number;
}

type Update = (subscription: Subscription, message?: string) => void;

function Lines({ subscription, order, onUpdate }: { subscription: Subscription; order: Order; onUpdate: Update }) {
  const { t, price } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const { busy, errors, run } = useAction();
  const remove = async (item: Order['items'][number]) => {
    const name = `${item.productName} – ${item.variantName}`;
    const next = await run(async () => {
      await subscriptionsApi.removeUpsell(subscription.code, item.id);
      return subscriptionsApi.get(subscription.code);
    });
    if (next) onUpdate(next, t('subscriptions.next.removed', { name }));
  };
  return (
    <>
      <table className="order-lines" data-next-order-lines>
        <caption className="visually-hidden">{t('subscriptions.next.items')}</caption>
        <thead>
          <tr>
            {(['product', 'quantity', 'lineTotal'] as const).map((column) => (
              <th key={column} scope="col" className={column === 'product' ? undefined : 'amount'}>
                {t(`subscriptions.next.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => {
            const name = `${item.productName} – ${item.variantName}`;
            return (
              <tr key={item.id} data-upsell={item.upsell ? '' : undefined}>
                <td>
                  {name}
                  {item.upsell && (
                    <>
                      <br />
                      <span className="tag ok">{t('subscriptions.next.upsell')}</span>{' '}
                      {!subscription.locked && (
                        <button
                          type="button"
                          className="link-button"
                          disabled={busy}
                          aria-label={t('subscriptions.next.removeNamed', { name })}
                          onClick={() => void remove(item)}
                        >
                          {t('subscriptions.next.remove')}
                        </button>
                      )}
                    </>
                  )}
                </td>
                <td className="amount">{item.quantity}</td>
                <td className="amount">{price(item.total)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ErrorList messages={errors} />
    </>
  );
}

function UpsellForm({ subscription, offers, onUpdate }: { subscription: Subscription; offers: UpsellOffer[]; onUpdate: Update }) {
  const { t, price } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const id = useId();
  const [choice, setChoice] = useState(offers[0]?.variantCode ?? '');
  const { busy, errors, run } = useAction();
  if (offers.length === 0) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const offer = offers.find((o) => o.variantCode === choice);
    if (!offer) return;
    const next = await run(() => subscriptionsApi.addUpsell(subscription.code, { productVariant: offer.variantCode, quantity: 1 }));
    if (next) onUpdate(next, t('subscriptions.upsell.added', { name: `${offer.name} – ${offer.variantName}` }));
  };
  return (
    <section className="subscription-block" aria-labelledby={`${id}-title`} data-upsell-form>
      <h3 id={`${id}-title`}>{t('subscriptions.upsell.title')}</h3>
      <p className="muted" id={`${id}-hint`}>
        {t('subscriptions.upsell.hint')}
      </p>
      <form className="subscription-inline-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={`${id}-product`}>{t('subscriptions.upsell.product')}</label>
          <select id={`${id}-product`} value={choice} onChange={(event) => setChoice(event.target.value)} aria-describedby={`${id}-hint`}>
            {offers.map((offer) => (
              <option key={offer.variantCode} value={offer.variantCode}>
                {offer.name} – {offer.variantName} · {price(offer.price)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button secondary" disabled={busy} aria-busy={busy || undefined}>
          {t('subscriptions.upsell.add')}
        </button>
      </form>
      <ErrorList messages={errors} />
    </section>
  );
}

function CouponForm({ subscription, order, onUpdate }: { subscription: Subscription; order: Order; onUpdate: Update }) {
  const { t } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const id = useId();
  const [code, setCode] = useState('');
  const { busy, errors, run } = useAction();
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const text = code.trim();
    if (!text) return;
    const next = await run(() => subscriptionsApi.applyCoupon(subscription.code, text));
    if (next) {
      setCode('');
      onUpdate(next, t('subscriptions.coupon.applied', { code: text.toUpperCase() }));
    }
  };
  const remove = async (coupon: string) => {
    const next = await run(async () => {
      await subscriptionsApi.removeCoupon(subscription.code, coupon);
      return subscriptionsApi.get(subscription.code);
    });
    if (next) onUpdate(next, t('subscriptions.coupon.removed', { code: coupon }));
  };
  return (
    <section className="subscription-block" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('subscriptions.coupon.title')}</h3>
      {order.coupon && (
        <p data-coupon={order.coupon.code}>
          <span className={`tag ${order.coupon.applicable ? 'ok' : 'warn'}`}>{order.coupon.code}</span>{' '}
          {order.coupon.refusal && <span className="muted">{order.coupon.refusal.message} </span>}
          <button type="button" className="link-button" disabled={busy} onClick={() => void remove(order.coupon!.code)}>
            {t('subscriptions.coupon.remove', { code: order.coupon.code })}
          </button>
        </p>
      )}
      <form className="subscription-inline-form" noValidate onSubmit={(event) => void apply(event)}>
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('subscriptions.coupon.label')}</label>
          <input id={`${id}-code`} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" maxLength={64} />
        </div>
        <button type="submit" className="button secondary" disabled={busy} aria-busy={busy || undefined}>
          {t('subscriptions.coupon.apply')}
        </button>
      </form>
      <ErrorList messages={errors} />
    </section>
  );
}

/** "Ship now", what it means, and a confirmation; once asked, when the parcel leaves at the latest. */
function ShipNow({ subscription, onUpdate }: { subscription: Subscription; onUpdate: Update }) {
  const { t, locale } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const [asking, setAsking] = useState(false);
  const { busy, errors, setErrors, run } = useAction();
  if (subscription.shipNow)
    return (
      <p className="card subscription-note" data-ship-now="requested">
        {t('subscriptions.shipNow.requested', { date: formatDate(locale, subscription.shipNow.deadline) })}
      </p>
    );
  const confirm = async () => {
    const next = await run(() => subscriptionsApi.shipNow(subscription.code));
    if (next) {
      setAsking(false);
      onUpdate(next);
    }
  };
  return (
    <div className="subscription-ship-now" data-ship-now>
      <p className="muted">{t('subscriptions.shipNow.hint')}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          setErrors([]);
          setAsking(true);
        }}
      >
        {t('subscriptions.shipNow.button')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('subscriptions.shipNow.confirmTitle')}
        confirmLabel={t('subscriptions.shipNow.confirm')}
        cancelLabel={t('subscriptions.shipNow.cancel')}
        pending={busy}
        errors={errors}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      >
        <p>{t('subscriptions.shipNow.confirmText')}</p>
      </ConfirmDialog>
    </div>
  );
}

export function NextOrder({ subscription, offers, onUpdate }: { subscription: Subscription; offers: UpsellOffer[]; onUpdate: Update }) {
  const { t, locale } = useIsland();
  const order = subscription.nextOrder;
  if (!order) return <p>{t('subscriptions.next.none')}</p>;
  // The draft locks as its 4th day before shipment begins: the last day to change it is the one before.
  const lastDay = addDays(subscription.editLimitDate.slice(0, 10), -1);
  return (
    <div className="subscription-next" data-next-order>
      <p className="subscription-next__when">
        <strong>{t('subscriptions.next.shipment', { date: formatDay(locale, subscription.nextShipmentDate) })}</strong>
      </p>
      {subscription.locked ? (
        <div className="card subscription-note subscription-note--locked" data-locked>
          <h3>{t('subscriptions.next.locked')}</h3>
          <p>{t('subscriptions.next.lockedText')}</p>
        </div>
      ) : (
        <p className="muted" data-edit-until>
          {t('subscriptions.next.editUntil', { date: formatDay(locale, lastDay) })}
        </p>
      )}
      <ShipNow subscription={subscription} onUpdate={onUpdate} />
      <h3>{t('subscriptions.next.items')}</h3>
      <Lines subscription={subscription} order={order} onUpdate={onUpdate} />
      <h3>{t('subscriptions.next.summary')}</h3>
      <OrderTotals cart={order} />
      {!subscription.locked && (
        <>
          <UpsellForm subscription={subscription} offers={offers} onUpdate={onUpdate} />
          <CouponForm subscription={subscription} order={order} onUpdate={onUpdate} />
        </>
      )}
    </div>
  );
}
