/**
 * What staff read on the operator API, in production too: the payments' reconciliation report (GET
 * /operator/payments?since=, shop/orders/report.ts: every charge the provider holds matched to an order,
 * mismatches first; `npm run operator -- payments` prints it), the contact requests (GET
 * /operator/contact-requests, newest first, `?before=` the last id for the next page) and their files
 * (/operator/contact-requests/{reference}/files/{position}), with `Authorization: Bearer <OPERATOR_TOKEN>`.
 * Without OPERATOR_TOKEN on the platform every call answers 401: shoppers' messages and files are never
 * open to whoever reaches the platform. A file is served as a download, never rendered: an html or svg a
 * shopper sent cannot run in the platform's origin.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { Database } from '../db/database.ts';
import { sameSecret } from '../secrets.ts';
import { paymentReport } from '../shop/orders/report.ts';
import { PaymentProviderError, type PaymentProvider } from '../shop/payments/provider.ts';
import { findContactFile, listContactRequests } from '../shop/contact/repository.ts';

const PAGE = 50;

/** Bearer OPERATOR_TOKEN, compared in constant time (secrets.ts); 401 without it, or when the platform has none. */
const staffOnly =
  (token: string | undefined): MiddlewareHandler =>
  async (c, next) => {
    const expected = token ?? '';
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    const ok = expected.length >= 16 && sameSecret(given, expected);
    if (!ok)
      return c.json(
        { error: 'Staff only: send Authorization: Bearer <OPERATOR_TOKEN> (at least 16 characters, set on the platform)' },
        401,
      );
    await next();
  };

/** `token`: the platform's OPERATOR_TOKEN (config.ts); `payments`: its payment provider, asked for when a report is. */
export function staffRoutes(db: Database, { token, payments }: { token: string | undefined; payments: () => PaymentProvider }): Hono {
  const app = new Hono();
  app.use('/operator/contact-requests', staffOnly(token));
  app.use('/operator/contact-requests/*', staffOnly(token));
  app.use('/operator/payments', staffOnly(token));

  // The reconciliation report (shop/orders/report.ts), `?since=` an ISO date (default: 30 days ago).
  app.get('/operator/payments', async (c) => {
    const given = c.req.query('since');
    const since = given === undefined ? new Date(Date.now() - 30 * 24 * 3600_000) : new Date(given);
    if (Number.isNaN(since.getTime())) return c.json({ error: 'since is an ISO 8601 date, such as 2026-12-01T00:00:00Z' }, 400);
    const provider = payments();
    try {
      return c.json(await paymentReport(db, provider, since));
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      return c.json({ error: `The payment provider did not answer: ${error.message}` }, 502);
    }
  });

  app.get('/operator/contact-requests', async (c) => {
    const before = c.req.query('before');
    if (before !== undefined && !/^\d{1,9}$/.test(before)) return c.json({ error: 'before is the id of the last request of a page' }, 400);
    const rows = await listContactRequests(db, { limit: PAGE, before: before === undefined ? null : Number(before) });
    const base = new URL(c.req.url);
    return c.json({
      requests: rows.map(({ request }) => ({
        ...request,
        files: request.files.map((f) => ({
          ...f,
          href: `${base.origin}/operator/contact-requests/${request.reference}/files/${f.position}`,
        })),
      })),
      next: rows.length === PAGE ? `${base.origin}/operator/contact-requests?before=${rows.at(-1)!.id}` : null,
    });
  });

  app.get('/operator/contact-requests/:reference/files/:position', async (c) => {
    const reference = c.req.param('reference');
    const position = c.req.param('position');
    if (!/^C-[A-Z0-9]{1,16}$/.test(reference) || !/^\d{1,2}$/.test(position)) return c.json({ error: 'Not found' }, 404);
    const file = await findContactFile(db, reference, Number(position));
    if (!file) return c.json({ error: 'Not found' }, 404);
    const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return c.body(new Uint8Array(file.content), 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return app;
}
