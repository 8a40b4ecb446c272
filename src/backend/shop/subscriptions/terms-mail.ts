/**
 * A subscription's terms to the outbox (issue 44): `queueSubscriptionTerms` writes them (their template in
 * mail/templates/subscription-terms.ts) in the transaction that starts the subscription (creation.ts), which
 * happens once per subscription, with the products named in the mail's language.
 */
import { findVariant } from '../../content/repository.ts';
import type { Queryable } from '../../db/database.ts';
import { sendMail } from '../../mail/outbox.ts';
import { subscriptionTermsMail, type TermsMailInput } from '../../mail/templates/subscription-terms.ts';
import { cardOf, readerOf } from './mails.ts';
import { subscriptionItemsOf, type SubscriptionRow } from './repository.ts';

/**
 * Writes the terms of a subscription just started to the outbox, in the caller's transaction: `orderNumber`
 * is the order that started it, `next` its draft. The products are named in the mail's language when the
 * catalogue has them in it (the subscription keeps the names of the order's language). Answers the outbox
 * id, null without a customer.
 */
export async function queueSubscriptionTerms(
  q: Queryable,
  sub: SubscriptionRow,
  orderNumber: string,
  next: TermsMailInput['next'],
  options: { now: Date; env: Record<string, string | undefined> },
): Promise<number | null> {
  const reader = await readerOf(q, sub, options.env);
  if (!reader) return null;
  const products: TermsMailInput['products'][number][] = [];
  // One after the other: the caller's transaction is one connection.
  for (const item of await subscriptionItemsOf(q, sub.id)) {
    const variant = await findVariant(q, item.variant_code, reader.lang);
    products.push({
      quantity: item.quantity,
      productName: variant?.productName ?? item.product_name,
      variantName: variant?.variantName ?? item.variant_name,
    });
  }
  const mail = subscriptionTermsMail({
    ...reader,
    code: sub.code,
    orderNumber,
    frequencyDays: sub.frequency_days,
    products,
    next,
    card: cardOf(sub),
  });
  return sendMail(q, mail, options.now);
}
