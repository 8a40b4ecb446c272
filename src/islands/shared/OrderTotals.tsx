/** The accounting lines of a cart or an order: items, discount, shipping, service fees, totals with and without tax. */
import type { Order } from '../../lib/shop-api/wire.ts';
import { useIsland } from './island.tsx';

export function OrderTotals({ cart }: { cart: Order }) {
  const { t, price } = useIsland();
  const lines: Array<[string, number, string?]> = [
    ['cart.lines.itemsTotal', cart.itemsTotal],
    ...(cart.orderPromotionTotal !== 0
      ? [['cart.lines.promotion', cart.orderPromotionTotal, 'promotion'] as [string, number, string]]
      : []),
    ['cart.lines.shipping', cart.shippingTotal],
    ...(cart.serviceFeesTotal !== 0 ? [['cart.lines.serviceFees', cart.serviceFeesTotal] as [string, number]] : []),
    ['cart.lines.totalExcludingTax', cart.totalExcludingTax],
    ['cart.lines.taxTotal', cart.taxTotal],
  ];
  return (
    <dl className="cart-totals" data-totals>
      {lines.map(([key, amount, kind]) => (
        <div key={key} className={kind}>
          <dt>{t(key)}</dt>
          <dd>{price(amount)}</dd>
        </div>
      ))}
      <div className="grand-total">
        <dt>{t('cart.lines.total')}</dt>
        <dd data-total>{price(cart.total)}</dd>
      </div>
    </dl>
  );
}
