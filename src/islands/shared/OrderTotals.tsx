/** The accounting lines of a cart or an order: items, discount, shipping, service fees, totals with and without tax. */
import type { Order } from '../../lib/shop-api/orders.ts';
import { useIsland } from './island.tsx';

/** `brief` (the mini cart): the total with tax, without its split into the amount before tax and the tax. */
export function OrderTotals({ cart, brief = false }: { cart: Order; brief?: boolean }) {
  const { t, price } = useIsland();
  const lines: Array<[string, number, string?]> = [
    ['cart.lines.itemsTotal', cart.itemsTotal],
    ...(cart.orderPromotionTotal !== 0
      ? [['cart.lines.promotion', cart.orderPromotionTotal, 'promotion'] as [string, number, string]]
      : []),
    ['cart.lines.shipping', cart.shippingTotal],
    ...(cart.serviceFeesTotal !== 0 ? [['cart.lines.serviceFees', cart.serviceFeesTotal] as [string, number]] : []),
    ...(brief
      ? []
      : [
          ['cart.lines.totalExcludingTax', cart.totalExcludingTax] as [string, number],
          ['cart.lines.taxTotal', cart.taxTotal] as [string, number],
        ]),
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
