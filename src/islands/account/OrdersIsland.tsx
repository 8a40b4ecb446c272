/**
 * My orders (/mon-compte/mes-commandes/), authenticated only: the placed orders, newest first, a page at a
 * time with a "load more" button; each with its date, number, status (in its group's colour), items and
 * total, and a link to its detail. Focus moves to the first order a "load more" brought.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { pathTo } from '../../lib/routes/paths.ts';
import { createOrdersClient, type Order } from '../../lib/shop-api/orders.ts';
import { ORDERS_PER_PAGE } from '../../lib/shop-api/requests/orders.ts';
import { ErrorList } from '../shared/forms/ErrorList.tsx';
import { IslandStatus } from '../shared/guard.tsx';
import { useIsland, useShop } from '../shared/island.tsx';
import { framedIsland, OrderCard } from './OrdersParts.tsx';

function Orders() {
  const { t, locale } = useIsland();
  const shop = useShop();
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const firstNew = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const load = useCallback(
    async (next: number) => {
      setBusy(true);
      setFailed(false);
      try {
        const answer = await createOrdersClient(shop.client.http).listOrders(next, ORDERS_PER_PAGE.default);
        setOrders((current) => {
          firstNew.current = next > 1 ? (current?.length ?? 0) : null;
          // An order placed meanwhile shifts the pages: one already shown is not shown twice.
          const seen = new Set(current?.map((o) => o.tokenValue));
          return [...(current ?? []), ...answer.orders.filter((o) => !seen.has(o.tokenValue))];
        });
        setTotal(answer.total);
        setPage(next);
      } catch {
        setFailed(true);
        setOrders((current) => current ?? []);
      } finally {
        setBusy(false);
      }
    },
    [shop],
  );
  useEffect(() => {
    void load(1);
  }, [load]);
  // After each page is drawn (the list of orders changed): focus the first order it brought.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the orders change, reading the ref they set.
  useEffect(() => {
    if (firstNew.current === null) return;
    list.current?.querySelectorAll<HTMLAnchorElement>('.order-card__link')[firstNew.current]?.focus();
    firstNew.current = null;
  }, [orders]);

  if (orders === null) return <IslandStatus messageKey="islands.loading" />;
  return (
    <div className="orders">
      {failed && (
        <>
          <ErrorList messages={[t('orders.list.failed')]} />
          <p>
            <button type="button" className="button secondary" onClick={() => void load(page + 1)} disabled={busy}>
              {t('orders.list.retry')}
            </button>
          </p>
        </>
      )}
      {!failed && orders.length === 0 && (
        <div className="card">
          <p>{t('orders.list.empty')}</p>
          <a className="button" href={pathTo('home', locale)}>
            {t('orders.list.shop')}
          </a>
        </div>
      )}
      {orders.length > 0 && (
        <>
          <ul className="order-list" aria-label={t('orders.list.label')} ref={list}>
            {orders.map((order) => (
              <li key={order.tokenValue}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <p className="muted" role="status">
            {t.plural('orders.list.shown', orders.length, { total })}
          </p>
          {orders.length < total && !failed && (
            <p>
              <button type="button" className="button secondary" onClick={() => void load(page + 1)} disabled={busy} aria-busy={busy}>
                {t('orders.list.loadMore')}
              </button>
            </p>
          )}
        </>
      )}
    </div>
  );
}

export default framedIsland('orders', '', Orders);
