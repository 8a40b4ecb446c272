/**
 * A new card for a subscription: the card form's token is charged as a `first` payment of the provider's
 * customer, which leaves a mandate the scheduler charges from then on. When a delivery waits for its money
 * (the old card was refused), that payment is the delivery's own: the new card pays it at once. Otherwise
 * the first payment is a card check of one cent, the smallest amount the provider takes (the adapter
 * refuses a zero amount).
 */
import type { Language } from '../../../lib/channels.ts';
import { transition } from '../../../lib/orders/machine.ts';
import { orderPaymentMachine, paymentMachine } from '../../../lib/orders/payment.ts';
import { findOrderById, lockPayment, openPayment, setPaymentOutcome, setPaymentState } from '../orders/repository.ts';
import { queueOrderMail } from '../orders/mails.ts';
import { PaymentProviderError, type PaymentProvider, type ProviderPayment } from '../payments/provider.ts';
import type { ShopDeps } from '../shared/deps.ts';
import { badGateway, notFound, refuse } from '../shared/errors.ts';
import { randomToken } from '../shared/random.ts';
import { findSubscription, updateSubscription } from './repository.ts';

const CARD_CHECK_AMOUNT = 1;

interface CardChange {
  customerId: number;
  code: string;
  cardToken: string;
  lang: Language;
  redirectUrl: string;
}

/** The subscription's placed order still awaiting its money, with its open payment. */
async function unpaidDelivery(deps: ShopDeps, subscriptionId: number) {
  const [row] = await deps.db.query<{ id: number }>(
    `SELECT o.id FROM shop.subscription_orders so JOIN shop.orders o ON o.id = so.order_id
     WHERE so.subscription_id = $1 AND o.state = 'new' AND o.payment_state = 'awaiting_payment' ORDER BY o.id DESC LIMIT 1`,
    [subscriptionId],
  );
  if (!row) return null;
  const order = (await findOrderById(deps.db, row.id))!;
  const payment = await openPayment(deps.db, order.id);
  return payment ? { order, payment } : null;
}

export async function changeCard(deps: ShopDeps, provider: PaymentProvider, change: CardChange): Promise<void> {
  const sub = await findSubscription(deps.db, change.code, change.customerId);
  if (!sub) throw notFound();
  if (sub.state === 'stopped') throw refuse(change.lang, { path: '', code: 'SUBSCRIPTION_STOPPED' });
  const unpaid = await unpaidDelivery(deps, sub.id);
  // Asked outside any transaction: the embedded sandbox shares PGlite's one connection.
  let outcome: ProviderPayment;
  try {
    outcome = await provider.createPayment({
      sequenceType: 'first',
      customerId: sub.provider_customer_id,
      method: 'creditcard',
      cardToken: change.cardToken,
      amountMinor: unpaid?.payment.amount ?? CARD_CHECK_AMOUNT,
      orderNumber: unpaid?.order.number ?? sub.code,
      ...(unpaid
        ? {}
        : { description: change.lang === 'nl' ? `Kaartcontrole abonnement ${sub.code}` : `Vérification de carte, abonnement ${sub.code}` }),
      language: change.lang,
      channel: sub.channel_code,
      redirectUrl: change.redirectUrl,
      idempotencyKey: `subscription-card-${sub.code}-${randomToken(12)}`,
    });
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 422)
      throw refuse(change.lang, { path: 'cardToken', code: 'INVALID_CHOICE' });
    console.error('Payment provider:', (error as Error).message);
    throw badGateway('Payment provider unavailable');
  }
  if (outcome.status !== 'paid') throw refuse(change.lang, { path: 'cardToken', code: 'SUBSCRIPTION_CARD_REFUSED' });
  const mandateId =
    outcome.mandateId ??
    (await provider.listMandates(sub.provider_customer_id)).find((m) => m.status === 'valid')?.id ??
    sub.provider_mandate_id;
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    await updateSubscription(
      tx,
      sub.id,
      {
        provider_mandate_id: mandateId,
        card_brand: outcome.card?.brand ?? null,
        card_last4: outcome.card?.last4 ?? null,
        card_expiry: outcome.card?.expiry ?? null,
        ...(sub.state === 'payment_failure' ? { state: 'active', last_error: null } : {}),
      },
      now,
    );
    if (!unpaid) return;
    const order = (await findOrderById(tx, unpaid.order.id, true))!;
    const payment = (await lockPayment(tx, unpaid.payment.id))!;
    if (order.payment_state !== 'awaiting_payment' || !['new', 'processing'].includes(payment.state)) return;
    await setPaymentOutcome(tx, payment.id, outcome, now);
    await setPaymentState(tx, payment.id, { state: transition(paymentMachine, payment.state, 'complete'), now });
    await tx.query('UPDATE shop.orders SET payment_state = $2, updated_at = $3::timestamptz WHERE id = $1', [
      order.id,
      transition(orderPaymentMachine, order.payment_state, 'pay'),
      now.toISOString(),
    ]);
    // As any order paid late: the shopper learns it leaves.
    await queueOrderMail(tx, 'paymentReceived', order, { now, env: deps.env });
  });
}
