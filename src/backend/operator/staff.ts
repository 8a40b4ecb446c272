/**
 * What staff read on the operator API, in production too: the contact requests (GET
 * /operator/contact-requests, newest first, `?before=` the last id for the next page) and their files
 * (/operator/contact-requests/{reference}/files/{position}), with `Authorization: Bearer <OPERATOR_TOKEN>`.
 * Without OPERATOR_TOKEN on the platform every call answers 401: shoppers' messages and files are never
 * open to whoever reaches the platform. A file is served as a download, never rendered: an html or svg a
 * shopper sent cannot run in the platform's origin.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Database } from '../db/database.ts';
import { findContactFile, listContactRequests } from '../shop/contact/repository.ts';

const PAGE = 50;

/** Bearer OPERATOR_TOKEN, compared in constant time; 401 without it, or when the platform has none. */
const staffOnly =
  (env: Record<string, string | undefined>): MiddlewareHandler =>
  async (c, next) => {
    const expected = env.OPERATOR_TOKEN ?? '';
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    const ok = expected.length >= 16 && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!ok)
      return c.json(
        { error: 'Staff only: send Authorization: Bearer <OPERATOR_TOKEN> (at least 16 characters, set on the platform)' },
        401,
      );
    await next();
  };

export function staffRoutes(db: Database, env: Record<string, string | undefined>): Hono {
  const app = new Hono();
  app.use('/operator/contact-requests', staffOnly(env));
  app.use('/operator/contact-requests/*', staffOnly(env));

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
