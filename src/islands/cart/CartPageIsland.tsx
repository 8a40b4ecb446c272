/**
 * The cart page: lines, quantities, one-off or subscription, discount code, free-shipping progress,
 * accounting lines, upsells. It first applies a cart link (?variantId=…&quantity=…&interval=…) and
 * removes those parameters from the address, so a reload does not add them again.
 */
import { useEffect, useMemo } from 'react';
import { cleanCartLink, parseCartLink } from '../../lib/cart-link.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { toast } from '../../stores/ui.ts';
import { Island, useIsland, type IslandProps } from '../shared/island.tsx';
import { Toasts } from '../shared/Toasts.tsx';
import { CartLines } from './CartLines.tsx';
import { CartTotals, FreeShippingBar } from './CartTotals.tsx';
import { CouponForm } from './CouponForm.tsx';
import { Upsells, type Upsell } from './Upsells.tsx';
import { cartErrorText } from './errors.ts';
import { useCart } from './useCart.ts';
import './cart.css';

function CartPage({ upsells, continueHref }: { upsells: Upsell[]; continueHref: string }) {
  const { t, locale } = useIsland();
  const { store, cart, status, unavailable } = useCart();

  useEffect(() => {
    const lines = parseCartLink(location.search);
    if (lines.length === 0) return;
    history.replaceState(history.state, '', cleanCartLink(location.href));
    void store.applyLink(lines).then(({ failures }) => {
      if (failures.length === 0) toast('success', t('cart.linkAdded'));
      for (const { error } of failures) toast('error', cartErrorText(error, t));
    });
  }, [store, t]);

  const inCart = useMemo(() => new Set(cart?.items.map((i) => i.variantCode) ?? []), [cart]);

  if (!cart && (status === 'idle' || status === 'loading')) return <p aria-busy="true">{t('cart.loading')}</p>;
  // Not read is not empty: the shopper is told why, and may try again (the cart is kept meanwhile).
  if (!cart && unavailable) {
    return (
      <div className="cart-unavailable" data-cart-unavailable>
        <p role="alert">{cartErrorText(unavailable, t)}</p>
        <p>
          <button type="button" className="button" onClick={() => void store.load()}>
            {t('cart.retry')}
          </button>
        </p>
      </div>
    );
  }
  if (!cart || cart.items.length === 0) {
    return (
      <div className="cart-empty" data-cart-empty>
        <p>{t('cart.empty')}</p>
        <p>
          <a className="button" href={continueHref}>
            {t('cart.continueShopping')}
          </a>
        </p>
        <Upsells upsells={upsells} inCart={inCart} />
      </div>
    );
  }
  return (
    <div className="cart-page" data-cart={cart.tokenValue} aria-busy={status === 'updating'}>
      <div>
        <CartLines cart={cart} />
        <p>
          <a href={continueHref}>{t('cart.continueShopping')}</a>
        </p>
        <Upsells upsells={upsells} inCart={inCart} />
      </div>
      <aside className="cart-summary card">
        <FreeShippingBar cart={cart} />
        <CouponForm cart={cart} />
        <CartTotals cart={cart} />
        <a className="button checkout" href={pathTo('checkout', locale, { order: cart.tokenValue })}>
          {t('cart.checkout')}
        </a>
      </aside>
    </div>
  );
}

export default function CartPageIsland(props: IslandProps & { upsells: Upsell[]; continueHref: string }) {
  return (
    <Island {...props}>
      <CartPage upsells={props.upsells} continueHref={props.continueHref} />
      <ToastsOfIsland />
    </Island>
  );
}

function ToastsOfIsland() {
  const { t } = useIsland();
  return <Toasts closeLabel={t('cart.mini.close')} />;
}
