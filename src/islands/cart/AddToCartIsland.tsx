/**
 * Add to cart on a product page: the format chosen by the page, a quantity, buy once or subscribe with
 * a frequency. Server-rendered as the same GET form to the cart page (a cart link), so it works before
 * hydration and without JavaScript; once hydrated it adds in place and opens the mini cart (through its
 * store: the header shows it).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CART_QUANTITY, DELIVERY_FREQUENCIES } from '../../lib/constants.ts';
import { frequencyLabel } from '../../lib/catalogue/frequencies.ts';
import { defaultPurchaseChoice, purchaseChoiceOf, withPurchaseChoice } from '../../lib/catalogue/purchase-choice.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { openMiniCart } from '../../stores/mini-cart.ts';
import { cartStore } from '../../stores/shop.ts';
import { toast } from '../../stores/ui.ts';
import { cartErrorText } from './errors.ts';
import { Island, useIsland, type IslandProps } from '../shared/island.tsx';
import { Toasts } from '../shared/Toasts.tsx';
import './cart.css';

interface Props {
  productName: string;
  variantCode: string;
  variantName: string;
  inStock: boolean;
  buyOnce: boolean;
  subscribe: boolean;
}

function AddToCart({ productName, variantCode, variantName, inStock, buyOnce, subscribe }: Props) {
  const { t, locale } = useIsland();
  const [defaults] = useState(() => defaultPurchaseChoice({ buyOnce, subscribe }));
  const [interval, setInterval] = useState(defaults.interval);
  const [quantity, setQuantity] = useState<number>(defaults.quantity);
  usePurchaseChoiceInAddress(interval, quantity, { buyOnce, subscribe }, defaults, setInterval, setQuantity);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !inStock) return;
    setPending(true);
    try {
      await cartStore().add({ variantCode, quantity, interval, sourceItemList: 'product_page' });
      toast('success', t('cart.added', { name: `${productName} ${variantName}` }));
      openMiniCart();
    } catch (error) {
      toast('error', cartErrorText(error, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="purchase"
      method="get"
      action={pathTo('cart', locale)}
      onSubmit={submit}
      data-purchase
      data-default-interval={defaults.interval}
      data-default-quantity={defaults.quantity}
    >
      <input type="hidden" name="variantId" value={variantCode} />
      <label className="field">
        {t('catalogue.product.purchase')}
        <select name="interval" value={interval} onChange={(e) => setInterval(Number(e.target.value))} data-interval>
          {buyOnce && <option value={0}>{t('catalogue.product.buyOnce')}</option>}
          {subscribe && (
            <optgroup label={t('catalogue.product.subscribe')}>
              {DELIVERY_FREQUENCIES.map((f) => (
                <option key={f.days} value={f.days}>
                  {frequencyLabel(f, t.plural)}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
      {subscribe && <p className="hint muted">{t('catalogue.product.subscribeHint')}</p>}
      <label className="field">
        {t('catalogue.product.quantity')}
        <input
          type="number"
          name="quantity"
          value={quantity}
          min={CART_QUANTITY.min}
          max={CART_QUANTITY.max}
          inputMode="numeric"
          onChange={(e) =>
            setQuantity(Math.min(CART_QUANTITY.max, Math.max(CART_QUANTITY.min, Math.trunc(Number(e.target.value)) || CART_QUANTITY.min)))
          }
        />
      </label>
      <button type="submit" className="button" disabled={!inStock || pending} aria-busy={pending}>
        {t('catalogue.product.addToCart')}
      </button>
    </form>
  );
}

/**
 * The choice lives in the address too (`?interval=31&quantity=2`): a format link carries it to the format's
 * page (src/page-scripts/product-formats.ts), which starts from it, and a reload keeps it. Read once the
 * island runs (the page's HTML is built without a query, so hydration matches), then kept in step.
 */
function usePurchaseChoiceInAddress(
  interval: number,
  quantity: number,
  offer: { buyOnce: boolean; subscribe: boolean },
  defaults: { interval: number; quantity: number },
  setInterval: (interval: number) => void,
  setQuantity: (quantity: number) => void,
) {
  const read = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the island starts.
  useEffect(() => {
    const carried = purchaseChoiceOf(window.location.search, offer);
    if (carried.interval !== undefined) setInterval(carried.interval);
    if (carried.quantity !== undefined) setQuantity(carried.quantity);
  }, []);
  useEffect(() => {
    // The first run only reads: the address still holds the choice the state is about to take.
    if (!read.current) {
      read.current = true;
      return;
    }
    const { pathname, search, hash } = window.location;
    const next = withPurchaseChoice(`${pathname}${search}${hash}`, { interval, quantity }, defaults);
    if (next !== `${pathname}${search}${hash}`) window.history.replaceState(window.history.state, '', next);
  }, [interval, quantity, defaults]);
}

export default function AddToCartIsland(props: IslandProps & Props) {
  return (
    <Island locale={props.locale} messages={props.messages}>
      <AddToCart {...props} />
      <ToastsOfIsland />
    </Island>
  );
}

function ToastsOfIsland() {
  const { t } = useIsland();
  return <Toasts closeLabel={t('cart.mini.close')} />;
}
