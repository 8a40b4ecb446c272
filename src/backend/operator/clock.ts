/**
 * The demonstration clock's endpoint, for `npm run clock` and end-to-end tests: GET /operator/clock shows
 * the platform's time, POST /operator/clock with JSON `{"advance": "5d"}` or `{"reset": true}` (or `{}`)
 * moves it, then runs the scheduler once at the new time and answers what it did. Mounted only where the
 * outbox is and the platform runs on the demonstration clock (never in production), guarded like the outbox.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ownOriginOnly } from '../mail/routes.ts';
import { type DemoClock, parseDuration } from '../scheduler/clock.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';

const clockBody = z.union([
  z.object({ reset: z.literal(true) }).strict(),
  z.object({ advance: z.string().refine((text) => parseDuration(text) !== null, 'a duration forward: 30m, 12h, 5d or 2w') }).strict(),
  z.object({}).strict(),
]);

export function clockRoutes(clock: DemoClock, scheduler: Scheduler): Hono {
  const app = new Hono();
  app.use('/operator/clock', ownOriginOnly('The operator’s endpoint answers its own origin only'));
  const state = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });

  app.get('/operator/clock', async (c) => {
    await clock.refresh();
    return c.json(state());
  });

  app.post('/operator/clock', async (c) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      return c.json({ error: 'Send JSON: {"advance": "5d"}, {"reset": true} or {}' }, 415);
    const body = clockBody.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: body.error.issues.map((i) => i.message).join('; ') }, 400);
    if ('reset' in body.data) await clock.reset();
    else if ('advance' in body.data) await clock.advance(parseDuration(body.data.advance)!);
    return c.json({ ...state(), scheduler: await scheduler.runOnce(clock.now()) });
  });
  return app;
}
