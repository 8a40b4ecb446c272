/**
 * The discount code: apply one, see whether it applies now (with its reduction, or why not and what the
 * cart lacks for it), remove it. Its state comes with every answer of the cart, so it always matches
 * the accounting lines; when it changes (applied, replaced by a second code, no longer applicable after a
 * line was removed, applicable again) the box says so in a live region. One code per order: a new code
 * replaces the one on the cart, which the field says before and the status after.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Translator } from '../../lib/translator.ts';
import { applyCouponRequest, COUPON_CODE_MAX_LENGTH } from '../../lib/shop-api/requests/carts.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { couponChange, missingForCoupon, type CouponChange } from '../../stores/cart/coupon.ts';
import { useIsland, useShop } from '../shared/island.tsx';
import { cartErrorText } from './errors.ts';

function changeText(change: CouponChange, t: Translator, price: (minor: number) => string): string {
  switch (change.kind) {
    case 'applied':
    case 'restored':
      return t(`cart.coupon.changes.${change.kind}`, { code: change.code, amount: price(change.amount) });
    case 'replaced':
      return t('cart.coupon.changes.replaced', { code: change.code, previous: change.previous, amount: price(change.amount) });
    case 'removed':
      return t('cart.coupon.changes.removed', { code: change.code });
    case 'lapsed': {
      const reason = [change.refusal?.message, change.missing > 0 ? t('cart.coupon.missing', { amount: price(change.missing) }) : '']
        .filter(Boolean)
        .join(' ');
      return t('cart.coupon.changes.lapsed', { code: change.code, reason });
    }
  }
}

export function CouponForm({ cart }: { cart: Order }) {
  const { t, price } = useIsland();
  const shop = useShop();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<{ text: string; shown: boolean }>({ text: '', shown: false });
  const store = shop.cart;

  // Every new answer: what changed about the code is said; a refusal of the field describes the cart as it
  // was when the code was tried, so it goes once the cart's total has changed.
  const previous = useRef(cart);
  useEffect(() => {
    const before = previous.current;
    previous.current = cart;
    if (before === cart) return;
    const change = couponChange(before, cart);
    // Nothing to tell about the code: the last message (an amount that may have changed since) goes. The box
    // shows whether the code applies and why not; a replaced or removed code is shown in words as well.
    setStatus(
      change
        ? { text: changeText(change, t, price), shown: change.kind === 'replaced' || change.kind === 'removed' }
        : { text: '', shown: false },
    );
    if (before.itemsTotal !== cart.itemsTotal) setError(null);
  }, [cart, t, price]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The request's own rule: a blank code is not sent.
    if (pending || !applyCouponRequest.safeParse({ couponCode: code }).success) return;
    setPending(true);
    setError(null);
    try {
      await store.applyCoupon(code);
      setCode('');
    } catch (failure) {
      // A coupon's error body is passed on as the server wrote it: its violation says why.
      setError(cartErrorText(failure, t));
    } finally {
      setPending(false);
    }
  };

  const coupon = cart.coupon;
  const missing = missingForCoupon(cart);
  const describedBy = [error ? `${id}-error` : '', coupon ? `${id}-one` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="coupon">
      {coupon && (
        <div className="applied" data-coupon={coupon.code} data-applicable={coupon.applicable}>
          <p>
            {coupon.applicable ? (
              <span className="tag ok">{t('cart.coupon.applied', { code: coupon.code })}</span>
            ) : (
              <span className="tag warn">{t('cart.coupon.notApplicable', { code: coupon.code })}</span>
            )}
            {coupon.applicable &&
              cart.promotions
                .filter((p) => p.code === coupon.code)
                .map((p) => (
                  <span key={p.code} className="muted">
                    {' '}
                    {p.label}
                  </span>
                ))}
          </p>
          <button
            type="button"
            className="coupon-remove"
            onClick={() => void store.removeCoupon(coupon.code).catch((failure) => setError(cartErrorText(failure, t)))}
            aria-label={t('cart.coupon.remove', { code: coupon.code })}
          >
            ×
          </button>
          {!coupon.applicable && (
            <p className="coupon-reason" data-coupon-reason>
              {coupon.refusal?.message} {missing > 0 && t('cart.coupon.missing', { amount: price(missing) })}
            </p>
          )}
        </div>
      )}
      <p className={status.shown ? 'coupon-status' : 'coupon-status visually-hidden'} role="status" data-coupon-status>
        {status.text}
      </p>
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${id}-code`}>{t('cart.coupon.label')}</label>
        <div className="inline">
          <input
            id={`${id}-code`}
            name="couponCode"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={COUPON_CODE_MAX_LENGTH}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          <button type="submit" className="button secondary" disabled={pending} aria-busy={pending || undefined}>
            {t('cart.coupon.apply')}
          </button>
        </div>
        {coupon && (
          <p id={`${id}-one`} className="hint muted">
            {t('cart.coupon.oneCode', { code: coupon.code })}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
