/** What the funnel and its islands read of an order: its open payment, its shipment, where its money stands. */
import type { Order } from '../../lib/shop-api/orders.ts';

/** The payment the shopper pays now: the last one, which the API keeps open. */
export const openPayment = (order: Order) => order.payments.at(-1) ?? null;
export const shipmentOf = (order: Order) => order.shipments[0] ?? null;
/** A code from an IRI (`/api/v2/shop/payment-methods/visa` → `visa`). */
export const codeOf = (iriOrCode: string | null | undefined): string | null => (iriOrCode ? (iriOrCode.split('/').at(-1) ?? null) : null);

/** The order is placed and still waits for its money: the shopper may pay (again). */
export const awaitsPayment = (order: Order): boolean => order.state !== 'cart' && order.paymentState === 'awaiting_payment';
