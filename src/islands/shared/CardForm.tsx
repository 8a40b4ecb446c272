/**
 * The card form the build is configured for: the embedded sandbox's inputs, or in production Mollie
 * Components, Mollie's own fields mounted in the form, which the page never reads. The checkout pays with
 * it; a subscription takes a new card with it. Nothing typed here is sent to the shop: the tokeniser
 * (stores/checkout/card.ts) makes the provider's single-use token of it.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CARD_FIELDS, type CardDetails, type CardField, cardProblems } from '../../lib/payments/card-details.ts';
import type { CardInput } from '../../stores/checkout/payment.ts';
import type { CardTokeniser } from '../../stores/checkout/card.ts';
import { FieldErrors } from './forms/ErrorList.tsx';
import { useIsland } from './island.tsx';
import './card-form.css';

const emptyCard = (): CardDetails => ({ cardHolder: '', cardNumber: '', expiryDate: '', verificationCode: '' });

const LABELS: Record<CardField, string> = {
  cardNumber: 'checkout.payment.card.number',
  expiryDate: 'checkout.payment.card.expiry',
  verificationCode: 'checkout.payment.card.cvc',
  cardHolder: 'checkout.payment.card.holder',
};

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The expiry as the shopper types or pastes it, written MM/YY as the provider reads it (a phone's numeric
 * keyboard has no slash): "1229" is 12/29, the slash comes by itself once the month is typed, "1/29" is
 * 01/29, a four-digit year (12/2029) keeps its last two digits, a month cannot begin with 2 to 9 (5 is 05).
 * A backspace that took the slash alone takes the month's last digit with it: the slash would otherwise come
 * straight back, and the backspace seem to do nothing.
 */
function expiryAsTyped(value: string, previous: string): string {
  const deleting = value.length < previous.length;
  let digits = digitsOf(value);
  if (deleting && previous.includes('/') && !value.includes('/') && digits === digitsOf(previous))
    digits = digits.slice(0, 1) + digits.slice(2);
  else if (/^\s*\d\s*[/.\-\s]/.test(value) || /^[2-9]/.test(digits)) digits = `0${digits}`;
  // 12/2029: the century goes; 12/202 is a year still being typed in full.
  if (digits.length > 4)
    digits = digits.slice(2, 4) === '20' ? digits.slice(0, 2) + digits.slice(digits.length >= 6 ? 4 : 2, 6) : digits.slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting && !value.includes('/') ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** What the shopper typed in a field, as the field keeps it. */
const asTyped = (name: CardField, value: string, previous: string) => (name === 'expiryDate' ? expiryAsTyped(value, previous) : value);

/**
 * The sandbox's card form: plain inputs with the browser's card autocomplete; nothing here is sent to the
 * shop. Once the shopper tried to pay, each detail that cannot make a card says so under its field, and
 * stops saying it as soon as it is right.
 */
/** An empty number or expiry is missing, not "invalide"; the code's and the holder's messages already say what is asked. */
const errorKey = (name: CardField, value: string): string =>
  value.trim() === '' && (name === 'cardNumber' || name === 'expiryDate')
    ? 'forms.errors.required'
    : `checkout.payment.card.errors.${name}`;

function CardForm({
  id,
  card,
  invalid,
  onChange,
}: {
  id: string;
  card: CardDetails;
  invalid: CardField[];
  onChange: (card: CardDetails) => void;
}) {
  const { t } = useIsland();
  const field = (name: CardField, props: React.InputHTMLAttributes<HTMLInputElement>) => {
    const wrong = invalid.includes(name);
    return (
      <div className={`field${wrong ? ' is-invalid' : ''}`}>
        <label htmlFor={`${id}-${name}`}>{t(LABELS[name])}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          value={card[name]}
          onChange={(event) => onChange({ ...card, [name]: asTyped(name, event.target.value, card[name]) })}
          required
          aria-invalid={wrong || undefined}
          aria-describedby={`${id}-${name}-error`}
          {...props}
        />
        <FieldErrors id={`${id}-${name}-error`} messages={wrong ? [t(errorKey(name, card[name]))] : []} />
      </div>
    );
  };
  return (
    <fieldset className="card-form" data-card-form>
      <legend>{t('checkout.payment.card.legend')}</legend>
      {field('cardNumber', { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 })}
      <div className="card-form-row">
        {field('expiryDate', {
          inputMode: 'numeric',
          autoComplete: 'cc-exp',
          placeholder: t('checkout.payment.card.expiryPlaceholder'),
          // No length cap: a pasted "12 / 2029" is cut by the formatting, not by the browser (which would keep "12 / 20").
        })}
        {field('verificationCode', { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 })}
      </div>
      {field('cardHolder', { autoComplete: 'cc-name' })}
      <p className="muted card-form-note">{t('checkout.payment.card.secure')}</p>
    </fieldset>
  );
}

type ProviderFields = Extract<CardTokeniser, { kind: 'components' }>;

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

/**
 * The build's card form, the card it gives the tokeniser when the shopper sends it, and `check()`, called
 * before anything is placed or paid: false (and the focus on the first detail to mend) while the sandbox's
 * details cannot make a card. Mollie Components check their own fields: `check()` leaves it to them.
 */
export function useCardForm(tokeniser: CardTokeniser): { input: CardInput; form: ReactNode; check: () => boolean } {
  const id = useId();
  const [card, setCard] = useState<CardDetails>(emptyCard);
  const [checked, setChecked] = useState(false);
  if (tokeniser.kind === 'components') return { input: 'components', form: <ProviderCardForm fields={tokeniser} />, check: () => true };
  const invalid = checked ? cardProblems(card, new Date()) : [];
  const check = () => {
    const problems = cardProblems(card, new Date());
    setChecked(true);
    if (problems[0]) document.getElementById(`${id}-${problems[0]}`)?.focus();
    return problems.length === 0;
  };
  return { input: card, form: <CardForm id={id} card={card} invalid={invalid} onChange={setCard} />, check };
}
