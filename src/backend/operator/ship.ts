/**
 * What the warehouse does when a parcel leaves: the shipment and the order move through the shipping state
 * machines (lib/orders/shipping.ts: only a ready shipment ships, once), the order is fulfilled when it is
 * paid as well, shipped_at is set (now, or `at` for demos and tests: the invoice comes a few days after
 * it, dated then; so `at` lies between the order's placement and now), and the "shipped" mail with the
 * tracking number is queued in the same transaction.
 * An order ships on payment: one still awaiting its money (cheque, transfer) is refused.
 * Called by `npm run operator -- ship` (scripts/operator.ts) and by the platform's operator endpoint.
 */
import { z } from 'zod';
import { TransitionRefused, transition } from '../../lib/orders/machine.ts';
import { orderMachine } from '../../lib/orders/order.ts';
import { orderShippingMachine, shipmentMachine } from '../../lib/orders/shipping.ts';
import type { Database } from '../db/database.ts';
import { findOrder, shipmentOf } from '../shop/orders/repository.ts';
import { queueOrderMail } from '../shop/orders/mails.ts';

/** A refusal the operator reads (exit code 1, or a 422), as opposed to a bug. */
export class OperatorError extends Error {}
/** No order has the number given. */
export class OrderNotFound extends OperatorError {}

const shipRequest = z.object({
  number: z.string().regex(/^\d{1,20}$/, 'an order number is its digits, e.g. 000001001'),
  // Carriers' numbers: letters and digits, 8 to 40 of them (Colissimo's are 11 to 13).
  tracking: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,40}$/, 'a tracking number is 8 to 40 letters, digits or dashes'),
  carrier: z.string().trim().min(2).max(60).optional(),
  at: z.date().optional(),
  /**
   * The end-to-end tests' way to an invoice without waiting a week: `at` may then predate the order (its
   * invoice too). Only the operator's endpoint takes it, never the command line a person types.
   */
  backdate: z.boolean().optional(),
});
type ShipRequest = z.input<typeof shipRequest>;

export interface ShipResult {
  token: string;
  number: string;
  shippedAt: string;
  mailId: number | null;
}

/** The refusals of a request, one line. */
export const issuesOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

/**
 * Ships the order: its shipment and its shipping state become shipped, the order fulfilled if paid,
 * the shipped mail queued. `now` is when the mail is written; `at` (default `now`) when the parcel left.
 */
export async function shipOrder(
  db: Pick<Database, 'transaction'>,
  request: ShipRequest,
  options: { now: Date; env: Record<string, string | undefined> },
): Promise<ShipResult> {
  const parsed = shipRequest.safeParse(request);
  if (!parsed.success) throw new OperatorError(issuesOf(parsed.error));
  const { number, tracking, carrier, at = options.now, backdate = false } = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ token_value: string }>('SELECT token_value FROM shop.orders WHERE number = $1', [number]);
    const order = row && (await findOrder(tx, row.token_value, true));
    if (!order) throw new OrderNotFound(`No order numbered ${number}.`);
    if (order.state !== 'new') throw new OperatorError(`Order ${number} is ${order.state}: only a placed order ships.`);
    if (order.payment_state !== 'paid')
      throw new OperatorError(`Order ${number} is ${order.payment_state}: an order ships once it is paid.`);
    // The invoice is dated the day the parcel left: it cannot predate the order nor come from the future.
    const placedAt = order.checkout_completed_at ? new Date(order.checkout_completed_at) : null;
    if (placedAt && at < placedAt && !backdate)
      throw new OperatorError(`Order ${number} was placed on ${placedAt.toISOString()}: it cannot ship before, on ${at.toISOString()}.`);
    if (at > options.now)
      throw new OperatorError(`Order ${number} cannot ship in the future, on ${at.toISOString()}: it is now ${options.now.toISOString()}.`);
    const shipment = await shipmentOf(tx, order.id);
    if (!shipment) throw new OperatorError(`Order ${number} has no shipment.`);
    try {
      const shipmentState = transition(shipmentMachine, shipment.state, 'ship');
      const shippingState = transition(orderShippingMachine, order.shipping_state, 'ship');
      // Sylius fulfils an order once it is both paid and shipped.
      const state = transition(orderMachine, order.state, 'fulfill');
      await tx.query(
        'UPDATE shop.shipments SET state = $2, tracking_number = $3, carrier = coalesce($4, carrier), shipped_at = $5::timestamptz WHERE id = $1',
        [shipment.id, shipmentState, tracking, carrier ?? null, at.toISOString()],
      );
      await tx.query('UPDATE shop.orders SET shipping_state = $2, state = $3, updated_at = $4::timestamptz WHERE id = $1', [
        order.id,
        shippingState,
        state,
        options.now.toISOString(),
      ]);
    } catch (error) {
      if (error instanceof TransitionRefused) throw new OperatorError(`Order ${number} cannot ship: ${error.message}.`);
      throw error;
    }
    const mailId = await queueOrderMail(tx, 'shipped', order.token_value, options);
    return { token: order.token_value, number, shippedAt: at.toISOString(), mailId };
  });
}
