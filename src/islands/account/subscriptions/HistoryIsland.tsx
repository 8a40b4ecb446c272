/**
 * A subscription's history (/mon-compte/mes-abonnements/{subscription}/historique/): its placed orders,
 * newest first, the first being the order that started it; each leads to its detail under the subscription.
 */
import { useEffect, useState } from 'react';
import { pathTo } from '../../../lib/routes/paths.ts';
import { isShopApiError } from '../../../lib/shop-api/http.ts';
import type { Order } from '../../../lib/shop-api/wire.ts';
import { ErrorList } from '../../shared/forms/ErrorList.tsx';
import { IslandStatus } from '../../shared/guard.tsx';
import { useIsland } from '../../shared/island.tsx';
import { framedIsland, OrderCard } from '../OrdersParts.tsx';
import { subscriptionCodeOf, subscriptionsApi } from './parts.tsx';

type Loaded = { code: string; orders: Order[] } | { missing: true } | { failed: true };

function History() {
  const { t, locale } = useIsland();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const code = subscriptionCodeOf('subscriptionHistory', locale);
    if (!code) {
      setLoaded({ missing: true });
      return;
    }
    subscriptionsApi()
      .history(code)
      .then((orders) => setLoaded({ code, orders }))
      .catch((error: unknown) => setLoaded(isShopApiError(error) && error.status === 404 ? { missing: true } : { failed: true }));
  }, [locale]);
  if (loaded === null) return <IslandStatus messageKey="islands.loading" />;
  if (!('orders' in loaded))
    return (
      <div className="card">
        {'failed' in loaded ? <ErrorList messages={[t('subscriptions.list.failed')]} /> : <p>{t('subscriptions.detail.notFound')}</p>}
        <a href={pathTo('subscriptions', locale)}>{t('subscriptions.detail.back')}</a>
      </div>
    );
  const { code, orders } = loaded;
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
