/**
 * The cart page: lines, quantities, one-off or subscription, discount code, free-shipping progress,
 * accounting lines, upsells. It first applies a cart link (?variantId=…&quantity=…&interval=…) and
 * removes those parameters from the address, so a reload does not add them again.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
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
  const loading = !cart && (status === 'idle' || status === 'loading');
  const filled = cart !== null && cart.items.length > 0;

  // One frame for every state, at its final size from the page's HTML on (rendered at build time, while
  // the cart is unknown): the lines' part and the summary keep their height whether the cart is loading,
  // empty or filled, and the upsells are always under the lines, so nothing moves when the cart arrives.
  // On a phone the summary (and its checkout button) comes right after the lines, the upsells last.
  let main: ReactNode;
  if (loading) {
    main = (
      <p className="cart-status" aria-busy="true">
        {t('cart.loading')}
      </p>
    );
  } else if (!cart && unavailable) {
    // Not read is not empty: the shopper is told why, and may try again (the cart is kept meanwhile).
    main = (
      <div className="cart-unavailable" data-cart-unavailable>
        <p role="alert">{cartErrorText(unavailable, t)}</p>
        <p>
          <button type="button" className="button" onClick={() => void store.load()}>
            {t('cart.retry')}
          </button>
        </p>
      </div>
    );
  } else if (!filled) {
    main = (
      <div className="cart-empty" data-cart-empty>
        <p>{t('cart.empty')}</p>
        <p>
          <a className="button" href={continueHref}>
            {t('cart.continueShopping')}
          </a>
        </p>
      </div>
    );
  } else {
    main = <CartLines cart={cart} />;
  }
  return (
    <div
      className={`cart-page${loading ? ' is-loading' : ''}`}
      data-cart={filled ? cart.tokenValue : undefined}
      aria-busy={filled ? status === 'updating' : undefined}
    >
      <div className="cart-main">{main}</div>
      {filled ? (
        <aside className="cart-summary card" aria-label={t('cart.summary')}>
          <FreeShippingBar cart={cart} />
          <CartTotals cart={cart} />
          <a className="button cart-checkout" href={pathTo('checkout', locale, { order: cart.tokenValue })}>
            {t('cart.checkout')}
          </a>
          <CouponForm cart={cart} />
        </aside>
      ) : (
        // The summary's place while the cart is unknown (an empty cart has none: on a wide screen its
        // column stays empty, on a phone nothing follows it but what the shopper has not seen yet).
        loading && <div className="cart-summary card cart-summary-frame" aria-hidden="true" />
      )}
      <div className="cart-upsells">
        {/* Kept in place, unseen (out of reach of focus and screen readers too), while the cart is unknown or empty (whose own button says it), so the upsells never move. */}
        <p className={filled ? undefined : 'cart-continue-unseen'}>
          <a href={continueHref}>{t('cart.continueShopping')}</a>
        </p>
        <Upsells upsells={upsells} inCart={inCart} />
      </div>
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
