/**
 * GET /shop/orders/{token}/invoice: the invoice of a placed order as a PDF, for its owner only (anyone
 * else, or no order, is a 404 as if it did not exist). It exists once the parcel has shipped and the
 * announced delay has begun (lib/orders/invoice.ts, with the shop's clock): before, a 404 too, and the
 * account says from when it will be there. The PDF speaks the language of the call (the site's locale).
 */
import { Hono } from 'hono';
import { channels } from '../../../lib/channels.ts';
import { invoiceAvailable } from '../../../lib/orders/invoice.ts';
import { orderJson } from '../orders/answer.ts';
import { findOrder } from '../orders/repository.ts';
import { findCustomer } from '../customers/repository.ts';
import { paymentViewOf } from '../orders/mails.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { notFound } from '../shared/errors.ts';
import { tokenParam } from '../shared/ids.ts';
import { requireCustomer } from '../sessions/access.ts';
import { invoiceNumberOf, invoicePdf } from './pdf.ts';

export function invoiceRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();

  app.get('/orders/:token/invoice', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const token = tokenParam(c);
    const lang = c.get('lang');
    const now = deps.clock();
    const order = await findOrder(deps.db, token);
    if (!order || order.customer_id !== customerId || order.checkout_state !== 'completed' || !order.number) throw notFound();
    const view = await orderJson(deps.db, order, now);
    const shipment = view.shipments[0];
    if (shipment?.state !== 'shipped' || !invoiceAvailable(shipment.shippedAt, now)) throw notFound();
    const customer = (await findCustomer(deps.db, customerId))!;
    const pdf = await invoicePdf({
      lang,
      order: view,
      customer: { fullName: `${customer.first_name} ${customer.last_name}`, email: customer.email },
      payment: await paymentViewOf(deps.db, order, lang),
      vatRate: channels[order.channel_code].vatRate,
      issuedAt: shipment.shippedAt!,
    });
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${invoiceNumberOf(order.number)}.pdf"`,
      // A customer's document: never kept by a shared cache.
      'Cache-Control': 'private, no-store',
    });
  });

  return app;
}
