/**
 * A subscription's history (/mon-compte/mes-abonnements/{subscription}/historique/): its placed orders,
 * newest first, the first being the order that started it; each leads to its detail under the subscription.
 */
import { pathTo } from '../../../lib/routes/paths.ts';
import { IslandStatus } from '../../shared/guard.tsx';
import { useIsland } from '../../shared/island.tsx';
import { framedIsland, OrderCard } from '../OrdersParts.tsx';
import { Missing, useSubscriptionsApi, useSubscriptionScreen } from './parts.tsx';

function History() {
  const { t, locale } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const [loaded] = useSubscriptionScreen('subscriptionHistory', async (code) => ({ code, orders: await subscriptionsApi.history(code) }));
  if (loaded === null) return <IslandStatus messageKey="islands.loading" />;
  if (!('found' in loaded)) return <Missing failed={'failed' in loaded} message={t('subscriptions.detail.notFound')} />;
  const { code, orders } = loaded.found;
  return (
    <div className="subscription-history">
      <p>
        <a href={pathTo('subscription', locale, { subscription: code })}>{t('subscriptions.history.back')}</a>
      </p>
      {orders.length === 0 ? (
        <p>{t('subscriptions.history.empty')}</p>
      ) : (
        <ul className="order-list" aria-label={t('subscriptions.history.title')}>
          {orders.map((order) => (
            <li key={order.tokenValue}>
              <OrderCard order={order} href={pathTo('subscriptionHistoryOrder', locale, { subscription: code, order: order.tokenValue })} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default framedIsland('subscriptionHistory', '', History);
