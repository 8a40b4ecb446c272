/**
 * An order enters the order graph: a completed cart (checkout's complete) or a subscription's draft on its
 * day (the scheduler). Both go through here, so the order, its shipment and its payment move together and
 * by the same transitions: the shipment is created, the payment requested (paid at once when nothing is to
 * pay), the number given and the accounting lines frozen.
 */
import type { CheckoutState } from '../../../lib/orders/checkout.ts';
import { transition } from '../../../lib/orders/machine.ts';
import { orderMachine } from '../../../lib/orders/order.ts';
import { orderPaymentMachine } from '../../../lib/orders/payment.ts';
import { orderShippingMachine, shipmentMachine } from '../../../lib/orders/shipping.ts';
import type { Queryable } from '../../db/database.ts';
import { type OrderRow, type Placement, placeOrder, setShipmentState, type ShipmentRow, shipmentOf } from './repository.ts';

/**
 * Places the order: answers it as placed, with its shipment as it now is. The caller has made its payment
 * (none when the total is 0); `shipment`, when the caller holds the order's row and read it.
 */
export async function enterOrderGraph(
  tx: Queryable,
  order: OrderRow,
  p: Pick<Placement, 'totals' | 'promotions' | 'notes' | 'now'> & { checkoutState: CheckoutState; shipment?: ShipmentRow },
): Promise<{ order: OrderRow; shipment: ShipmentRow }> {
  const read = p.shipment ?? (await shipmentOf(tx, order.id))!;
  const shipment = { ...read, state: transition(shipmentMachine, read.state, 'create') };
  await setShipmentState(tx, shipment.id, shipment.state);
  const requested = transition(orderPaymentMachine, order.payment_state, 'request_payment');
  const placed = await placeOrder(tx, order.id, {
    // A cart is created, a subscription's draft placed: both become a new order.
    state: transition(orderMachine, order.state, order.state === 'draft' ? 'place' : 'create'),
    checkoutState: p.checkoutState,
    paymentState: p.totals.total === 0 ? transition(orderPaymentMachine, requested, 'pay') : requested,
    shippingState: transition(orderShippingMachine, order.shipping_state, 'request_shipping'),
    notes: p.notes,
    totals: p.totals,
    promotions: p.promotions,
    now: p.now,
  });
  return { order: placed, shipment };
}
