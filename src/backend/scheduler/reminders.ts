/**
 * The reminder mails, 1 week and 4 days before each shipment, each once: the mail and the mark that it was
 * sent are written in one transaction, on rows claimed `FOR UPDATE SKIP LOCKED`, so two instances never
 * send the same reminder and a crash never loses one.
 */
import { dayOf, dueReminder, type Reminder } from '../../lib/subscriptions/schedule.ts';
import type { Database } from '../db/database.ts';
import { priceOrder } from '../shop/orders/pricing.ts';
import { findOrderById } from '../shop/orders/repository.ts';
import { queueSubscriptionMail } from '../shop/subscriptions/mails.ts';
import { findSubscriptionById } from '../shop/subscriptions/repository.ts';
import { claimReminders, markReminded } from './repository.ts';

export async function sendReminders(db: Database, env: Record<string, string | undefined>, now: Date, batch = 100): Promise<number> {
  let sent = 0;
  // The drafts looked at without a reminder due (a 7-day one already sent, 5 days before): not again this run.
  const skip: number[] = [];
  for (;;) {
    const found = await db.transaction(async (tx) => {
      const rows = await claimReminders(tx, dayOf(now), batch, skip);
      for (const row of rows) {
        const already: Reminder[] = [...(row.reminded_7 ? [7 as const] : []), ...(row.reminded_4 ? [4 as const] : [])];
        const due = dueReminder(row.shipment_date, now, already);
        if (!due) {
          skip.push(row.order_id);
          continue;
        }
        const sub = (await findSubscriptionById(tx, row.subscription_id))!;
        const { totals } = await priceOrder(tx, (await findOrderById(tx, row.order_id))!, now);
        await queueSubscriptionMail(
          tx,
          due === 7 ? 'reminder7' : 'reminder4',
          sub,
          { shipment: row.shipment_date, total: totals.total },
          { now, env },
        );
        await markReminded(tx, row.order_id, due, now);
        sent += 1;
      }
      return rows.length;
    });
    if (found < batch) return sent;
  }
}
