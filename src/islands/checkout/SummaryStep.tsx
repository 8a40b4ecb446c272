/**
 * The summary: the accounting lines, the card (for a card payment), a note for the shop, the terms of
 * sale to accept, and the button that places the order and pays it. A refused card leaves the order placed:
 * the summary stays as it was drawn (its note and terms now sent), says the refusal in its payment alert
 * above the button and pays again from there. Paying a placed order again coming back from the
 * confirmation page ("pay again") uses the same card form.
 */
import { useId, useState } from 'react';
import { languageOf } from '../../lib/channels.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { legalPages } from '../../lib/routes/routes.ts';
import { codeOf, openPayment } from '../../stores/checkout/order.ts';
import type { PaymentOutcome } from '../../stores/checkout/payment.ts';
import { RichText } from '../shared/forms/RichText.tsx';
import { useIsland } from '../shared/island.tsx';
import { OrderTotals } from '../shared/OrderTotals.tsx';
import { isCardMethod, MethodChoice, MethodNote, useCardForm } from './PaymentStep.tsx';
import { PaymentAlert, useCheckout } from './shared.tsx';

/** Where the shopper lands after paying, and where the provider's pages send them back. */
function useConfirmation(token: string) {
  const { locale } = useIsland();
  const path = pathTo('orderConfirmation', locale, { order: token });
  return {
    redirectUrl: `${location.origin}${path}`,
    follow(outcome: PaymentOutcome) {
      location.assign(outcome.kind === 'redirect' ? outcome.url : path);
    },
  };
}

export function SummaryStep() {
  const { t, locale, price } = useIsland();
  const { store, order, paymentMethods, status, error } = useCheckout();
  const card = useCardForm(store);
  const [paying, setPaying] = useState(false);
  const [notes, setNotes] = useState('');
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const ids = useId();
  const confirmation = useConfirmation(order?.tokenValue ?? '');
  if (!order) return null;
  const method = paymentMethods.find((m) => m.code === codeOf(openPayment(order)?.method));
  const withCard = order.total > 0 && isCardMethod(method?.code);
  const language = languageOf(locale);
  // Placed here a moment ago, its card refused: the note went with the order, the terms were accepted.
  const placed = order.state !== 'cart';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTermsError(!terms && !placed);
    // A card that cannot be one is said before the order is placed (a placed order would wait for its payment).
    const cardReady = !withCard || card.check();
    if ((!terms && !placed) || !cardReady) return;
    setPaying(true);
    const cardInput = withCard ? { card: card.input } : {};
    const paid = placed
      ? store.pay({ redirectUrl: confirmation.redirectUrl, ...cardInput })
      : store.placeOrder({ notes, termsAccepted: true, redirectUrl: confirmation.redirectUrl, ...cardInput });
    // A failure stays in the store and shows in the payment alert; a refused card leaves the order placed.
    void paid.then(confirmation.follow, () => setPaying(false));
  };

  return (
    <form className="checkout-form" onSubmit={submit} noValidate>
      <OrderTotals cart={order} />
      {order.total === 0 && <p>{t('checkout.payment.free')}</p>}
      {withCard && card.form}
      <details className="checkout-notes">
        <summary>{t('checkout.summary.notes')}</summary>
        <div className="field">
          <label htmlFor={`${ids}-notes`} className="visually-hidden">
            {t('checkout.summary.notes')}
          </label>
          <textarea
            id={`${ids}-notes`}
            rows={2}
            value={placed ? (order.notes ?? '') : notes}
            disabled={placed}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
      </details>
      <div className={`field-checkbox${termsError ? ' is-invalid' : ''}`}>
        <input
          id={`${ids}-terms`}
          type="checkbox"
          checked={terms || placed}
          disabled={placed}
          aria-invalid={termsError}
          aria-describedby={termsError ? `${ids}-terms-error` : undefined}
          onChange={(event) => {
            setTerms(event.target.checked);
            if (event.target.checked) setTermsError(false);
          }}
        />
        <label htmlFor={`${ids}-terms`}>
          <RichText
            text={t('checkout.summary.acceptTerms')}
            parts={{
              terms: (
                <a href={pathTo('page', locale, { page: legalPages.terms[language] })} target="_blank" rel="noopener">
                  {t('checkout.summary.termsLink')}
                </a>
              ),
            }}
          />
        </label>
        {termsError && (
          <p className="field-error" id={`${ids}-terms-error`}>
            {t('checkout.summary.termsRequired')}
          </p>
        )}
      </div>
      <PaymentAlert error={error} paying={paying || status === 'busy'} />
      <div className="form-actions">
        <button
          type="submit"
          className="button checkout-complete"
          disabled={status === 'busy'}
          data-step-action={placed ? 'pay' : 'complete'}
        >
          {status === 'busy'
            ? t('checkout.summary.placing')
            : placed
              ? t('checkout.payment.payNow', { amount: price(order.total) })
              : withCard || (method && !method.instructions && order.total > 0)
                ? t('checkout.summary.pay', { amount: price(order.total) })
                : t('checkout.summary.place')}
        </button>
      </div>
    </form>
  );
}

/** A placed order that still waits for its money: choose how to pay (same fee) and pay again. */
export function PayAgain() {
  const { t, price } = useIsland();
  const { store, order, paymentMethods, status, error } = useCheckout();
  const [paying, setPaying] = useState(false);
  const current = order ? codeOf(openPayment(order)?.method) : null;
  const [choice, setChoice] = useState<string | null>(current);
  const card = useCardForm(store);
  const confirmation = useConfirmation(order?.tokenValue ?? '');
  if (!order) return null;
  const fee = paymentMethods.find((m) => m.code === current)?.serviceFee;
  // The total is settled: only methods with the same service fee may replace the one chosen.
  const methods = paymentMethods.filter((m) => fee === undefined || m.serviceFee === fee);
  const method = methods.find((m) => m.code === choice);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!choice || (isCardMethod(choice) && !card.check())) return;
    setPaying(true);
    try {
      confirmation.follow(
        await store.pay({
          methodCode: choice,
          redirectUrl: confirmation.redirectUrl,
          ...(isCardMethod(choice) ? { card: card.input } : {}),
        }),
      );
    } catch {
      // The store keeps the failure; the payment alert shows it.
      setPaying(false);
    }
  };
  return (
    <form className="checkout-form" onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('checkout.payment.awaiting')}</p>
      <MethodChoice methods={methods} value={choice} onChange={setChoice} />
      {method && <MethodNote method={method} />}
      {isCardMethod(choice) && card.form}
      <PaymentAlert error={error} paying={paying || status === 'busy'} />
      <div className="form-actions">
        <button type="submit" className="button checkout-complete" disabled={!choice || status === 'busy'} data-step-action="pay">
          {t('checkout.payment.payNow', { amount: price(order.total) })}
        </button>
      </div>
    </form>
  );
}
