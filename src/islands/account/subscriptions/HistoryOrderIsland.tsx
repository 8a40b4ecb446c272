/**
 * One order of a subscription's history (/mon-compte/mes-abonnements/{subscription}/historique/{order}/):
 * the account's order detail (items, accounting lines, delivery, payment, invoice), reached through the
 * subscription, so an order of another subscription or another customer is not found.
 */
import { useEffect, useState } from 'react';
import { pathTo } from '../../../lib/routes/paths.ts';
import { runtimeParamOf } from '../../../lib/routes/runtime-params.ts';
import { isShopApiError } from '../../../lib/shop-api/http.ts';
import type { Order } from '../../../lib/shop-api/wire.ts';
import { ErrorList } from '../../shared/forms/ErrorList.tsx';
import { IslandStatus } from '../../shared/guard.tsx';
import { useIsland } from '../../shared/island.tsx';
import { OrderView } from '../OrderDetailIsland.tsx';
import { framedIsland } from '../OrdersParts.tsx';
import { subscriptionCodeOf, subscriptionsApi } from './parts.tsx';

type Loaded = { order: Order } | { missing: true } | { failed: true };

function HistoryOrder() {
  const { t, locale } = useIsland();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const code = subscriptionCodeOf('subscriptionHistoryOrder', locale);
  useEffect(() => {
    const token = runtimeParamOf('subscriptionHistoryOrder', 'order', window.location.pathname, locale);
    if (!code || !token) {
      setLoaded({ missing: true });
      return;
    }
    subscriptionsApi()
      .historyOrder(code, token)
      .then((order) => setLoaded({ order }))
      .catch((error: unknown) => setLoaded(isShopApiError(error) && error.status === 404 ? { missing: true } : { failed: true }));
  }, [code, locale]);
  const back = code
    ? { href: pathTo('subscriptionHistory', locale, { subscription: code }), label: t('subscriptions.history.backToHistory') }
    : { href: pathTo('subscriptions', locale), label: t('subscriptions.detail.back') };
  if (loaded === null) return <IslandStatus messageKey="islands.loading" />;
  if ('order' in loaded) return <OrderView order={loaded.order} back={back} />;
  return (
    <div className="card">
      {'failed' in loaded ? <ErrorList messages={[t('orders.list.failed')]} /> : <p>{t('subscriptions.history.notFound')}</p>}
      <a href={back.href}>{back.label}</a>
    </div>
  );
}

export default framedIsland('subscriptionHistoryOrder', '', HistoryOrder);
