/**
 * Placing the order and paying it. Cards never reach the shop: the provider makes a single-use token of
 * the card (card.ts: the sandbox's card-token endpoint, or Mollie Components in production), and the shop
 * pays with the token. The last payment request of each order is kept, so that the confirmation can ask it
 * again when the shopper comes back from the provider's page.
 */
import type { WritableAtom } from 'nanostores';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import type { CardDetails } from '../../lib/payments/card-details.ts';
import type { CheckoutClient, PaymentRequest } from '../../lib/shop-api/checkout.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import type { StorageLike } from '../browser.ts';
import { type CardTokeniser, CardTokenFailure } from './card.ts';
import { CheckoutFailure, checkoutErrorOf, failure } from './errors.ts';
import { codeOf, openPayment } from './order.ts';
import type { Funnel } from './steps.ts';

/**
 * The card to pay with: the details typed in the sandbox's form, or `'components'`, the provider's own
 * fields mounted in the page (Mollie Components), which hold the card themselves.
 */
export type CardInput = CardDetails | 'components';

/** How a payment ended for the funnel: paid, to be finished at the provider (a redirect), or waiting (delayed methods). */
export type PaymentOutcome = { kind: 'paid' } | { kind: 'redirect'; url: string } | { kind: 'awaiting' };

/** The bank details of a bank transfer: where to send the money, and the reference to give. */
export type BankTransfer = NonNullable<NonNullable<PaymentRequest['responseData']>['bankTransfer']>;

/** Paying a placed order: with the card form's details for a card, with another method of the same fee if chosen. */
interface PayInput {
  card?: CardInput;
  methodCode?: string;
  redirectUrl: string;
}

interface PaymentDeps {
  client: Pick<CheckoutClient, 'complete' | 'requestPayment' | 'getPaymentRequest'>;
  card: CardTokeniser;
  /** Where the last payment request of each order is kept (localStorage). */
  storage: StorageLike;
  $bankTransfer: WritableAtom<BankTransfer | null>;
}

export function checkoutPayment(funnel: Funnel, deps: PaymentDeps) {
  const { step, $order } = funnel;
  const { client, card, storage, $bankTransfer } = deps;
  const requestKey = (orderToken: string) => `${STORAGE_KEYS.paymentRequest}/${orderToken}`;

  /** The card's single-use token, from the form the build is configured for. */
  async function tokenise(input: CardInput): Promise<string> {
    try {
      if (card.kind === 'components') return await card.tokenise();
      // The sandbox's form sends its details; a form without them is not this build's.
      if (input === 'components') throw new CardTokenFailure('failed');
      return await card.tokenise(input);
    } catch (error) {
      if (!(error instanceof CardTokenFailure)) throw new CheckoutFailure(failure('failed'));
      throw new CheckoutFailure(failure(error.code, { description: error.description, ...(error.field ? { field: error.field } : {}) }));
    }
  }

  /**
   * What a payment request's answer means for the shopper: paid, refused by the bank (its message and
   * code), a provider's page to go to (PayPal, 3-D Secure), or waiting for the money (a bank transfer,
   * whose bank details are kept for the confirmation; a cheque).
   */
  function outcomeOf(request: PaymentRequest): PaymentOutcome {
    const data = request.responseData;
    if (!data) return { kind: 'awaiting' };
    if (data.bankTransfer) $bankTransfer.set(data.bankTransfer);
    if (data.status === 'paid' || data.status === 'authorized') return { kind: 'paid' };
    if (data.status === 'failed' || data.status === 'canceled' || data.status === 'expired') {
      const bank = data.failure ? { message: data.failure.message, code: data.failure.code ?? null } : undefined;
      throw new CheckoutFailure(failure('payment_refused', { description: data.failure?.message ?? null, ...(bank ? { bank } : {}) }));
    }
    return data.checkoutUrl && !data.bankTransfer ? { kind: 'redirect', url: data.checkoutUrl } : { kind: 'awaiting' };
  }

  async function pay(orderToken: string, input: PayInput & { cardToken?: string }): Promise<PaymentOutcome> {
    const order = $order.get();
    const payment = order ? openPayment(order) : null;
    const method = input.methodCode ?? codeOf(payment?.method);
    if (!order || !payment || !method) throw new CheckoutFailure(failure('failed'));
    const cardToken = input.cardToken ?? (input.card ? await tokenise(input.card) : undefined);
    const request = await client.requestPayment({
      paymentId: payment.id,
      paymentMethodCode: method,
      payload: { redirectUrl: input.redirectUrl, ...(cardToken ? { cardToken } : {}) },
    });
    storage.setItem(requestKey(orderToken), request.hash);
    try {
      return outcomeOf(request);
    } finally {
      // The payment's state moved either way (paid, or failed with a new one open): show it as it is.
      await funnel.reload(orderToken).catch(() => undefined);
    }
  }

  return {
    /**
     * Places the order (notes, terms of sale) and pays it: a card is tokenised at the provider first, so a
     * mistyped card never places an order; a refused card leaves the order placed and awaiting payment,
     * and `pay` tries again. Delayed methods and free orders only place the order.
     */
    placeOrder(input: { notes: string; termsAccepted: boolean; card?: CardInput; redirectUrl: string }): Promise<PaymentOutcome> {
      return step(async (orderToken) => {
        const cardToken = input.card ? await tokenise(input.card) : undefined;
        const placed = await funnel.show(await client.complete(orderToken, { notes: input.notes, termsAccepted: input.termsAccepted }));
        // A free order is paid as it is placed: nothing to ask the provider.
        if (placed.paymentState === 'paid' || placed.total === 0) return { kind: 'paid' } as PaymentOutcome;
        return pay(orderToken, { ...(cardToken ? { cardToken } : {}), redirectUrl: input.redirectUrl });
      });
    },

    /** Pays a placed order again (after a refusal, or from the confirmation page), with the method chosen. */
    pay(input: PayInput): Promise<PaymentOutcome> {
      return step((orderToken) => pay(orderToken, input));
    },

    /**
     * Back on the confirmation: the order's last payment request asked again (the shop then asks the
     * provider, so a payment made on its page shows at once), then the order as it is now.
     */
    refreshPayment(): Promise<Order | null> {
      const current = funnel.token();
      if (current === null) return Promise.resolve(null);
      return funnel.enqueue(async () => {
        const hash = storage.getItem(requestKey(current));
        try {
          if (hash) outcomeOf(await client.getPaymentRequest(hash));
        } catch {
          // A refused payment or an unknown request: the order says where it stands.
        }
        try {
          return await funnel.reload(current);
        } catch (error) {
          funnel.$error.set(checkoutErrorOf(error));
          return null;
        }
      });
    },
  };
}
