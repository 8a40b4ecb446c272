/** GET /shop/orders: the signed-in customer's placed orders, a page at a time (API Platform's page and itemsPerPage). */
import { z } from 'zod';

/** Orders per page unless asked otherwise, and the most one page may hold. */
export const ORDERS_PER_PAGE = { default: 10, max: 50 } as const;

const positive = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const ordersQuery = z.object({
  page: positive(100_000).default(1),
  itemsPerPage: positive(ORDERS_PER_PAGE.max).default(ORDERS_PER_PAGE.default),
});
