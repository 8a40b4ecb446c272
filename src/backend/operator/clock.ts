/**
 * The demonstration clock's endpoint, for `npm run clock`: GET /operator/clock shows the platform's time,
 * POST /operator/clock with JSON `{"advance": "5d"}` or `{"reset": true}` (or `{}`) moves it, then runs the
 * scheduler once at the new time and answers what it did. Mounted only where the outbox is and the platform
 * runs on the demonstration clock (never in production), guarded like the outbox.
 *
 * Every call proves it comes from a process that shares this platform's database, so a command pointed at
 * another database never moves this clock, and no web page or other local process can move it:
 * - `Authorization: Bearer <the database's clock key>` (shop.clock_key, scheduler/clock.ts): what a command
 *   reads from a PostgreSQL database it can open beside the platform;
 * - or `Authorization: Bearer <the lock token>` with `X-Database-Folder: <the PGlite folder>`: a PGlite folder
 *   belongs to the one process that holds its lock (db/folder-lock.ts), which a command cannot open but can
 *   read the lock file of; the platform takes the proof when that lock file is its own process's.
 */
import { lstatSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { lockFileName } from '../db/folder-lock.ts';
import { ownOriginOnly } from '../mail/routes.ts';
import { type DemoClock, parseDuration } from '../scheduler/clock.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { sameSecret } from '../secrets.ts';

export const DATABASE_FOLDER_HEADER = 'X-Database-Folder';

const clockBody = z.union([
  z.object({ reset: z.literal(true) }).strict(),
  z.object({ advance: z.string().refine((text) => parseDuration(text) !== null, 'a duration forward: 30m, 12h, 5d or 2w') }).strict(),
  z.object({}).strict(),
]);

/** What this endpoint reads of a PGlite folder's lock file (db/folder-lock.ts writes more). */
const lockHolder = z.object({ pid: z.number(), host: z.string(), token: z.string().min(1) });
export type FolderHolder = z.infer<typeof lockHolder>;

/** Far more than a lock file: anything bigger at that name is not one. */
const MAX_LOCK_FILE_BYTES = 4096;

/** The holder of a PGlite folder (an absolute path) as its lock file names it; null when none holds it or it is no lock file. */
export function folderHolder(folder: string): FolderHolder | null {
  if (!isAbsolute(folder)) return null;
  const path = join(folder, lockFileName);
  try {
    const file = lstatSync(path);
    if (!file.isFile() || file.size > MAX_LOCK_FILE_BYTES) return null;
    const holder = lockHolder.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return holder.success ? holder.data : null;
  } catch {
    return null;
  }
}

const REFUSAL =
  'The clock answers only a command on this platform’s database (npm run clock, with the DATABASE_URL or DATA_DIR the platform runs on)';

/** The call's proof that it shares this platform's database (see above); 401 without one. */
const sameDatabaseOnly =
  (key: string): MiddlewareHandler =>
  async (c, next) => {
    const given = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const folder = c.req.header(DATABASE_FOLDER_HEADER);
    let proven = false;
    if (given && folder === undefined) proven = sameSecret(given, key);
    else if (given && folder !== undefined) {
      const holder = folderHolder(folder);
      proven = holder !== null && holder.pid === process.pid && holder.host === hostname() && sameSecret(given, holder.token);
    }
    if (!proven) return c.json({ error: REFUSAL }, 401);
    await next();
  };

export function clockRoutes(clock: DemoClock, scheduler: Scheduler): Hono {
  const app = new Hono();
  app.use('/operator/clock', ownOriginOnly('The operator’s endpoint answers its own origin only'));
  app.use('/operator/clock', sameDatabaseOnly(clock.key));
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
