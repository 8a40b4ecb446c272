/**
 * A subscription's mails to the outbox: `queueSubscriptionMail` writes one (its template in
 * mail/templates/subscriptions.ts) in the caller's transaction, with the change it tells of, to the reader
 * `readerOf` finds.
 */
import { channels, languageOf, siteUrlOf } from '../../../lib/channels.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import type { Queryable } from '../../db/database.ts';
import { sendMail } from '../../mail/outbox.ts';
import { type DeliveryFacts, type SubscriptionMailKind, subscriptionMail } from '../../mail/templates/subscriptions.ts';
import { findCustomer } from '../customers/repository.ts';
import type { SubscriptionRow } from './repository.ts';

/**
 * Writes the mail of `kind` about the subscription to the outbox, in the customer's preferred language when
 * the subscription's site speaks it, else the subscription's; answers the outbox id (null without a customer).
 */
export async function queueSubscriptionMail(
  q: Queryable,
  kind: SubscriptionMailKind,
  sub: SubscriptionRow,
  facts: DeliveryFacts,
  options: { now: Date; env: Record<string, string | undefined> },
): Promise<number | null> {
  const reader = await readerOf(q, sub, options.env);
  if (!reader) return null;
  const mail = subscriptionMail(kind, { ...facts, ...reader, code: sub.code, card: cardOf(sub) });
  return sendMail(q, mail, options.now);
}

/**
 * Who a subscription's mail is written to, and how: the customer's address and first name, their preferred
 * language when the subscription's site speaks it (else the subscription's), and the subscription's page on
 * that site in that language. Null without a customer.
 */
export async function readerOf(q: Queryable, sub: SubscriptionRow, env: Record<string, string | undefined>) {
  const customer = await findCustomer(q, sub.customer_id);
  if (!customer) return null;
  const spoken = channels[sub.channel_code].locales;
  const locale = spoken.find((l) => languageOf(l) === customer.preferred_language) ?? sub.locale_code;
  return {
    lang: languageOf(locale),
    to: customer.email,
    firstName: customer.first_name,
    link: `${siteUrlOf(sub.channel_code, env)}${pathTo('subscription', locale, { subscription: sub.code })}`,
  };
}

/** The card the subscription's deliveries are charged to, as a mail names it. */
export const cardOf = (sub: Pick<SubscriptionRow, 'card_brand' | 'card_last4'>) =>
  sub.card_brand && sub.card_last4 ? { brand: sub.card_brand, last4: sub.card_last4 } : null;
