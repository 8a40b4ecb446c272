/**
 * One order of a subscription's history (/mon-compte/mes-abonnements/{subscription}/historique/{order}/):
 * the account's order detail (items, accounting lines, delivery, payment, invoice), reached through the
 * subscription, so an order of another subscription or another customer is not found.
 */
import { pathTo } from '../../../lib/routes/paths.ts';
import { IslandStatus } from '../../shared/guard.tsx';
import { useIsland } from '../../shared/island.tsx';
import { OrderView } from '../OrderDetailIsland.tsx';
import { framedIsland } from '../OrdersParts.tsx';
import { Missing, subscriptionCodeOf, useSubscriptionsApi, useSubscriptionScreen } from './parts.tsx';

function HistoryOrder() {
  const { t, locale } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const [loaded] = useSubscriptionScreen('subscriptionHistoryOrder', async (code, token) =>
    token ? { code, order: await subscriptionsApi.historyOrder(code, token) } : null,
  );
  if (loaded === null) return <IslandStatus messageKey="islands.loading" />;
  const code = 'found' in loaded ? loaded.found.code : subscriptionCodeOf('subscriptionHistoryOrder', locale);
  const back = code
    ? { href: pathTo('subscriptionHistory', locale, { subscription: code }), label: t('subscriptions.history.backToHistory') }
    : undefined;
  if ('found' in loaded) return <OrderView order={loaded.found.order} back={back} />;
  return <Missing failed={'failed' in loaded} message={t('subscriptions.history.notFound')} back={back} />;
}

export default framedIsland('subscriptionHistoryOrder', '', HistoryOrder);
