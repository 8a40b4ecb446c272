/**
 * The account page's last order: the newest placed order's card and a link to all of them, or an invitation
 * to shop when there is none; nothing is shown until it is known, in a section of the card's height.
 */
import { useEffect, useState } from 'react';
import { pathTo } from '../../lib/routes/paths.ts';
import { createOrdersClient, type Order } from '../../lib/shop-api/orders.ts';
import { useIsland, useShop } from '../shared/island.tsx';
import { OrderCard } from './OrdersParts.tsx';

export function LastOrder() {
  const { t, locale } = useIsland();
  const shop = useShop();
  // undefined while loading, null when there is none (or it could not be read: the menu still works).
  const [order, setOrder] = useState<Order | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    createOrdersClient(shop.client.http)
      .listOrders(1, 1)
      .then((answer) => live && setOrder(answer.orders[0] ?? null))
      .catch(() => live && setOrder(null));
    return () => {
      live = false;
    };
  }, [shop]);
  return (
    <section className="orders-frame orders-frame--last last-order" aria-labelledby="last-order-title">
      <h2 id="last-order-title">{t('orders.last.title')}</h2>
      {order === undefined ? null : order === null ? (
        // A card as an order's would be, as tall as the section, so that it is as full without one.
        <div className="card order-card order-card--none">
          <p>{t('orders.last.none')}</p>
          <a className="button" href={pathTo('home', locale)}>
            {t('orders.list.shop')}
          </a>
        </div>
      ) : (
        <>
          <OrderCard order={order} headingLevel={3} />
          <p>
            <a href={pathTo('orders', locale)}>{t('orders.last.all')}</a>
          </p>
        </>
      )}
    </section>
  );
}
