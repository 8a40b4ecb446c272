/**
 * How the shopper pays: the channel's methods with their service fees, and for a card the card form,
 * whose details go to the payment provider only (the store tokenises them there). Cheque and bank
 * transfer wait for the money: the order ships on payment.
 */
import { useId, useState } from 'react';
import type { PaymentMethod } from '../../lib/shop-api/wire.ts';
import type { CardDetails } from '../../stores/checkout.ts';
import { codeOf, openPayment } from '../../stores/checkout.ts';
import { useIsland } from '../shared/island.tsx';
import { useCheckout } from './shared.tsx';

/** Methods paid with the card form (the others go through a provider page or are paid later). */
export const isCardMethod = (code: string | null | undefined): boolean => code === 'visa' || code === 'mastercard';

export const emptyCard = (): CardDetails => ({ cardHolder: '', cardNumber: '', expiryDate: '', verificationCode: '' });

export function MethodNote({ method }: { method: PaymentMethod }) {
  const { t } = useIsland();
  if (method.instructions) return <p className="muted">{t('checkout.payment.delayed')}</p>;
  if (method.code === 'paypal') return <p className="muted">{t('checkout.payment.paypal')}</p>;
  return null;
}

/** The card form: plain inputs with the browser's card autocomplete; nothing here is sent to the shop. */
export function CardForm({ card, onChange }: { card: CardDetails; onChange: (card: CardDetails) => void }) {
  const { t } = useIsland();
  const id = useId();
  const field = (name: keyof CardDetails, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={card[name]}
        onChange={(event) => onChange({ ...card, [name]: event.target.value })}
        required
        {...props}
      />
    </div>
  );
  return (
    <fieldset className="card-form" data-card-form>
      <legend>{t('checkout.payment.card.legend')}</legend>
      {field('cardNumber', t('checkout.payment.card.number'), { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 })}
      <div className="card-form-row">
        {field('expiryDate', t('checkout.payment.card.expiry'), {
          inputMode: 'numeric',
          autoComplete: 'cc-exp',
          placeholder: 'MM/AA',
          maxLength: 7,
        })}
        {field('verificationCode', t('checkout.payment.card.cvc'), { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 })}
      </div>
      {field('cardHolder', t('checkout.payment.card.holder'), { autoComplete: 'cc-name' })}
      <p className="muted card-form-note">{t('checkout.payment.card.secure')}</p>
    </fieldset>
  );
}

/** The method list (radio buttons with the fees). */
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
  return (
    <fieldset className="checkout-choices">
      <legend>{t('checkout.payment.methods')}</legend>
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
  const [choice, setChoice] = useState<string | null>(current ?? paymentMethods[0]?.code ?? null);
  const method = paymentMethods.find((m) => m.code === choice);
  return (
    <form
      className="checkout-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) void store.selectPayment(choice).catch(() => undefined);
      }}
    >
      <MethodChoice methods={paymentMethods} value={choice} onChange={setChoice} />
      {method && <MethodNote method={method} />}
      <div className="form-actions">
        <button type="submit" className="button" disabled={!choice || status === 'busy'} data-step-action="payment">
          {t('checkout.continue')}
        </button>
      </div>
    </form>
  );
}
