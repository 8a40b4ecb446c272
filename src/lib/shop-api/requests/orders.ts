/** GET /shop/orders: the signed-in customer's placed orders, a page at a time (API Platform's page and itemsPerPage). */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';

/** Orders per page unless asked otherwise, and the most one page may hold. */
export const ORDERS_PER_PAGE = { default: 10, max: 50 } as const;

const positive = (max: number) =>
  z.pipe(z.pipe(z.string().check(z.regex(/^\d{1,6}$/)), z.transform(Number)), z.int().check(z.gte(1), z.lte(max)));

export const ordersQuery = z.object({
  page: z._default(positive(100_000), 1),
  itemsPerPage: z._default(positive(ORDERS_PER_PAGE.max), ORDERS_PER_PAGE.default),
});
