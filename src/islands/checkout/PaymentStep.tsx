/**
 * How the shopper pays: the channel's methods with their service fees, and for a card the card form,
 * whose details go to the payment provider only (the store tokenises them there). Cheque and bank
 * transfer wait for the money: the order ships on payment.
 *
 * The card form is the build's (the store's `card`): the embedded sandbox's inputs, or in production
 * Mollie Components, Mollie's own fields mounted in the form, which the page never reads.
 */
import { useState } from 'react';
import type { PaymentMethod } from '../../lib/shop-api/checkout.ts';
import type { CheckoutStore } from '../../stores/checkout/index.ts';
import { codeOf, openPayment } from '../../stores/checkout/order.ts';
import { useCardForm as useSharedCardForm } from '../shared/CardForm.tsx';
import { useIsland } from '../shared/island.tsx';
import { useCheckout } from './shared.tsx';

/** Methods paid with the card form (the others go through a provider page or are paid later). */
export const isCardMethod = (code: string | null | undefined): boolean => code === 'visa' || code === 'mastercard';

export function MethodNote({ method }: { method: PaymentMethod }) {
  const { t } = useIsland();
  if (method.instructions) return <p className="muted">{t('checkout.payment.delayed')}</p>;
  if (method.code === 'paypal') return <p className="muted">{t('checkout.payment.paypal')}</p>;
  return null;
}

/** The build's card form (the sandbox's inputs or Mollie Components), and the card it gives the store when the shopper pays. */
export const useCardForm = (store: CheckoutStore): ReturnType<typeof useSharedCardForm> => useSharedCardForm(store.card);

/**
 * The method list (radio buttons with the fees). A cart with a subscription is offered cards only (the shop
 * charges the next deliveries on the card's mandate, which no other method gives): the list says so.
 */
export function MethodChoice({
  methods,
  value,
  onChange,
}: {
  methods: PaymentMethod[];
  value: string | null;
  onChange: (code: string) => void;
}) {
  const { t, price } = useIsland();
  const { order } = useCheckout();
  return (
    <fieldset className="checkout-choices">
      <legend>{t('checkout.payment.methods')}</legend>
      {order?.items.some((item) => item.subscriptionInterval > 0) && (
        <p className="muted" data-cards-only>
          {t('checkout.payment.cardsOnly')}
        </p>
      )}
      {methods.map((method) => (
        <label key={method.code} className="checkout-choice" data-payment-method={method.code}>
          <input
            type="radio"
            name="payment-method"
            value={method.code}
            checked={value === method.code}
            onChange={() => onChange(method.code)}
          />
          <span>
            {method.name}
            {method.serviceFee > 0 && <span className="muted"> {t('checkout.payment.fee', { amount: price(method.serviceFee) })}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function PaymentStep() {
  const { t } = useIsland();
  const { store, order, paymentMethods, status } = useCheckout();
  const current = order ? codeOf(openPayment(order)?.method) : null;
  // Placed (a card refused at the summary), the total is settled: only methods of the same service fee.
  const fee = order && order.state !== 'cart' ? paymentMethods.find((m) => m.code === current)?.serviceFee : undefined;
  const methods = paymentMethods.filter((m) => fee === undefined || m.serviceFee === fee);
  const [choice, setChoice] = useState<string | null>(current ?? methods[0]?.code ?? null);
  const method = methods.find((m) => m.code === choice);
  return (
    <form
      className="checkout-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) void store.selectPayment(choice).catch(() => undefined);
      }}
    >
      <MethodChoice methods={methods} value={choice} onChange={setChoice} />
      {method && <MethodNote method={method} />}
      <div className="form-actions">
        <button type="submit" className="button" disabled={!choice || status === 'busy'} data-step-action="payment">
          {t('checkout.continue')}
        </button>
      </div>
    </form>
  );
}
