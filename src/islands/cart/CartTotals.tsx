/** The free-shipping progress bar, and the accounting lines (shared with the checkout). */
import type { Order } from '../../lib/shop-api/orders.ts';
import { useIsland } from '../shared/island.tsx';

export { OrderTotals as CartTotals } from '../shared/OrderTotals.tsx';

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
