/** What the funnel's sections share: the store's atoms, the data layer, error texts. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { type CheckoutError, checkoutStore } from '../../stores/checkout.ts';
import { errorText } from './errors.ts';
import { useIsland } from '../shared/island.tsx';
import { PUBLIC_MOLLIE_PROFILE_ID, PUBLIC_MOLLIE_TESTMODE } from 'astro:env/client';

/** The tag manager's data layer, when the page has one. */
export const dataLayer = (): unknown[] | undefined => (window as { dataLayer?: unknown[] }).dataLayer;

export function useCheckout() {
  // Mollie Components when the build has a Mollie profile, else the embedded sandbox's card form.
  const store = checkoutStore({ mollieProfileId: PUBLIC_MOLLIE_PROFILE_ID, mollieTestmode: PUBLIC_MOLLIE_TESTMODE });
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
