/**
 * The embedded marketing-event service, in the wire format of the production one (src/lib/marketing/wire.ts):
 * the sites POST their events (page_view, view_cart, view_item, exit_intent) to its root (/marketing, no
 * trailing slash) with the locale in
 * the query and get back the actions the active campaigns give them, one per action name (the first by
 * position); they POST /report/{campaign} when a campaign was shown, counted per campaign, app and day.
 *
 * An A/B test action carries the shopper's segment: the one their browser already holds for the test, or a
 * segment drawn among the test's variants for a shopper who has none (their browser then keeps it).
 * Bad input is a 400 with a message; nothing the sites send makes it answer 500.
 */
import { randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import type { Database } from '../db/database.ts';
import { languageOf } from '../../lib/channels.ts';
import {
  campaignCode,
  eventRequest,
  marketingLocale,
  reportRequest,
  type EventAnswer,
  type MarketingAction,
} from '../../lib/marketing/wire.ts';

interface CampaignRow {
  code: string;
  action: MarketingAction;
  data: Record<string, unknown>;
}

const refuse = (c: Context, message: string) => c.json({ error: 'Bad Request', message }, 400);

// The marketing wire's schemas are zod mini's (the browser's build): any zod schema, parsed with zod core.
async function readBody<S extends z.core.$ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: z.infer<S> } | { ok: false; message: string }> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return { ok: false, message: 'The body must be JSON' };
  }
  const parsed = safeParse(schema, json);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') };
  return { ok: true, data: parsed.data };
}

export function marketingRoutes(db: Database, clock: () => Date = () => new Date()): Hono {
  const app = new Hono();
  app.use(
    '*',
    bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ error: 'Payload Too Large', message: 'The body is too large' }, 413) }),
  );

  app.post('/', async (c) => {
    const locale = marketingLocale.safeParse(c.req.query('locale'));
    if (!locale.success) return refuse(c, 'locale: expected one of the sites’ locales');
    const body = await readBody(c, eventRequest);
    if (!body.ok) return refuse(c, body.message);
    const rows = await db.query<CampaignRow>(
      `SELECT code, action, data FROM marketing.campaigns
        WHERE active AND event = $1 AND (language IS NULL OR language = $2)
        ORDER BY position, code`,
      [body.data.event, languageOf(locale.data)],
    );
    const answer: EventAnswer = {};
    for (const row of rows) {
      if (answer[row.action]) continue;
      const data: Record<string, unknown> = { ...row.data, campaign: row.code };
      if (row.action === 'abtest') {
        const test = String(row.data.test);
        const variants = Array.isArray(row.data.variants) ? (row.data.variants as string[]) : [];
        const held = body.data.abtests[test];
        data.segment = held !== undefined && variants.includes(held) ? held : variants[randomInt(variants.length)];
      }
      answer[row.action] = data as EventAnswer[MarketingAction];
    }
    return c.json(answer);
  });

  app.post('/report/:campaign', async (c) => {
    const campaign = campaignCode.safeParse(c.req.param('campaign'));
    if (!campaign.success) return refuse(c, 'campaign: not a campaign code');
    const body = await readBody(c, reportRequest);
    if (!body.ok) return refuse(c, body.message);
    const known = await db.query('SELECT 1 FROM marketing.campaigns WHERE code = $1', [campaign.data]);
    if (known.length === 0) return c.json({ error: 'Not Found', message: 'No such campaign' }, 404);
    await db.query(
      `INSERT INTO marketing.reports (campaign, app_name, reported_on, count) VALUES ($1, $2, $3, 1)
       ON CONFLICT (campaign, app_name, reported_on) DO UPDATE SET count = marketing.reports.count + 1`,
      [campaign.data, body.data.app_name, clock().toISOString().slice(0, 10)],
    );
    return c.body(null, 204);
  });
  return app;
}
