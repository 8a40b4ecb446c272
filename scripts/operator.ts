/**
 * `npm run operator -- ship <order number> --tracking <number> [--carrier <name>] [--at <ISO date>]`: what
 * the warehouse does when a parcel leaves. The shipment and the order move through the shipping state
 * machines (lib/orders/shipping.ts: only a ready shipment ships, once), the order is fulfilled when it is
 * paid as well, shipped_at is set (now, or `--at` for demos and tests: the invoice comes a few days after
 * it), and the "shipped" mail with the tracking number is queued in the same transaction.
 *
 * An order ships on payment: one still awaiting its money (cheque, transfer) is refused.
 * Works on DATABASE_URL, else on the PGlite folder (DATA_DIR), which a running platform holds: stop it first.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { type Database, exitIfDatabaseInUse, openDatabase } from '../src/backend/db/database.ts';
import { migrate } from '../src/backend/db/migrate.ts';
import { findOrder } from '../src/backend/shop/carts/repository.ts';
import { shipmentOf } from '../src/backend/shop/checkout/repository.ts';
import { queueOrderMail } from '../src/backend/shop/order-mails/queue.ts';
import { TransitionRefused, transition } from '../src/lib/orders/machine.ts';
import { orderMachine } from '../src/lib/orders/order.ts';
import { orderShippingMachine, shipmentMachine } from '../src/lib/orders/shipping.ts';

/** A refusal the operator reads (exit code 1), as opposed to a bug. */
export class OperatorError extends Error {}

const shipRequest = z.object({
  number: z.string().regex(/^\d{1,20}$/, 'an order number is its digits, e.g. 000001001'),
  // Carriers' numbers: letters and digits, 8 to 40 of them (Colissimo's are 11 to 13).
  tracking: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,40}$/, 'a tracking number is 8 to 40 letters, digits or dashes'),
  carrier: z.string().trim().min(2).max(60).optional(),
  at: z.date().optional(),
});
export type ShipRequest = z.input<typeof shipRequest>;

export interface ShipResult {
  token: string;
  number: string;
  shippedAt: string;
  mailId: number | null;
}

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
  if (!parsed.success) throw new OperatorError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const { number, tracking, carrier, at = options.now } = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ token_value: string }>('SELECT token_value FROM shop.orders WHERE number = $1', [number]);
    const order = row && (await findOrder(tx, row.token_value, true));
    if (!order) throw new OperatorError(`No order numbered ${number}.`);
    if (order.state !== 'new') throw new OperatorError(`Order ${number} is ${order.state}: only a placed order ships.`);
    if (order.payment_state !== 'paid')
      throw new OperatorError(`Order ${number} is ${order.payment_state}: an order ships once it is paid.`);
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

const USAGE = 'usage: npm run operator -- ship <order number> --tracking <number> [--carrier <name>] [--at <ISO date>]';

if (import.meta.main) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { tracking: { type: 'string' }, carrier: { type: 'string' }, at: { type: 'string' } },
  });
  const [command, number] = positionals;
  const at = values.at === undefined ? undefined : new Date(values.at);
  if (command !== 'ship' || !number || !values.tracking || (at && Number.isNaN(at.getTime()))) {
    console.error(USAGE);
    process.exit(2);
  }
  const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }).catch(exitIfDatabaseInUse);
  await migrate(db);
  try {
    const shipped = await shipOrder(
      db,
      { number, tracking: values.tracking, carrier: values.carrier, at },
      { now: new Date(), env: process.env },
    );
    console.log(
      `Order ${shipped.number} shipped on ${shipped.shippedAt}; the shipped mail is in the outbox (${shipped.mailId ?? 'none: no customer'}).`,
    );
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}
