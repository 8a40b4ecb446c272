/**
 * Add to cart on a product page: the format chosen by the page, a quantity, buy once or subscribe with
 * a frequency. Server-rendered as the same GET form to the cart page (a cart link), so it works before
 * hydration and without JavaScript (the browser then holds the quantity to 1 to 99 itself); once
 * hydrated it adds in place and opens the mini cart (through its store: the header shows it). A quantity
 * outside 1 to 99 is refused in words next to its field, never changed behind the shopper's back; a
 * refusal of the shop API is said next to the field it concerns, or next to the button. The form's id lets
 * a button outside it submit it (the phone's buy bar, ProductView.astro), before hydration as after.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isCartQuantity } from '../../lib/cart-link.ts';
import { CART_QUANTITY, DELIVERY_FREQUENCIES } from '../../lib/constants.ts';
import { languageOf } from '../../lib/channels.ts';
import { intervalText } from '../../lib/catalogue/frequencies.ts';
import { defaultPurchaseChoice, withPurchaseChoice } from '../../lib/catalogue/purchase-choice.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { openMiniCart } from '../../stores/mini-cart.ts';
import { cartErrorText } from './errors.ts';
import { Island, useIsland, type IslandProps, useShop } from '../shared/island.tsx';
import { HELD_SUBMIT, ISLAND_READY } from '../shared/intent.ts';
import { Toasts } from '../shared/Toasts.tsx';
import './cart.css';

interface Props {
  productName: string;
  variantCode: string;
  variantName: string;
  inStock: boolean;
  buyOnce: boolean;
  subscribe: boolean;
  /** The form's id, for a submit button outside it (`<button form=…>`). */
  formId?: string;
}

