/**
 * `npm run clock -- show | advance <duration> | reset`: the clock of a local platform, for demonstrations.
 * `advance 5d` (or 30m, 12h, 2w) moves the platform's time forward and runs the subscription scheduler once
 * at the new time, so a demo can watch a draft lock, its reminders go out, the delivery be placed and
 * charged; `reset` returns to real time; `show` says where the clock stands.
 *
 * Through the running platform on PORT_PLATFORM (POST /operator/clock, which exists outside production
 * only): it holds its PGlite folder, and it reads the offset it keeps. Without one, the command writes the
 * offset to the database itself (DATABASE_URL, or the PGlite folder DATA_DIR) and the platform reads it, and
 * runs its scheduler, when it starts. Production refuses: its clock is real time.
 */
import { parseArgs } from 'node:util';
import { type DemoClock, demoClock, parseDuration } from '../src/backend/scheduler/clock.ts';
import { onOwnDatabase } from './lib/own-database.ts';

const USAGE = 'usage: npm run clock -- show | advance <duration: 30m, 12h, 5d, 2w> | reset';

interface ClockState {
  now: string;
  offsetMs: number;
  scheduler?: Record<string, number>;
}

const DAY_MS = 86_400_000;
const offsetInWords = (ms: number) =>
  ms === 0 ? 'real time' : `real time + ${(ms / DAY_MS).toFixed(ms % DAY_MS === 0 ? 0 : 2)} day${ms === DAY_MS ? '' : 's'}`;

/** The platform's answer; null when none answers on the port. */
async function throughPlatform(platformUrl: string, body: object | null): Promise<ClockState | null> {
  let response: Response;
  try {
    response = await fetch(`${platformUrl}/operator/clock`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    return null;
  }
  const answer = (await response.json().catch(() => ({}))) as ClockState & { error?: string };
  if (response.ok) return answer;
  if (response.status === 404)
    throw new Error(`The platform at ${platformUrl} has no clock endpoint (production, OUTBOX_PAGE=off, or a clock of its own).`);
  throw new Error(answer.error ?? `The platform answered ${response.status}.`);
}

const throughDatabase = (change: (clock: DemoClock) => Promise<unknown>): Promise<ClockState> =>
  onOwnDatabase(async (db) => {
    const clock = await demoClock(db);
    await change(clock);
    return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
  });

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
  const host = process.env.HOST && !['0.0.0.0', '::'].includes(process.env.HOST) ? process.env.HOST : '127.0.0.1';
  const platformUrl = `http://${host.includes(':') ? `[${host}]` : host}:${process.env.PORT_PLATFORM || 4400}`;
  try {
    const platform = await throughPlatform(platformUrl, body);
    const state =
      platform ??
      (await throughDatabase((clock) =>
        command === 'reset' ? clock.reset() : command === 'advance' ? clock.advance(ms!) : clock.refresh(),
      ));
    console.log(`Platform clock: ${state.now} (${offsetInWords(state.offsetMs)}).`);
    if (state.scheduler) console.log(`Scheduler run: ${JSON.stringify(state.scheduler)}`);
    else if (!platform && command !== 'show')
      console.log('No platform answers: it takes this clock, and runs its scheduler, when it starts.');
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
