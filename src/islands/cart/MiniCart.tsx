/** The mini cart under the header: the lines in short, the sums with the shipping (as the cart page says them), a link to the cart page. */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { pathTo } from '../../lib/routes/paths.ts';
import { $miniCartOpen, closeMiniCart } from '../../stores/mini-cart.ts';
import { useIsland } from '../shared/island.tsx';
import { Announcer } from './announcer.tsx';
import { CartLines } from './CartLines.tsx';
import { CartTotals, FreeShippingBar } from './CartTotals.tsx';
import { cartErrorText } from './errors.ts';
import { useCart } from './useCart.ts';

export function MiniCart() {
  const { t, locale } = useIsland();
  const open = useStore($miniCartOpen);
  const { cart, unavailable } = useCart();
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel's heading takes the focus when its last line is removed.
  const emptyFocus = useCallback(() => heading.current, []);

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
      <Announcer emptyFocus={emptyFocus}>
        <div className="mini-cart-head">
          <h2 ref={heading}>{t('cart.mini.title')}</h2>
          <button type="button" className="link-button" onClick={closeMiniCart}>
            {t('cart.mini.close')}
          </button>
        </div>
        {cart && cart.items.length > 0 ? (
          <>
            <CartLines cart={cart} compact />
            {/* The sums as the cart page says them, shipping included (its price, or free, and what is left to get it free). */}
            <CartTotals cart={cart} brief />
            <FreeShippingBar cart={cart} />
          </>
        ) : unavailable ? (
          <p role="alert">{cartErrorText(unavailable, t)}</p>
        ) : (
          <p>{t('cart.empty')}</p>
        )}
        <a className="button" href={pathTo('cart', locale)}>
          {t('cart.mini.viewCart')}
        </a>
      </Announcer>
    </section>
  );
}
