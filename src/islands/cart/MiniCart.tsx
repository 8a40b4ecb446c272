/** The mini cart under the header: the lines in short, the total, a link to the cart page. */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { pathTo } from '../../lib/routes/paths.ts';
import { $miniCartOpen, closeMiniCart } from '../../stores/mini-cart.ts';
import { useIsland } from '../shared/island.tsx';
import { CartLines } from './CartLines.tsx';
import { cartErrorText } from './errors.ts';
import { useCart } from './useCart.ts';

export function MiniCart() {
  const { t, price, locale } = useIsland();
  const open = useStore($miniCartOpen);
  const { cart, unavailable } = useCart();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
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
          <p className="mini-cart-total">
            <span>{t('cart.lines.total')}</span> <strong>{price(cart.total)}</strong>
          </p>
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
