/**
 * The cart page: lines, quantities, one-off or subscription, discount code, free-shipping progress,
 * accounting lines, upsells for the cart's species. It first applies a cart link
 * (?variantId=…&quantity=…&interval=…), tells the shopper what it added and what it could not (a value
 * outside the shop's rules is never silently replaced), and removes those parameters from the address, so
 * a reload does not add them again. An empty cart says so, and when the shopper has a cart on the other
 * country site, that each site has its own, with a link back to it.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Translator } from '../../lib/translator.ts';
import { cleanCartLink, hasCartLink, parseCartLink, type CartLinkLine } from '../../lib/cart-link.ts';
import type { ChannelCode } from '../../lib/channels.ts';
import { CART_QUANTITY } from '../../lib/constants.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { trackViewCart } from '../../stores/analytics.ts';
import { otherSiteCart } from '../../stores/cart/other-site.ts';
import { toast } from '../../stores/ui.ts';
import { Island, useIsland, type IslandProps } from '../shared/island.tsx';
import { Toasts } from '../shared/Toasts.tsx';
import { Announcer } from './announcer.tsx';
import { CartLines } from './CartLines.tsx';
import { CartTotals, FreeShippingBar } from './CartTotals.tsx';
import { CouponForm } from './CouponForm.tsx';
import { Upsells, type Upsell } from './Upsells.tsx';
import { cartErrorText } from './errors.ts';
import { useCart } from './useCart.ts';
import './cart.css';

/** The other country site: its code, its address and the address of its cart page (built by the page). */
interface OtherSite {
  channel: ChannelCode;
  origin: string;
  cartHref: string;
}

/** Why a line of the link was left out, in words: each value the shop could not apply. */
function refusedText(line: CartLinkLine, t: Translator): string {
  const reasons = (line.refused ?? []).map((r) => t(`cart.link.reasons.${r.parameter}`, { value: r.value, ...CART_QUANTITY }));
  return t('cart.link.refused', { code: line.variantCode, reason: `${reasons.join(t('cart.link.and'))}.` });
}

/**
 * What the empty cart says of the other site's cart, read in the browser (cookies, referrer) as it is first drawn:
 * only ever in the browser, since the page's HTML shows the cart loading. Read after a first paint (an effect),
 * its line came in above the button and the upsells drawn already, and moved them (a layout shift of 0.1 on a phone).
 */
function OtherSiteCart({ otherSite }: { otherSite: OtherSite }) {
  const { t } = useIsland();
  const [found] = useState(() => otherSiteCart(otherSite));
  if (!found) return null;
  const country = t(`site.countries.${otherSite.channel}`);
  return (
    <p data-other-site={otherSite.channel}>
      {'count' in found ? t.plural('cart.otherSite.count', found.count, { country }) : t('cart.otherSite.cameFrom', { country })}{' '}
      <a href={otherSite.cartHref}>{t('cart.otherSite.back', { country })}</a>
    </p>
  );
}

function CartPage({ upsells, continueHref, otherSite }: { upsells: Upsell[]; continueHref: string; otherSite: OtherSite }) {
  const { t, locale } = useIsland();
  const { store, cart, status, unavailable } = useCart();
  // A cart link being applied: the page stays in its loading frame rather than show each step of it.
  const [linking, setLinking] = useState(() => typeof location !== 'undefined' && hasCartLink(location.search));

  useEffect(() => {
    if (!hasCartLink(location.search)) return;
    const lines = parseCartLink(location.search);
    history.replaceState(history.state, '', cleanCartLink(location.href));
    void store
      .applyLink(lines)
      .then(({ applied, failures, refused }) => {
        if (applied.length > 0) toast('success', t(failures.length + refused.length > 0 ? 'cart.link.partlyAdded' : 'cart.linkAdded'));
        // Until the shopper closes them: what was not added must not go by unread.
        for (const line of refused) toast('error', refusedText(line, t), 0);
        for (const { line, error } of failures)
          toast('error', t('cart.link.refused', { code: line.variantCode, reason: cartErrorText(error, t) }), 0);
      })
      .finally(() => setLinking(false));
  }, [store, t]);

  // Until the whole link is applied, so the lines and the summary arrive once, at their final size.
  const loading = linking || (!cart && (status === 'idle' || status === 'loading'));
  const filled = !loading && cart !== null && cart.items.length > 0;
  // The analytics' view_cart, pushed once per page (re-renders and later changes push nothing more).
  useEffect(() => {
    if (filled) trackViewCart(cart);
  }, [filled, cart]);

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
        <OtherSiteCart otherSite={otherSite} />
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
        <Upsells upsells={upsells} cart={cart} />
      </div>
    </div>
  );
}

type Props = { upsells: Upsell[]; continueHref: string; otherSite: OtherSite };

export default function CartPageIsland(props: IslandProps & Props) {
  // The page's heading (outside the island) takes the focus when the last line is removed.
  const heading = useCallback(() => document.querySelector<HTMLElement>('main h1, h1'), []);
  return (
    <Island {...props}>
      <Announcer emptyFocus={heading}>
        <CartPage upsells={props.upsells} continueHref={props.continueHref} otherSite={props.otherSite} />
      </Announcer>
      <ToastsOfIsland />
    </Island>
  );
}

function ToastsOfIsland() {
  const { t } = useIsland();
  return <Toasts closeLabel={t('cart.mini.close')} />;
}
