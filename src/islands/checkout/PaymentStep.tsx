/**
 * How the shopper pays: the channel's methods with their service fees, and for a card the card form,
 * whose details go to the payment provider only (the store tokenises them there). Cheque and bank
 * transfer wait for the money: the order ships on payment.
 *
 * The card form is the build's (the store's `card`): the embedded sandbox's inputs, or in production
 * Mollie Components, Mollie's own fields mounted in the form, which the page never reads.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { PaymentMethod } from '../../lib/shop-api/wire.ts';
import type { CardDetails, CardInput, CheckoutStore } from '../../stores/checkout.ts';
import { codeOf, openPayment } from '../../stores/checkout.ts';
import { CARD_FIELDS, type CardField } from '../../stores/checkout-card.ts';
import { useIsland } from '../shared/island.tsx';
import { useCheckout } from './shared.tsx';

/** Methods paid with the card form (the others go through a provider page or are paid later). */
export const isCardMethod = (code: string | null | undefined): boolean => code === 'visa' || code === 'mastercard';

const emptyCard = (): CardDetails => ({ cardHolder: '', cardNumber: '', expiryDate: '', verificationCode: '' });

const LABELS: Record<CardField, string> = {
  cardNumber: 'checkout.payment.card.number',
  expiryDate: 'checkout.payment.card.expiry',
  verificationCode: 'checkout.payment.card.cvc',
  cardHolder: 'checkout.payment.card.holder',
};

export function MethodNote({ method }: { method: PaymentMethod }) {
  const { t } = useIsland();
  if (method.instructions) return <p className="muted">{t('checkout.payment.delayed')}</p>;
  if (method.code === 'paypal') return <p className="muted">{t('checkout.payment.paypal')}</p>;
  return null;
}

/** The sandbox's card form: plain inputs with the browser's card autocomplete; nothing here is sent to the shop. */
function CardForm({ card, onChange }: { card: CardDetails; onChange: (card: CardDetails) => void }) {
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

type ProviderFields = Extract<CheckoutStore['card'], { kind: 'components' }>;

/**
 * Mollie Components: a place for each of Mollie's four fields, mounted when the form shows (mollie.js
 * loads then, never with the funnel), each with the error Mollie gives for it, in the shopper's language.
 */
function ProviderCardForm({ fields }: { fields: ProviderFields }) {
  const { t } = useIsland();
  const places = useRef<Partial<Record<CardField, HTMLDivElement | null>>>({});
  const [errors, setErrors] = useState<Partial<Record<CardField, string | null>>>({});
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  useEffect(() => {
    let gone = false;
    let unmount: (() => void) | null = null;
    const targets: Partial<Record<CardField, HTMLElement>> = {};
    for (const field of CARD_FIELDS) {
      const place = places.current[field];
      if (place) targets[field] = place;
    }
    fields
      .mount(targets as Record<CardField, HTMLElement>, (field, error) => setErrors((all) => ({ ...all, [field]: error })))
      .then(
        (off) => {
          if (gone) off();
          else {
            unmount = off;
            setState('ready');
          }
        },
        () => !gone && setState('unavailable'),
      );
    return () => {
      gone = true;
      unmount?.();
    };
  }, [fields]);
  const field = (name: CardField) => {
    const error = errors[name];
    return (
      <div className={`field${error ? ' is-invalid' : ''}`}>
        <span className="field-label">{t(LABELS[name])}</span>
        {/* Mollie's frame holds the field itself, with its own accessible name in the shopper's language. */}
        <div
          className="card-field"
          data-card-field={name}
          ref={(element) => {
            places.current[name] = element;
          }}
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="card-form" data-card-form="components" aria-busy={state === 'loading'}>
      <legend>{t('checkout.payment.card.legend')}</legend>
      {state === 'loading' && (
        <p className="muted card-form-note" role="status">
          {t('checkout.payment.card.loading')}
        </p>
      )}
      {state === 'unavailable' && (
        <p className="field-error" role="alert" data-card-form-error>
          {t('checkout.payment.card.unavailable')}
        </p>
      )}
      {field('cardNumber')}
      <div className="card-form-row">
        {field('expiryDate')}
        {field('verificationCode')}
      </div>
      {field('cardHolder')}
      <p className="muted card-form-note">{t('checkout.payment.card.secure')}</p>
    </fieldset>
  );
}

/** The build's card form, and the card it gives the store when the shopper pays. */
export function useCardForm(store: CheckoutStore): { input: CardInput; form: ReactNode } {
  const [card, setCard] = useState<CardDetails>(emptyCard);
  if (store.card.kind === 'components') return { input: 'components', form: <ProviderCardForm fields={store.card} /> };
  return { input: card, form: <CardForm card={card} onChange={setCard} /> };
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
