/** The mini cart under the header: the lines in short, the total, a link to the cart page. */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { pathTo } from '../../lib/routes/paths.ts';
import { $miniCartOpen, closeMiniCart } from '../../stores/mini-cart.ts';
import { useIsland } from '../shared/island.tsx';
import type { Order } from '../../lib/shop-api/wire.ts';
import { CartLines } from './CartLines.tsx';
import { FreeShippingBar } from './CartTotals.tsx';
import { cartErrorText } from './errors.ts';
import { useCart } from './useCart.ts';

export function MiniCart() {
  const { t, locale } = useIsland();
  const open = useStore($miniCartOpen);
  const { cart, unavailable } = useCart();
  const panel = useRef<HTMLElement>(null);

  // Before the panel is painted: pinned to the screen when the header it hangs from is scrolled away, and
  // focused without scrolling, so the page stays where the shopper was.
  useLayoutEffect(() => {
    const node = panel.current;
    if (!open || !node) return;
    node.classList.toggle('is-floating', (node.parentElement?.getBoundingClientRect().top ?? 0) < 0);
    node.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeMiniCart();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (!open) return null;
  return (
    <section ref={panel} className="mini-cart card" aria-label={t('cart.mini.title')} tabIndex={-1} data-mini-cart>
      <div className="mini-cart-head">
        <h2>{t('cart.mini.title')}</h2>
        <button type="button" className="link-button" onClick={closeMiniCart}>
          {t('cart.mini.close')}
        </button>
      </div>
      {cart && cart.items.length > 0 ? (
        <>
          <CartLines cart={cart} compact />
          <MiniCartTotals cart={cart} />
        </>
      ) : unavailable ? (
        <p role="alert">{cartErrorText(unavailable, t)}</p>
      ) : (
        <p>{t('cart.empty')}</p>
      )}
      <a className="button" href={pathTo('cart', locale)}>
        {t('cart.mini.viewCart')}
      </a>
    </section>
  );
}

/**
 * The mini cart's sums as the cart page says them: the items, a discount, the shipping (free from the
 * threshold, else its price and what is left to reach it), and the total with tax that adds them up.
 */
function MiniCartTotals({ cart }: { cart: Order }) {
  const { t, price } = useIsland();
  const lines: Array<[string, number]> = [
    ['cart.lines.itemsTotal', cart.itemsTotal],
    ...(cart.orderPromotionTotal !== 0 ? [['cart.lines.promotion', cart.orderPromotionTotal] as [string, number]] : []),
    ['cart.lines.shipping', cart.shippingTotal],
  ];
  return (
    <>
      <dl className="cart-totals" data-mini-totals>
        {lines.map(([key, amount]) => (
          <div key={key} data-line={key.slice('cart.lines.'.length)}>
            <dt>{t(key)}</dt>
            <dd>{price(amount)}</dd>
          </div>
        ))}
        <div className="grand-total">
          <dt>{t('cart.lines.total')}</dt>
          <dd data-total>{price(cart.total)}</dd>
        </div>
      </dl>
      <FreeShippingBar cart={cart} />
    </>
  );
}
