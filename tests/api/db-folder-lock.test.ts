/**
 * One process owns a PGlite folder. Two platforms (or a platform and `npm run seed`) on one folder used
 * to both start, hand out the same ids, miss each other's writes and leave a folder that no longer
 * opened. The second one must be refused at once, naming the holder; a lock left by a killed process
 * must not block the next start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DatabaseInUseError, lockFileName, lockFolder } from '../../src/backend/db/folder-lock.ts';
import {
  cleanUp,
  exitOf,
  freePort,
  killHard,
  runScript,
  shopCall,
  startPlatformProcess,
  tempFolder,
  waitUntil,
  PROCESS_TEST_MS,
} from '../support/platform-process.ts';

afterAll(cleanUp);

/** A lock file as another process would have written it. */
const lockOf = (fields: Partial<Record<'pid' | 'host' | 'bootId' | 'startTicks' | 'command', unknown>>) =>
  JSON.stringify({
    pid: 999_999,
    host: hostname(),
    bootId: null,
    startTicks: null,
    command: 'npm start',
    startedAt: '2026-11-20T08:00:00.000Z',
    token: 'someone-else',
    ...fields,
  });
/** The pid of a process that has exited and been reaped. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

// A file of the folder and the processes holding it, whatever the database: the PostgreSQL pass skips it too.
describe.skipIf(process.env.TEST_DATABASE_URL)('the lock file (runs in the PGlite pass)', () => {
  it('refuses a second lock on the same folder in the same process, and allows it once released', () => {
    const dir = tempFolder('lock');
    const lock = lockFolder(dir);
    expect(() => lockFolder(dir)).toThrow(DatabaseInUseError);
    expect(() => lockFolder(dir)).toThrow(`The embedded database in ${dir} is in use by this process`);
    lock.release();
    expect(existsSync(join(dir, lockFileName))).toBe(false);
    lockFolder(dir).release();
  });

  it('refuses a lock held by a live process, naming its pid and command and the way out', () => {
    const dir = tempFolder('lock');
    // The test runner's parent is alive for the whole test.
    writeFileSync(join(dir, lockFileName), lockOf({ pid: process.ppid }));
    let refused: unknown;
    try {
      lockFolder(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as Error).message).toBe(
      `The embedded database in ${dir} is in use by process ${process.ppid} (npm start), ` +
        'started 2026-11-20T08:00:00.000Z. Stop that process, or set DATABASE_URL to use a PostgreSQL server.',
    );
    expect(JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')).token).toBe('someone-else');
  });

  it('breaks a lock whose process no longer runs, an unreadable lock, and one whose pid was reused', () => {
    // Start times and boot ids come from /proc (Linux, where the shop runs and CI tests).
    const linux = existsSync('/proc/self/stat');
    for (const stale of [
      lockOf({ pid: deadPid() }),
      '', // emptied by a power cut
      lockOf({ pid: process.pid }), // our own pid, but not our lock: a container restarted with the same pid
      ...(linux
        ? [
            lockOf({ pid: process.ppid, startTicks: '1' }), // a live process, but not the one that locked: it started at another time
            lockOf({ pid: process.ppid, bootId: 'a-boot-before-the-last-reboot' }),
          ]
        : []),
    ]) {
      const dir = tempFolder('lock');
      writeFileSync(join(dir, lockFileName), stale);
      const lock = lockFolder(dir);
      expect(JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')).pid, stale).toBe(process.pid);
      lock.release();
    }
  });

  it('gives a contested stale lock to exactly one of twelve processes trying at the same moment', {
    timeout: PROCESS_TEST_MS,
  }, async () => {
    // A few contests, by the same twelve processes (a process's start is the costly part): the interleavings
    // that let two processes in are a matter of timing.
    const folders = Array.from({ length: 6 }, () => {
      const dir = tempFolder('lock');
      writeFileSync(join(dir, lockFileName), lockOf({ pid: deadPid() }));
      return dir;
    });
    const contenders = Array.from({ length: 12 }, () => {
      const child = spawn(process.execPath, ['tests/support/take-lock.ts', ...folders], { stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return { child, exited, said: (line: string) => out.split('\n').includes(line) };
    });
    try {
      await waitUntil(
        () => contenders.every((c) => c.said('ready')),
        60_000,
        () => 'contenders still starting',
      );
      for (const [contest, dir] of folders.entries()) {
        writeFileSync(`${dir}.go`, '');
        // Each one either holds the lock (until told the contest is over) or has been refused.
        await waitUntil(
          () => contenders.every((c) => c.said(`locked ${contest}`) || c.said(`refused ${contest}`)),
          60_000,
          () => `contenders still trying in contest ${contest}`,
        );
        expect(
          contenders.filter((c) => c.said(`locked ${contest}`)),
          `contest ${contest}`,
        ).toHaveLength(1);
        for (const c of contenders) c.child.stdin.write('over\n');
        await waitUntil(
          () => contenders.every((c) => c.said(`done ${contest}`)),
          60_000,
          () => `contenders still releasing in contest ${contest}`,
        );
        expect(readdirSync(dir), 'the lock and nothing else of it is left once released').toEqual([]);
      }
    } finally {
      for (const c of contenders) c.child.stdin.end();
      await Promise.all(contenders.map((c) => c.exited));
      for (const dir of folders) rmSync(`${dir}.go`, { force: true });
    }
  });

  it('refuses a lock from another machine (its processes cannot be checked) and says how to remove it', () => {
    const dir = tempFolder('lock');
    writeFileSync(join(dir, lockFileName), lockOf({ pid: 4242, host: 'other-machine' }));
    expect(() => lockFolder(dir)).toThrow(
      `is in use by process 4242 (npm start) on other-machine, started 2026-11-20T08:00:00.000Z. ` +
        `Stop that process, or set DATABASE_URL to use a PostgreSQL server. If nothing runs there any more, delete ${join(dir, lockFileName)}.`,
    );
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('two processes on one PGlite folder (runs in the PGlite pass)', () => {
  let dir: string;
  beforeAll(() => {
    dir = join(tempFolder('platform'), 'pglite');
  });

  it("refuses the second platform and the seed at once, naming the first one's pid; the first keeps answering and writing", {
    timeout: PROCESS_TEST_MS,
  }, async () => {
    const first = await startPlatformProcess(dir);
    const cart = await shopCall(first.url, 'POST', '/orders', { localeCode: 'fr_FR', channelCode: 'FR' });
    expect(cart.status).toBe(201);

    const port = await freePort();
    const second = runScript('src/backend/main.ts', { PORT_PLATFORM: String(port), DATA_DIR: dir });
    expect(await exitOf(second, 20_000)).toBe(1);
    const refusal = second.stderr().trim();
    expect(refusal).toBe(
      `The embedded database in ${dir} is in use by process ${first.pid} (node src/backend/main.ts), ` +
        `started ${JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')).startedAt}. Stop that process, or set DATABASE_URL to use a PostgreSQL server.`,
    );
    expect(second.stdout()).not.toContain('Platform');

    const seed = runScript('scripts/seed.ts', { DATA_DIR: dir });
    expect(await exitOf(seed, 20_000)).toBe(1);
    expect(seed.stderr().trim()).toBe(refusal);

    // The first one saw nothing of it: it reads what it wrote and keeps writing.
    expect((await shopCall(first.url, 'GET', `/orders/${cart.body.tokenValue}`)).status).toBe(200);
    const next = await shopCall(first.url, 'POST', '/orders', { localeCode: 'fr_FR', channelCode: 'FR' });
    expect(next.status).toBe(201);
    expect((await shopCall(first.url, 'GET', `/orders/${next.body.tokenValue}`)).status).toBe(200);

    // Stopped cleanly (SIGTERM, as a service manager does): the lock goes with it.
    first.process.kill('SIGTERM');
    expect(await exitOf(first)).toBe('SIGTERM');
    expect(existsSync(join(dir, lockFileName))).toBe(false);
  });

  it('starts over a lock left by a platform killed with kill -9, and finds its data', { timeout: PROCESS_TEST_MS }, async () => {
    const killed = await startPlatformProcess(dir);
    const cart = await shopCall(killed.url, 'POST', '/orders', { localeCode: 'fr_FR', channelCode: 'FR' });
    expect(cart.status).toBe(201);
    await killHard(killed);
    expect(JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')).pid).toBe(killed.pid);

    const next = await startPlatformProcess(dir);
    expect(next.stderr()).toContain(`Removed a stale lock on ${dir} left by process ${killed.pid}`);
    expect((await shopCall(next.url, 'GET', `/orders/${cart.body.tokenValue}`)).status).toBe(200);
    expect(JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')).pid).toBe(next.pid);
  });
});
