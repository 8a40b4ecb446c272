/**
 * The operator's endpoint, for demos and end-to-end tests: POST /operator/orders/{number}/ship with JSON
 * `{tracking, carrier?, at?}` ships the order as `npm run operator -- ship` does (the same shipOrder), and
 * POST /operator/subscriptions/{code}/handle-abort handles a cancellation request (operator/abort.ts), for
 * a platform whose PGlite folder no other process can open while it runs. It exists only where the mail
 * outbox does (never in production) and is guarded like it: no CORS grant, no browser page of another
 * origin, and JSON only, which no plain HTML form can send.
 *
 * Staff's reading of the contact requests is not here: it is token-guarded and exists in production too
 * (operator/staff.ts, mounted by app.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { ownOriginOnly } from '../mail/routes.ts';
import { handleAbort, SubscriptionNotFound } from './abort.ts';
import { OperatorError, OrderNotFound, issuesOf, shipOrder } from './ship.ts';

const shipBody = z.object({
  tracking: z.string(),
  carrier: z.string().optional(),
  // When the parcel left, if not now (an ISO 8601 date-time): the invoice comes a few days after it, dated
  // then, so shipOrder refuses a date before the order's placement or after now (a 422).
  at: z.iso
    .datetime({ offset: true })
    .transform((at) => new Date(at))
    .optional(),
  // The end-to-end tests' invoice, a week after a parcel shipped before its order (ship.ts).
  backdate: z.boolean().optional(),
});

export interface OperatorOptions {
  /** Now (the shop's clock). */
  clock: () => Date;
  /** SITE_URL_FR and SITE_URL_BE, for the shipped mail's links. */
  env: Record<string, string | undefined>;
}

export function operatorRoutes(db: Database, { clock, env }: OperatorOptions): Hono {
  const app = new Hono();
  app.use('/operator/*', ownOriginOnly('The operator’s endpoint answers its own origin only'));

  app.post('/operator/orders/:number/ship', async (c) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      return c.json({ error: 'Send JSON: {"tracking": "6A12345678901", "carrier"?: "Colissimo", "at"?: "2026-03-03T10:00:00Z"}' }, 415);
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      return c.json({ error: 'Malformed JSON' }, 400);
    }
    const body = shipBody.safeParse(json);
    if (!body.success) return c.json({ error: issuesOf(body.error) }, 400);
    try {
      return c.json(await shipOrder(db, { number: c.req.param('number'), ...body.data }, { now: clock(), env }));
    } catch (error) {
      if (error instanceof OrderNotFound) return c.json({ error: error.message }, 404);
      if (error instanceof OperatorError) return c.json({ error: error.message }, 422);
      throw error;
    }
  });

  // A cancellation request handled, as `npm run operator -- handle-abort` does (the same handleAbort).
  app.post('/operator/subscriptions/:code/handle-abort', async (c) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return c.json({ error: 'Send JSON: {}' }, 415);
    try {
      return c.json(await handleAbort(db, c.req.param('code'), { now: clock(), env }));
    } catch (error) {
      if (error instanceof SubscriptionNotFound) return c.json({ error: error.message }, 404);
      if (error instanceof OperatorError) return c.json({ error: error.message }, 422);
      throw error;
    }
  });
  return app;
}
