/** What the funnel's sections share: the store's atoms, the data layer, error texts. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { type CheckoutError, checkoutStore } from '../../stores/checkout.ts';
import type { Translator } from '../../i18n/core.ts';
import { useIsland } from '../shared/island.tsx';

/** The tag manager's data layer, when the page has one. */
export const dataLayer = (): unknown[] | undefined => (window as { dataLayer?: unknown[] }).dataLayer;

export function useCheckout() {
  const store = checkoutStore();
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

/** A failure in the shopper's words: the API's own reason when it gave one, else the funnel's texts. */
function errorText(t: Translator, error: CheckoutError): string[] {
  switch (error.code) {
    case 'network':
      return [t('checkout.network')];
    case 'not_found':
      return [t('checkout.notFound')];
    case 'relay_none':
      return [t('relay.noneNearby')];
    case 'relay_unavailable':
      return [t('relay.unavailable')];
    case 'card_invalid': {
      const key = `checkout.payment.card.errors.${error.field ?? ''}`;
      return [t.has(key) ? t(key) : (error.description ?? t('checkout.error'))];
    }
    case 'payment_refused':
      return [
        t('checkout.payment.refused'),
        ...(error.bank ? [t('checkout.payment.bank', { message: error.bank.message, code: error.bank.code ?? '–' })] : []),
        t('checkout.payment.retry'),
      ];
    case 'refused': {
      if (error.violations.some((v) => v.code === 'RELAY_POINT_INACTIVE')) return [t('relay.inactive')];
      const texts = error.violations.map((v) => v.message).filter(Boolean);
      return texts.length > 0 ? texts : [error.description ?? t('checkout.error')];
    }
    default:
      return [t('checkout.error')];
  }
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
