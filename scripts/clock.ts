/**
 * `npm run clock -- show | advance <duration> | reset`: the clock of a local platform, for demonstrations.
 * `advance 5d` (or 30m, 12h, 2w) moves the platform's time forward and runs the subscription scheduler once
 * at the new time, so a demo can watch a draft lock, its reminders go out, the delivery be placed and
 * charged; `reset` returns to real time; `show` says where the clock stands.
 *
 * The clock is the one of the database the command is pointed at (DATABASE_URL, or the PGlite folder
 * DATA_DIR, as for the platform), never of whatever answers on the port. Through the running platform on
 * PORT_PLATFORM (POST /operator/clock, which exists outside production only) when it is that database's:
 * the command proves it with what only a process sharing the database can read (src/backend/operator/clock.ts),
 * the database's clock key on PostgreSQL, the folder's lock token on PGlite, and a platform on another
 * database refuses it. Otherwise the command writes the offset to the database itself and the platform reads
 * it, and runs its scheduler, when it starts (a platform already running on that PostgreSQL database, on
 * another port, reads it before its next scheduler run). A PGlite folder held by a platform that does not
 * answer on the port cannot be opened: the command says which process holds it. Production refuses: its
 * clock is real time.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_FOLDER_HEADER, folderHolder } from '../src/backend/operator/clock.ts';
import { type DemoClock, demoClock, parseDuration, readClockKey } from '../src/backend/scheduler/clock.ts';
import type { Queryable } from '../src/backend/db/database.ts';
import { onOwnDatabase } from './lib/own-database.ts';
import { platformUrlOf } from './lib/ports.ts';

const USAGE = 'usage: npm run clock -- show | advance <duration: 30m, 12h, 5d, 2w> | reset';

interface ClockState {
  now: string;
  offsetMs: number;
  scheduler?: Record<string, number>;
}

/** The platform's answer, or why it gave none (no platform on the port, or one on another database). */
type Answer = { state: ClockState } | { notOurs: string };

const DAY_MS = 86_400_000;
const offsetInWords = (ms: number) =>
  ms === 0 ? 'real time' : `real time + ${(ms / DAY_MS).toFixed(ms % DAY_MS === 0 ? 0 : 2)} day${ms === DAY_MS ? '' : 's'}`;

async function throughPlatform(platformUrl: string, body: object | null, proof: Record<string, string>): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${platformUrl}/operator/clock`, {
      method: body ? 'POST' : 'GET',
      headers: { ...proof, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    return { notOurs: `No platform answers at ${platformUrl}.` };
  }
  const answer = (await response.json().catch(() => ({}))) as ClockState & { error?: string };
  if (response.ok) return { state: answer };
  if (response.status === 401) return { notOurs: `The platform at ${platformUrl} runs on another database.` };
  if (response.status === 404)
    return { notOurs: `The platform at ${platformUrl} has no clock endpoint (production, OUTBOX_PAGE=off, or a clock of its own).` };
  throw new Error(answer.error ?? `The platform at ${platformUrl} answered ${response.status}.`);
}

/** The clock's state after `apply`, on the database itself. */
async function onDatabase(db: Queryable, apply: (clock: DemoClock) => Promise<unknown>): Promise<ClockState> {
  const clock = await demoClock(db);
  await apply(clock);
  return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
}

/** Says why the platform did not take the change before the command makes it on the database. */
const fallBack = (answer: Answer | null) => {
  if (answer && 'notOurs' in answer) console.log(`${answer.notOurs} The command works on the database itself.`);
};

/** The clock of the database the environment names: through its platform on the port, or on the database itself. */
async function moveClock(body: object | null, apply: (clock: DemoClock) => Promise<unknown>): Promise<ClockState> {
  const platformUrl = platformUrlOf(process.env);
  if (process.env.DATABASE_URL)
    // A PostgreSQL database opens beside its platform: the key is read there, and the change made there when the platform is not its.
    return onOwnDatabase(async (db) => {
      const key = await readClockKey(db);
      const answer = key ? await throughPlatform(platformUrl, body, { authorization: `Bearer ${key}` }) : null;
      if (answer && 'state' in answer) return answer.state;
      fallBack(answer);
      return onDatabase(db, apply);
    });
  const dataDir = process.env.DATA_DIR || '.data/pglite';
  if (dataDir.startsWith('memory://'))
    throw new Error(`DATA_DIR=${dataDir} is a database inside one process: no command can reach its clock.`);
  const folder = resolve(dataDir);
  // A folder nobody holds has no platform running: the command opens it (breaking a stale lock) itself.
  const holder = folderHolder(folder);
  const answer = holder
    ? await throughPlatform(platformUrl, body, { authorization: `Bearer ${holder.token}`, [DATABASE_FOLDER_HEADER]: folder })
    : null;
  if (answer && 'state' in answer) return answer.state;
  fallBack(answer);
  return onOwnDatabase((db) => onDatabase(db, apply));
}

if (import.meta.main) {
  if (process.env.NODE_ENV === 'production') {
    console.error('Refusing in production mode (NODE_ENV=production): the platform runs on real time there.');
    process.exit(1);
  }
  const { positionals } = parseArgs({ allowPositionals: true });
  const [command, duration] = positionals;
  const ms = duration === undefined ? null : parseDuration(duration);
  if (!(command === 'show' || command === 'reset' || (command === 'advance' && ms !== null))) {
    console.error(USAGE);
    process.exit(2);
  }
  const body = command === 'show' ? null : command === 'reset' ? { reset: true } : { advance: duration };
  try {
    const state = await moveClock(body, (clock) =>
      command === 'reset' ? clock.reset() : command === 'advance' ? clock.advance(ms!) : clock.refresh(),
    );
    console.log(`Platform clock: ${state.now} (${offsetInWords(state.offsetMs)}).`);
    if (state.scheduler) console.log(`Scheduler run: ${JSON.stringify(state.scheduler)}`);
    else if (command !== 'show')
      console.log(
        'Its platform takes this clock, and runs its scheduler, when it starts (one running elsewhere on it, before its next run).',
      );
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
