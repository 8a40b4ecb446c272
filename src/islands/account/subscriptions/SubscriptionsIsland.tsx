/**
 * My subscriptions (/mon-compte/mes-abonnements/), authenticated only: each subscription with its display
 * status (in its group's colour, as the orders'), how often it delivers and its next delivery, what needs
 * the shopper (alerts), a cancellation request waiting for an operator, and a link to manage it.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { pathTo } from '../../../lib/routes/paths.ts';
import type { Subscription } from '../../../lib/shop-api/subscriptions.ts';
import { ErrorList } from '../../shared/forms/ErrorList.tsx';
import { IslandStatus } from '../../shared/guard.tsx';
import { useIsland } from '../../shared/island.tsx';
import { formatDate, framedIsland, OrderStatus } from '../OrdersParts.tsx';
import { frequencyMeaning, SubscriptionAlerts, subscriptionName, useSubscriptionsApi } from './parts.tsx';

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const { t, locale } = useIsland();
  const name = subscriptionName(t, locale, subscription);
  const heading = useId();
  return (
    <article className="card order-card subscription-card" data-subscription={subscription.code}>
      <div className="order-card__head">
        <h2 className="order-card__title" id={heading}>
          {name}
        </h2>
        <OrderStatus status={subscription.status} />
      </div>
      <p className="subscription-card__meaning">{frequencyMeaning(t, locale, subscription.frequency, subscription.nextShipmentDate)}</p>
      {subscription.abortRequest && (
        <p className="muted">{t('subscriptions.abort.pending', { date: formatDate(locale, subscription.abortRequest.createdAt) })}</p>
      )}
      <SubscriptionAlerts subscription={subscription} />
      <a
        className="button subscription-card__link"
        href={pathTo('subscription', locale, { subscription: subscription.code })}
        // Its words are what it does; which subscription it is for, the card's heading says.
        aria-describedby={heading}
      >
        {t('subscriptions.card.manage')}
      </a>
    </article>
  );
}

function Subscriptions() {
  const { t, locale } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const [subscriptions, setSubscriptions] = useState<Subscription[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    try {
      setSubscriptions(await subscriptionsApi.list());
    } catch {
      setFailed(true);
      setSubscriptions((current) => current ?? []);
    }
  }, [subscriptionsApi]);
  useEffect(() => {
    void load();
  }, [load]);

  if (subscriptions === null) return <IslandStatus messageKey="islands.loading" />;
  if (failed)
    return (
      <>
        <ErrorList messages={[t('subscriptions.list.failed')]} />
        <p>
          <button type="button" className="button secondary" onClick={() => void load()}>
            {t('subscriptions.list.retry')}
          </button>
        </p>
      </>
    );
  if (subscriptions.length === 0)
    return (
      <div className="card">
        <p>{t('subscriptions.list.empty')}</p>
        <p className="muted">{t('subscriptions.list.emptyHint')}</p>
        <a className="button" href={pathTo('subscriptionLandingDog', locale)}>
          {t('subscriptions.list.discover')}
        </a>
      </div>
    );
  return (
    <ul className="order-list" aria-label={t('subscriptions.list.label')}>
      {subscriptions.map((subscription) => (
        <li key={subscription.code}>
          <SubscriptionCard subscription={subscription} />
        </li>
      ))}
    </ul>
  );
}

export default framedIsland('subscriptions', '', Subscriptions);
