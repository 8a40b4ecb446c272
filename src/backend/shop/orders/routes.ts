/**
 * The orders of the account: GET /shop/orders lists the signed-in customer's placed orders, newest first,
 * a page at a time (a hydra collection with hydra:view links, as API Platform paginates). One order is
 * GET /shop/orders/{token} (carts/routes.ts), which answers a placed order with the figures it was
 * placed with.
 */
import { Hono } from 'hono';
import { ordersQuery } from '../../../lib/shop-api/requests/orders.ts';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import { answerView } from './view.ts';
import { orderJson } from './answer.ts';
import { placedOrdersOf } from './repository.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { badRequest } from '../shared/errors.ts';
import { ld } from '../shared/request.ts';
import { requireCustomer } from '../sessions/access.ts';

export function orderRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();

  app.get('/orders', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const query = ordersQuery.safeParse({ page: c.req.query('page'), itemsPerPage: c.req.query('itemsPerPage') });
    if (!query.success) throw badRequest('page and itemsPerPage must be whole numbers from 1 (itemsPerPage at most 50)');
    const { page, itemsPerPage } = query.data;
    const { rows, total } = await placedOrdersOf(deps.db, customerId, { offset: (page - 1) * itemsPerPage, limit: itemsPerPage });
    const now = deps.clock();
    const members = [];
    for (const row of rows) members.push(await orderJson(deps.db, row, now, answerView(c, deps, row)));
    const pageLink = (n: number) => `${SHOP_API_PREFIX}/orders?page=${n}&itemsPerPage=${itemsPerPage}`;
    const last = Math.max(1, Math.ceil(total / itemsPerPage));
    return ld(c, {
      '@context': '/api/v2/contexts/Order',
      '@id': `${SHOP_API_PREFIX}/orders`,
      '@type': 'hydra:Collection',
      'hydra:member': members,
      'hydra:totalItems': total,
      'hydra:view': {
        '@id': pageLink(page),
        '@type': 'hydra:PartialCollectionView',
        'hydra:first': pageLink(1),
        'hydra:last': pageLink(last),
        ...(page > 1 ? { 'hydra:previous': pageLink(page - 1) } : {}),
        ...(page < last ? { 'hydra:next': pageLink(page + 1) } : {}),
      },
    });
  });

  return app;
}
