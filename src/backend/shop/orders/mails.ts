/**
 * Queues an order's mail in the outbox, in the caller's transaction: the mail exists exactly when the change
 * that caused it (completion, payment, shipment) was committed, and is delivered by SMTP afterwards.
 * The mail speaks the customer's preferred language when the order's site speaks it, else the order's.
 */
import { z } from 'zod';
import { channels, languageOf, siteUrlOf, type Language, type LocaleCode } from '../../../lib/channels.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import type { Order } from '../../../lib/shop-api/orders.ts';
import type { Queryable } from '../../db/database.ts';
import { sendMail } from '../../mail/outbox.ts';
import { orderJson } from './answer.ts';
import { findOrder, findPaymentMethod, type OrderRow, type PaymentRow, paymentsOf } from './repository.ts';
import type { OrderRead } from './view.ts';
import { findCustomer } from '../customers/repository.ts';
import type { PaymentView } from '../../mail/format.ts';
import { orderMail, type OrderMailKind } from '../../mail/templates/orders.ts';

/**
 * The bank details of a transfer as payment-requests.ts keeps the provider's answer in payments.details
 * (setPaymentOutcome): typed by that answer, so the two cannot drift apart.
 */
const bankTransfer: z.ZodType<NonNullable<PaymentView['bankTransfer']>> = z.object({
  bankName: z.string(),
  iban: z.string(),
  bic: z.string(),
  reference: z.string(),
});

/** How the order is (or is to be) paid: its last payment, with its method's name and instructions in `lang`. */
export async function paymentViewOf(
  q: Queryable,
  order: Pick<OrderRow, 'id'>,
  lang: Language,
  payments?: readonly PaymentRow[],
): Promise<PaymentView | null> {
  const payment = (payments ?? (await paymentsOf(q, order.id))).at(-1);
  const method = payment?.method_code ? await findPaymentMethod(q, payment.method_code) : null;
  if (!payment || !method) return null;
  const transfer = bankTransfer.safeParse(payment.details.bankTransfer);
  return {
    code: method.code,
    name: method.name[lang],
    delayed: method.delayed,
    instructions: method.instructions[lang],
    bankTransfer: transfer.success ? transfer.data : null,
    card: payment.card_brand && payment.card_last4 ? { brand: payment.card_brand, last4: payment.card_last4 } : null,
  };
}

/** The locale of the order's site in that language (the links of the mail lead there). */
const localeIn = (order: OrderRow, lang: Language): LocaleCode =>
  channels[order.channel_code].locales.find((l) => languageOf(l) === lang) ?? order.locale_code;

export interface QueueOptions {
  now: Date;
  /** SITE_URL_FR and SITE_URL_BE, for the links. */
  env: Record<string, string | undefined>;
  /** The amount given back, for a chargeRefunded mail (minor units). */
  refundedAmount?: number;
  /** What the caller read of the order as it now is (its lines, shipment and payments): the mail reads none of it again. */
  read?: OrderRead;
}

/**
 * Writes the mail of `kind` for the order (by token or as read) to the outbox. An order without a
 * customer or a number is not placed: nothing is sent, and null is answered; else the outbox id. The
 * confirmation goes once: asked again (a payment after a transfer's bank details, a webhook after the
 * shopper's return), nothing is sent and null is answered.
 */
export async function queueOrderMail(
  q: Queryable,
  kind: OrderMailKind,
  orderOrToken: OrderRow | string,
  options: QueueOptions,
): Promise<number | null> {
  const order = typeof orderOrToken === 'string' ? await findOrder(q, orderOrToken) : orderOrToken;
  if (!order?.customer_id || !order.number) return null;
  if (kind === 'confirmation') {
    // Asked first: a confirmation already sent (a charge's payment after the placement's) reads nothing more.
    const [first] = await q.query(
      'UPDATE shop.orders SET confirmation_mailed_at = $2::timestamptz WHERE id = $1 AND confirmation_mailed_at IS NULL RETURNING id',
      [order.id, options.now.toISOString()],
    );
    if (!first) return null;
  }
  const customer = await findCustomer(q, order.customer_id);
  if (!customer) return null;
  const siteLanguages = channels[order.channel_code].locales.map(languageOf);
  const lang = siteLanguages.includes(customer.preferred_language) ? customer.preferred_language : languageOf(order.locale_code);
  const locale = localeIn(order, lang);
  const site = siteUrlOf(order.channel_code, options.env);
  const view: Order = await orderJson(q, order, options.now, {}, options.read);
  const mail = orderMail(kind, {
    lang,
    to: customer.email,
    firstName: customer.first_name,
    order: view,
    payment: await paymentViewOf(q, order, lang, options.read?.payments),
    ...(options.refundedAmount === undefined ? {} : { refundedAmount: options.refundedAmount }),
    links: {
      order: `${site}${pathTo('order', locale, { order: order.token_value })}`,
      // Straight to the payment: the checkout of a placed order awaiting its money offers the methods again.
      payAgain: `${site}${pathTo('checkout', locale, { order: order.token_value })}`,
    },
  });
  return sendMail(q, mail, options.now);
}
