/** What the funnel's sections and the confirmation share: the store's atoms, the data layer, error texts, the order's lines. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { intervalText } from '../../lib/catalogue/frequencies.ts';
import { languageOf } from '../../lib/channels.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import type { CheckoutError } from '../../stores/checkout/errors.ts';
import { checkoutStore } from '../../stores/checkout/index.ts';
import { errorText } from './errors.ts';
import { useIsland, useShop } from '../shared/island.tsx';
import { PUBLIC_MOLLIE_PROFILE_ID, PUBLIC_MOLLIE_TESTMODE } from 'astro:env/client';

/** The tag manager's data layer, when the page has one. */
export const dataLayer = (): unknown[] | undefined => (window as { dataLayer?: unknown[] }).dataLayer;

export function useCheckout() {
  // Mollie Components when the build has a Mollie profile, else the embedded sandbox's card form.
  const store = checkoutStore(useShop(), { mollieProfileId: PUBLIC_MOLLIE_PROFILE_ID, mollieTestmode: PUBLIC_MOLLIE_TESTMODE });
  return {
    store,
    order: useStore(store.$order),
    status: useStore(store.$status),
    error: useStore(store.$error),
    addresses: useStore(store.$addresses),
    shippingMethods: useStore(store.$shippingMethods),
    paymentMethods: useStore(store.$paymentMethods),
    relayPoints: useStore(store.$relayPoints),
    elsewhere: useStore(store.$elsewhere),
  };
}

/** The step's errors, read out when they appear. */
export function StepErrors({ error }: { error: CheckoutError | null }) {
  const { t } = useIsland();
  const box = useRef<HTMLDivElement>(null);
  // A failure shows where the shopper looks: the bank's refusal replaces the form they just sent.
  useEffect(() => {
    if (error) box.current?.scrollIntoView({ block: 'start' });
  }, [error]);
  if (!error) return null;
  const texts = errorText(t, error);
  return (
    <div ref={box} className="form-errors checkout-errors" role="alert" data-checkout-error={error.code}>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

/**
 * Where the summary and "pay again" say how the payment went, just above their button: the place exists
 * from the first drawing, and takes its full height as the shopper pays (a change that follows their tap),
 * so a refusal arriving seconds later fills it without pushing anything. It then takes the focus, in view,
 * so that a keyboard or a screen reader starts again from the bank's words.
 */
export function PaymentAlert({ error, paying }: { error: CheckoutError | null; paying: boolean }) {
  const { t } = useIsland();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!error) return;
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);
  return (
    <div
      ref={box}
      className={`checkout-payment-alert${error || paying ? ' is-reserved' : ''}`}
      tabIndex={-1}
      aria-live="polite"
      data-payment-alert
    >
      {error ? (
        <div className="form-errors checkout-errors" role="alert" data-checkout-error={error.code}>
          {errorText(t, error).map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : (
        paying && <p className="muted">{t('checkout.summary.paying')}</p>
      )}
    </div>
  );
}

/** The order's lines as the funnel's recap and the confirmation list them: name and format, quantity, frequency, price. */
export function OrderLines({ order }: { order: Order }) {
  const { t, price, locale } = useIsland();
  return (
    <ul className="checkout-lines">
      {[...order.items, ...order.freeProducts].map((item) => (
        <li key={item.id} data-line={item.variantCode}>
          <span>
            {item.productName} – {item.variantName}
            <br />
            <span className="muted">
              {t('checkout.cart.quantity', { quantity: item.quantity })}
              {item.subscriptionInterval > 0 && (
                <>
                  {' '}
                  ·{' '}
                  {t('checkout.cart.every', {
                    frequency: intervalText(languageOf(locale), item.subscriptionInterval).toLocaleLowerCase(),
                  })}
                </>
              )}
            </span>
          </span>
          <span>{price(item.total)}</span>
        </li>
      ))}
    </ul>
  );
}
