/** Discount codes: apply one, show the server's message when it is refused, remove an applied one. */
import { useId, useState, type FormEvent } from 'react';
import { applyCouponRequest, COUPON_CODE_MAX_LENGTH } from '../../lib/shop-api/requests/carts.ts';
import type { Order } from '../../lib/shop-api/wire.ts';
import { cartStore } from '../../stores/shop.ts';
import { useIsland } from '../shared/island.tsx';
import { cartErrorText } from './errors.ts';

export function CouponForm({ cart }: { cart: Order }) {
  const { t } = useIsland();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const store = cartStore();

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
      setError(cartErrorText(failure, t, { violation: true }));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="coupon">
      {cart.couponCode && (
        <p className="applied" data-coupon={cart.couponCode}>
          <span className="tag ok">{t('cart.coupon.applied', { code: cart.couponCode })}</span>
          {cart.promotions.map((p) => (
            <span key={p.code} className="muted">
              {' '}
              {p.label}
            </span>
          ))}
          <button
            type="button"
            className="link-button"
            onClick={() => void store.removeCoupon(cart.couponCode!).catch((failure) => setError(cartErrorText(failure, t)))}
            aria-label={t('cart.coupon.remove', { code: cart.couponCode })}
          >
            ×
          </button>
        </p>
      )}
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
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className="button secondary" disabled={pending} aria-busy={pending || undefined}>
            {t('cart.coupon.apply')}
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