function AddToCart({ productName, variantCode, variantName, inStock, buyOnce, subscribe, formId }: Props) {
  const { t, locale } = useIsland();
  const shop = useShop();
  const [defaults] = useState(() => defaultPurchaseChoice({ buyOnce, subscribe }));
  const [interval, setInterval] = useState(defaults.interval);
  // The last quantity that keeps the rule (the address carries it), and the field's text as typed.
  const [quantity, setQuantity] = useState<number>(defaults.quantity);
  const [quantityText, setQuantityText] = useState(String(defaults.quantity));
  usePurchaseChoiceInAddress(interval, quantity, defaults);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<{ quantity?: string; form?: string }>({});
  const [added, setAdded] = useState<{ id: number; text: string } | null>(null);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // Hydrated, the island checks the quantity and says why in words; before, the browser's own check holds.
  // It starts from the fields as the page shows them: the choice the address carries (the page's script,
  // src/page-scripts/product-formats.ts, puts it in the form's HTML) and what the shopper changed before
  // the island ran (hydration keeps the fields' values, not the state's).
  useEffect(() => {
    if (!form.current) return;
    form.current.noValidate = true;
    const fields = fieldsOf(form.current);
    if (Number.isInteger(fields.interval)) setInterval(fields.interval);
    setQuantityText(fields.quantity);
    const typed = Number(fields.quantity);
    if (fields.quantity.trim() !== '' && isCartQuantity(typed)) setQuantity(typed);
    // From now on the island takes the form's submissions; one made before it ran is made again here.
    form.current.setAttribute(ISLAND_READY, '');
    if (form.current.hasAttribute(HELD_SUBMIT)) {
      form.current.removeAttribute(HELD_SUBMIT);
      form.current.requestSubmit();
    }
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !inStock || !form.current) return;
    // The fields as the shopper left them: a purchase submitted before the island ran is submitted again
    // as it starts (src/islands/shared/intent.ts), before its state has caught up with them.
    const fields = fieldsOf(form.current);
    const typed = fields.quantity.trim() === '' ? Number.NaN : Number(fields.quantity);
    if (!isCartQuantity(typed)) {
      setErrors({ quantity: t('cart.errors.quantity', CART_QUANTITY) });
      return;
    }
    setPending(true);
    setErrors({});
    try {
      await shop.cart.add({ variantCode, quantity: typed, interval: fields.interval, sourceItemList: 'product_page' });
      // One confirmation on screen, the mini cart with its lines (a toast beside it covered the page, and hid
      // under a phone's bottom bar); a screen reader hears the add said.
      setAdded((last) => ({ id: (last?.id ?? 0) + 1, text: t('cart.added', { name: `${productName} ${variantName}` }) }));
      openMiniCart();
    } catch (error) {
      const onQuantity = cartErrorText(error, t, ['quantity']);
      setErrors(onQuantity ? { quantity: onQuantity } : { form: cartErrorText(error, t) });
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      ref={form}
      id={formId}
      className={subscribe ? 'purchase' : 'purchase purchase--once'}
      method="get"
      action={pathTo('cart', locale)}
      onSubmit={submit}
      data-purchase
      data-default-interval={defaults.interval}
      data-default-quantity={defaults.quantity}
    >
      <input type="hidden" name="variantId" value={variantCode} />
      {subscribe ? (
        <label className="field">
          {t('catalogue.product.purchase')}
          <select name="interval" value={interval} onChange={(e) => setInterval(Number(e.target.value))} data-interval>
            {buyOnce && <option value={0}>{t('catalogue.product.buyOnce')}</option>}
            <optgroup label={t('catalogue.product.subscribe')}>
              {DELIVERY_FREQUENCIES.map((f) => (
                <option key={f.days} value={f.days}>
                  {intervalText(languageOf(locale), f.days)}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
      ) : (
        // Sold once only (a sample): no choice to offer, so no list of one option; the cart link still says it.
        <input type="hidden" name="interval" value={0} />
      )}
      {subscribe && <p className="hint muted">{t('catalogue.product.subscribeHint')}</p>}
      <label className="field">
        {t('catalogue.product.quantity')}
        <input
          type="number"
          name="quantity"
          value={quantityText}
          min={CART_QUANTITY.min}
          max={CART_QUANTITY.max}
          required
          inputMode="numeric"
          aria-invalid={errors.quantity ? true : undefined}
          aria-describedby={errors.quantity ? `${id}-quantity` : undefined}
          onChange={(e) => {
            setQuantityText(e.target.value);
            const typed = Number(e.target.value);
            if (e.target.value.trim() !== '' && isCartQuantity(typed)) setQuantity(typed);
            if (errors.quantity) setErrors({});
          }}
        />
      </label>
      {errors.quantity && (
        <p id={`${id}-quantity`} className="field-error" role="alert">
          {errors.quantity}
        </p>
      )}
      <button type="submit" className="button" disabled={!inStock || pending} aria-busy={pending}>
        {t('catalogue.product.addToCart')}
      </button>
      {errors.form && (
        <p className="field-error" role="alert" data-add-error>
          {errors.form}
        </p>
      )}
      <p className="visually-hidden" role="status" data-add-status>
        {/* A new node per add: the same words said twice are read twice. */}
        {added && <span key={added.id}>{added.text}</span>}
      </p>
    </form>
  );
}

/** The purchase form's fields as they stand: the chosen interval and the quantity as typed. */
function fieldsOf(purchase: HTMLFormElement): { interval: number; quantity: string } {
  const data = new FormData(purchase);
  return { interval: Number(data.get('interval')), quantity: String(data.get('quantity') ?? '') };
}

/**
 * The choice lives in the address too (`?interval=31&quantity=2`): a format link carries it to the format's
 * page (src/page-scripts/product-formats.ts), which shows it in the form before the island runs, and a
 * reload keeps it. Once the island runs, the address is kept in step with the choice.
 */
function usePurchaseChoiceInAddress(interval: number, quantity: number, defaults: { interval: number; quantity: number }) {
  const started = useRef(false);
  useEffect(() => {
    // The first run leaves the address alone: the state is about to take the form's fields, which show it.
    if (!started.current) {
      started.current = true;
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
