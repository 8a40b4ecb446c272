/**
 * What the order pages of the account share: a frame drawn at its final size before the island knows
 * anything (no shift once the orders arrive), the status badge in its display group's colour with its
 * label in text, the date format, and an order's card as the list and the account page show it.
 */
import type { ReactNode } from 'react';
import { intlLocaleOf, languageOf, type LocaleCode } from '../../lib/channels.ts';
import type { DisplayGroup } from '../../lib/orders/display-status.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import type { RouteName } from '../../lib/routes/routes.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { Guarded } from '../shared/guard.tsx';
import { Island, type IslandProps, useIsland } from '../shared/island.tsx';
import './Orders.css';

/** An account island whose frame keeps its size from the first paint on (the guard's wait included). */
export function framedIsland(route: RouteName, className: string, Screen: () => ReactNode) {
  return function FramedIsland(props: IslandProps) {
    return (
      <Island {...props}>
        <div className={`orders-frame ${className}`}>
          <Guarded route={route}>
            <Screen />
          </Guarded>
        </div>
      </Island>
    );
  };
}

/** Dates as the shop reads them: in Paris time (Brussels' too), long form in the page's language. */
export const formatDate = (locale: LocaleCode, iso: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(languageOf(locale)), { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(new Date(iso));

export function OrderStatus({ status }: { status: Order['status'] }) {
  const group: DisplayGroup = status.group;
  return (
    <span className={`order-status order-status--${group}`} data-group={group}>
      {status.label}
    </span>
  );
}

/** `href`: where its link leads (a subscription's history shows its orders under the subscription). */
export function OrderCard({ order, headingLevel = 2, href }: { order: Order; headingLevel?: 2 | 3; href?: string }) {
  const { t, locale, price } = useIsland();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const number = order.number ?? '';
  return (
    <article className="card order-card">
      <div className="order-card__head">
        <Heading className="order-card__title">{t('orders.card.title', { number })}</Heading>
        <OrderStatus status={order.status} />
      </div>
      <p className="order-card__facts">
        {order.checkoutCompletedAt && <span>{t('orders.card.placedOn', { date: formatDate(locale, order.checkoutCompletedAt) })}</span>}
        <span>{t.plural('orders.card.items', count)}</span>
        <span>{t('orders.card.total', { total: price(order.total) })}</span>
      </p>
      <a
        className="order-card__link"
        href={href ?? pathTo('order', locale, { order: order.tokenValue })}
        aria-label={t('orders.card.viewNamed', { number })}
      >
        {t('orders.card.view')}
      </a>
    </article>
  );
}
