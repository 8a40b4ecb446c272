/**
 * Add to cart on a product page: the format chosen by the page, a quantity, buy once or subscribe with
 * a frequency. Server-rendered as the same GET form to the cart page (a cart link), so it works before
 * hydration and without JavaScript; once hydrated it adds in place and opens the mini cart (through its
 * store: the header shows it).
 */
import { useState, type FormEvent } from 'react';
import { CART_QUANTITY, DELIVERY_FREQUENCIES } from '../../lib/constants.ts';
import { frequencyLabel } from '../../lib/catalogue/frequencies.ts';
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
  const [interval, setInterval] = useState(buyOnce ? 0 : DELIVERY_FREQUENCIES[1].days);
  const [quantity, setQuantity] = useState<number>(CART_QUANTITY.min);
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
    <form className="purchase" method="get" action={pathTo('cart', locale)} onSubmit={submit} data-purchase>
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
