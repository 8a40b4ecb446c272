/**
 * What customer service does with a cancellation request ("Demander la résiliation"): the request is marked
 * handled and the subscription ends. A subscription is at least 2 deliveries: one that has had both stops
 * at once (its draft next order is dropped); one that has had only the first keeps its draft, which still
 * ships, and stops after it (stop_after_next, read by the scheduler). The shopper is told which, by mail, in
 * the same transaction. Called by `npm run operator -- handle-abort` (scripts/operator.ts) and by the
 * platform's operator endpoint.
 */
import { SUBSCRIPTION_MIN_DELIVERIES } from '../../lib/constants.ts';
import type { Database } from '../db/database.ts';
import { queueSubscriptionMail } from '../shop/subscriptions/mails.ts';
import { countPlacedOrders, findSubscriptionByCode, updateSubscription } from '../shop/subscriptions/repository.ts';
import { OperatorError } from './ship.ts';

/** No subscription has the code given. */
export class SubscriptionNotFound extends OperatorError {}

export interface AbortResult {
  code: string;
  /** stopped: ended now; stopsAfterNext: ends once the draft (its second delivery) has left. */
  outcome: 'stopped' | 'stopsAfterNext';
  /** The delivery still to leave before the end (stopsAfterNext). */
  lastShipment: string | null;
  mailId: number | null;
}

export async function handleAbort(
  db: Pick<Database, 'transaction'>,
  code: string,
  options: { now: Date; env: Record<string, string | undefined> },
): Promise<AbortResult> {
  if (!/^S[A-Za-z0-9]{1,40}$/.test(code)) throw new OperatorError('a subscription code is an S and letters or digits, e.g. Sx3kP9aQ2');
  const { now, env } = options;
  return db.transaction(async (tx) => {
    const sub = await findSubscriptionByCode(tx, code, true);
    if (!sub) throw new SubscriptionNotFound(`No subscription has the code ${code}.`);
    const [request] = await tx.query<{ id: number }>(
      'SELECT id FROM shop.subscription_abort_requests WHERE subscription_id = $1 AND handled_at IS NULL FOR UPDATE',
      [sub.id],
    );
    if (!request) throw new OperatorError(`Subscription ${code} has no cancellation request waiting.`);
    await tx.query('UPDATE shop.subscription_abort_requests SET handled_at = $2::timestamptz WHERE id = $1', [
      request.id,
      now.toISOString(),
    ]);
    if (sub.state === 'stopped') return { code, outcome: 'stopped', lastShipment: null, mailId: null };
    if ((await countPlacedOrders(tx, sub.id)) >= SUBSCRIPTION_MIN_DELIVERIES || !sub.draft_order_id) {
      await updateSubscription(tx, sub.id, { state: 'stopped', stopped_at: now.toISOString(), draft_order_id: null }, now);
      // The draft never becomes an order: nothing of it stays behind (its items, its shipment, its schedule).
      await tx.query(`DELETE FROM shop.orders WHERE id = $1 AND state = 'draft'`, [sub.draft_order_id]);
      const mailId = await queueSubscriptionMail(tx, 'stopped', sub, { shipment: sub.next_shipment_date, total: 0 }, { now, env });
      return { code, outcome: 'stopped', lastShipment: null, mailId };
    }
    await updateSubscription(tx, sub.id, { stop_after_next: true }, now);
    const mailId = await queueSubscriptionMail(tx, 'stopsAfterNext', sub, { shipment: sub.next_shipment_date, total: 0 }, { now, env });
    return { code, outcome: 'stopsAfterNext', lastShipment: sub.next_shipment_date, mailId };
  });
}
