/**
 * When an order's invoice can be downloaded: the invoice is issued once the parcel has shipped, and is
 * available from the first day of the announced 7 to 10 days after shipment (the shop promises "7 to 10
 * days", so it is never late when it comes on the 7th). The account page and the shop API read this one
 * rule, with the time given (a fixed clock in tests).
 */
import { INVOICE_DELAY_DAYS } from '../constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment the invoice becomes available, or null while the order has not shipped. */
export const invoiceAvailableFrom = (shippedAt: string | null): Date | null =>
  shippedAt ? new Date(new Date(shippedAt).getTime() + INVOICE_DELAY_DAYS.min * DAY_MS) : null;

export function invoiceAvailable(shippedAt: string | null, now: Date): boolean {
  const from = invoiceAvailableFrom(shippedAt);
  return from !== null && now.getTime() >= from.getTime();
}
