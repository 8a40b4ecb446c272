/** The accounting lines (items, discount, shipping, service fees, totals with and without tax) and the free-shipping progress bar. */
import type { Order } from '../../lib/shop-api/wire.ts';
import { useIsland } from '../shared/island.tsx';

export function FreeShippingBar({ cart }: { cart: Order }) {
  const { t, price } = useIsland();
  const reached = cart.amountToFreeShipping <= 0;
  const done = cart.freeShippingThreshold - Math.max(0, cart.amountToFreeShipping);
  const percent = Math.round(Math.min(1, Math.max(0, done / cart.freeShippingThreshold)) * 100);
  return (
    <div className="free-shipping" data-free-shipping>
      <p>{reached ? t('cart.freeShipping.reached') : t('cart.freeShipping.remaining', { amount: price(cart.amountToFreeShipping) })}</p>
      <progress max={100} value={percent} aria-label={t('cart.freeShipping.progress')}>
        {percent} %
      </progress>
    </div>
  );
}

export function CartTotals({ cart }: { cart: Order }) {
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
