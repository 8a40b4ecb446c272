/**
 * The lines of the cart: quantity, one-off or subscription with its frequency, remove. Shared by the
 * cart page and the mini cart (compact: no frequency choice).
 */
import { useState } from 'react';
import type { Order, OrderItem } from '../../lib/shop-api/wire.ts';
import { CART_QUANTITY, DELIVERY_FREQUENCIES } from '../../lib/constants.ts';
import { frequencyLabel } from '../../lib/catalogue/frequencies.ts';
import { cartStore } from '../../stores/shop.ts';
import { toast } from '../../stores/ui.ts';
import { useIsland } from '../shared/island.tsx';
import { cartErrorText } from './errors.ts';

export function CartLines({ cart, compact = false }: { cart: Order; compact?: boolean }) {
  return (
    <ul className={`cart-lines${compact ? ' compact' : ''}`}>
      {cart.items.map((item) => (
        <CartLine key={item.id} item={item} compact={compact} />
      ))}
    </ul>
  );
}

function CartLine({ item, compact }: { item: OrderItem; compact: boolean }) {
  const { t, price } = useIsland();
  const [busy, setBusy] = useState(false);
  const store = cartStore();
  /** Runs a change of this line; false when it failed (the toast says why, the cart is as it was). */
  const run = async (change: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await change();
      return true;
    } catch (error) {
      toast('error', cartErrorText(error, t));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const frequencies = DELIVERY_FREQUENCIES.map((f) => ({ days: f.days, label: frequencyLabel(f, t.plural) }));
  const quantityId = `quantity-${item.id}`;
  const intervalId = `interval-${item.id}`;
  return (
    <li className="cart-line" data-variant={item.variantCode} aria-busy={busy}>
      <div className="cart-line-name">
        <strong>{item.productName}</strong>
        <span className="muted"> · {item.variantName}</span>
        {item.subscriptionInterval > 0 && compact && (
          <span className="tag ok">{frequencies.find((f) => f.days === item.subscriptionInterval)?.label}</span>
        )}
      </div>
      <div className="cart-line-controls">
        {!compact && (
          <label htmlFor={intervalId} className="cart-field">
            <span>{t('cart.item.purchase')}</span>
            <select
              id={intervalId}
              value={item.subscriptionInterval}
              disabled={busy}
              onChange={(e) => run(() => store.setInterval(item.id, Number(e.target.value)))}
            >
              <option value={0}>{t('cart.item.buyOnce')}</option>
              <optgroup label={t('cart.item.subscription')}>
                {frequencies.map((f) => (
                  <option key={f.days} value={f.days}>
                    {f.label}
                  </option>
                ))}
              </optgroup>
            </select>
          </label>
        )}
        <fieldset className="stepper" aria-label={`${t('cart.item.quantity')} · ${item.productName}`}>
          <button
            type="button"
            className="step"
            disabled={busy}
            aria-label={t('cart.item.decrease')}
            onClick={() => run(() => store.setQuantity(item.id, item.quantity - 1))}
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
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
            onBlur={(e) => {
              const quantity = Number(e.currentTarget.value);
              if (quantity === item.quantity) return;
              const input = e.currentTarget;
              // A refused change shows the cart's quantity again, not one the cart does not have.
              if (Number.isInteger(quantity) && quantity >= CART_QUANTITY.min && quantity <= CART_QUANTITY.max) {
                void run(() => store.setQuantity(item.id, quantity)).then((done) => {
                  if (!done) input.value = String(item.quantity);
                });
              } else input.value = String(item.quantity);
            }}
          />
          <button
            type="button"
            className="step"
            disabled={busy || item.quantity >= CART_QUANTITY.max}
            aria-label={t('cart.item.increase')}
            onClick={() => run(() => store.setQuantity(item.id, item.quantity + 1))}
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
          onClick={() => run(() => store.remove(item.id))}
          aria-label={t('cart.item.removeNamed', { name: `${item.productName} ${item.variantName}` })}
        >
          {t('cart.item.remove')}
        </button>
      </div>
    </li>
  );
}
