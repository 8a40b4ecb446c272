/**
 * The lines of the cart: the product's picture and name (a link to its page), quantity, one-off or
 * subscription with its frequency (never for a sample), remove. Shared by the cart page and the mini cart
 * (compact: no frequency choice). A refused change is said next to the line, in words; a removed line
 * is announced and the focus goes to the next line (or the heading of the cart once it is empty), not to
 * the page's body.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { isCartQuantity } from '../../lib/cart-link.ts';
import type { Order, OrderItem } from '../../lib/shop-api/orders.ts';
import { CART_QUANTITY, DELIVERY_FREQUENCIES } from '../../lib/constants.ts';
import { languageOf } from '../../lib/channels.ts';
import { intervalText } from '../../lib/catalogue/frequencies.ts';
import { useIsland, useShop } from '../shared/island.tsx';
import { focusHeading, useAnnouncer } from './announcer.tsx';
import { cartErrorText } from './errors.ts';

/** The picture's box, in CSS pixels (the file is scaled into it). */
const PICTURE_SIZE = 64;

export function CartLines({ cart, compact = false }: { cart: Order; compact?: boolean }) {
  const list = useRef<HTMLUListElement>(null);
  const { emptyFocus } = useAnnouncer();
  /** The position of a line just removed: once the list is drawn without it, the line now there gets the focus. */
  const [removedAt, setRemovedAt] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the list is drawn from the cart without the line.
  useLayoutEffect(() => {
    if (removedAt === null) return;
    const lines = list.current?.querySelectorAll<HTMLElement>(':scope > .cart-line');
    const next = lines?.[Math.min(removedAt, lines.length - 1)];
    if (next) next.querySelector<HTMLElement>('a[href], select, input, button')?.focus();
    setRemovedAt(null);
  }, [cart, removedAt]);
  const onRemoved = (index: number) => {
    // The last line gone, the list itself goes: the cart's heading takes the focus.
    if (cart.items.length <= 1) focusHeading(emptyFocus());
    else setRemovedAt(index);
  };
  return (
    <ul ref={list} className={`cart-lines${compact ? ' compact' : ''}`}>
      {cart.items.map((item, index) => (
        <CartLine key={item.id} item={item} compact={compact} onRemoved={() => onRemoved(index)} />
      ))}
    </ul>
  );
}

function CartLine({ item, compact, onRemoved }: { item: OrderItem; compact: boolean; onRemoved: () => void }) {
  const { t, price, locale } = useIsland();
  const shop = useShop();
  const { announce } = useAnnouncer();
  const [busy, setBusy] = useState(false);
  /** Why the last change of this line was refused; `quantity` when it is the quantity's field that is wrong. */
  const [error, setError] = useState<{ text: string; quantity: boolean } | null>(null);
  const store = shop.cart;
  const name = `${item.productName} ${item.variantName}`;
  /** Runs a change of this line; false when it failed (the line says why, the cart is as it was). */
  const run = async (change: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await change();
      return true;
    } catch (failure) {
      const quantity = cartErrorText(failure, t, ['quantity']);
      setError({ text: quantity ?? cartErrorText(failure, t), quantity: quantity !== null });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const remove = async (change: () => Promise<unknown>) => {
    if (!(await run(change))) return;
    announce(t('cart.item.removed', { name }));
    onRemoved();
  };
  const setQuantity = (quantity: number) =>
    quantity === 0 ? remove(() => store.remove(item.id)) : run(() => store.setQuantity(item.id, quantity));
  const frequencies = DELIVERY_FREQUENCIES.map((f) => ({ days: f.days, label: intervalText(languageOf(locale), f.days) }));
  const quantityId = `quantity-${item.id}`;
  const intervalId = `interval-${item.id}`;
  const errorId = `line-error-${item.id}`;
  const title = <strong>{item.productName}</strong>;
  return (
    <li className="cart-line" data-variant={item.variantCode} aria-busy={busy}>
      {item.image ? (
        <img
          className="cart-line-picture"
          src={item.image.url}
          alt={item.image.alternativeText}
          width={PICTURE_SIZE}
          height={PICTURE_SIZE}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="cart-line-picture" aria-hidden="true" />
      )}
      <div className="cart-line-name">
        {item.productPath ? <a href={item.productPath}>{title}</a> : title}
        <span className="muted"> · {item.variantName}</span>
        {item.subscriptionInterval > 0 && compact && (
          <span className="tag ok">{frequencies.find((f) => f.days === item.subscriptionInterval)?.label}</span>
        )}
      </div>
      <div className="cart-line-controls">
        {!compact &&
          (item.sample && item.subscriptionInterval === 0 ? (
            <span className="cart-field cart-sample">{t('cart.item.sampleOnce')}</span>
          ) : (
            <label htmlFor={intervalId} className="cart-field">
              <span>{t('cart.item.purchase')}</span>
              <select
                id={intervalId}
                value={item.subscriptionInterval}
                disabled={busy}
                onChange={(e) => run(() => store.setInterval(item.id, Number(e.target.value)))}
              >
                <option value={0}>{t('cart.item.buyOnce')}</option>
                {!item.sample && (
                  <optgroup label={t('cart.item.subscription')}>
                    {frequencies.map((f) => (
                      <option key={f.days} value={f.days}>
                        {f.label}
                      </option>
                    ))}
                  </optgroup>
                )}
              </select>
            </label>
          ))}
        <fieldset className="stepper" aria-label={`${t('cart.item.quantity')} · ${item.productName}`}>
          <button
            type="button"
            className="step"
            disabled={busy}
            aria-label={t('cart.item.decrease')}
            onClick={() => setQuantity(item.quantity - 1)}
          >
            −
          </button>
          <label htmlFor={quantityId} className="visually-hidden">
            {t('cart.item.quantity')}
          </label>
          {/* Committed on blur or Enter, so typing "12" does not first set 1. */}
          <input
            id={quantityId}
            key={item.quantity}
            type="number"
            inputMode="numeric"
            min={CART_QUANTITY.min}
            max={CART_QUANTITY.max}
            defaultValue={item.quantity}
            disabled={busy}
            aria-invalid={error?.quantity || undefined}
            aria-describedby={error?.quantity ? errorId : undefined}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
            onBlur={(e) => {
              const text = e.currentTarget.value.trim();
              const quantity = Number(text);
              if (text !== '' && quantity === item.quantity) {
                setError(null);
                return;
              }
              // Out of the 1 to 99 rule: said next to the field, and the field keeps what was typed to correct it.
              if (text === '' || !isCartQuantity(quantity)) {
                setError({ text: t('cart.errors.quantity', CART_QUANTITY), quantity: true });
                return;
              }
              const input = e.currentTarget;
              // A refused change shows the cart's quantity again, not one the cart does not have.
              void run(() => store.setQuantity(item.id, quantity)).then((done) => {
                if (!done) input.value = String(item.quantity);
              });
            }}
          />
          <button
            type="button"
            className="step"
            disabled={busy || item.quantity >= CART_QUANTITY.max}
            aria-label={t('cart.item.increase')}
            onClick={() => setQuantity(item.quantity + 1)}
          >
            +
          </button>
        </fieldset>
        <span className="cart-line-total" data-line-total>
          {price(item.total)}
          {item.originalUnitPrice !== item.unitPrice && <s className="muted"> {price(item.originalUnitPrice * item.quantity)}</s>}
        </span>
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => remove(() => store.remove(item.id))}
          aria-label={t('cart.item.removeNamed', { name })}
        >
          {t('cart.item.remove')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error cart-line-error" role="alert">
          {error.text}
        </p>
      )}
    </li>
  );
}
