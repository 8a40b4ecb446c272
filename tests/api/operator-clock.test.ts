/**
 * The demonstrations' clock (/operator/clock and `npm run clock`) reaches only its own platform (issue 43):
 * the endpoint answers a call that proves it shares the platform's database (the database's clock key, or
 * the lock token of the PGlite folder the platform's process holds), and the command pointed at another
 * database never moves this platform's clock, whatever answers on the port: it works on its own database.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryPglite } from '../../src/backend/db/database.ts';
import { lockFolder } from '../../src/backend/db/folder-lock.ts';
import { migrate } from '../../src/backend/db/migrate.ts';
import { DATABASE_FOLDER_HEADER, folderHolder } from '../../src/backend/operator/clock.ts';
import { demoClock, readClockKey } from '../../src/backend/scheduler/clock.ts';
import { PROCESS_TEST_MS } from '../support/platform-process.ts';
import { testDatabaseUrl } from '../support/test-database.ts';
import { seededDatabase, testPlatform, type TestPlatform } from './platform.ts';

const DAY_MS = 86_400_000;
/**
 * The PGlite folders' tests (a folder's lock token, the command on a folder) do not depend on the pass's
 * database: the PGlite pass alone runs them (each command opens and migrates a folder: tens of seconds).
 */
const onServerPass = Boolean(testDatabaseUrl());
let platform: TestPlatform;
let key: string;
const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'clock-'));
  folders.push(folder);
  return folder;
};

beforeAll(async () => {
  platform = await testPlatform();
  key = (await readClockKey(platform.db))!;
});
afterAll(async () => {
  await platform.db.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const offsetOf = async () =>
  Number((await platform.db.query<{ offset_ms: string | number }>('SELECT offset_ms FROM shop.clock_offset'))[0]?.offset_ms ?? 0);

const call = (headers: Record<string, string>, body?: object) =>
  platform.request('/operator/clock', {
    method: body ? 'POST' : 'GET',
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('the clock endpoint', () => {
  it('has a random key of its database, the same for every instance on it', async () => {
    expect(key).toMatch(/^[\w-]{43}$/);
    // A second instance on the database takes the key the first one made.
    expect((await demoClock(platform.db)).key).toBe(key);
    // The run's migrated database where there is one (the PGlite pass), else migrated here.
    const { template } = seededDatabase();
    const { db: another } = await openMemoryPglite(template);
    try {
      if (!template) await migrate(another);
      expect(await readClockKey(another)).toBeNull();
      // Another database, another key.
      expect((await demoClock(another)).key).not.toBe(key);
    } finally {
      await another.close();
    }
  });

  it('answers a call with its database’s key, and moves the clock', async () => {
    const shown = await call({ authorization: `Bearer ${key}` });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ offsetMs: 0 });
    const moved = await call({ authorization: `Bearer ${key}` }, { advance: '2d' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ offsetMs: 2 * DAY_MS, scheduler: expect.any(Object) });
    expect(await offsetOf()).toBe(2 * DAY_MS);
    expect((await call({ authorization: `Bearer ${key}` }, { reset: true })).body).toMatchObject({ offsetMs: 0 });
  });

  it('refuses, with nothing moved, a call without the key, with another key, or from a page of another site', async () => {
    const refusedHeaders: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-the-key' },
      { authorization: key },
      { authorization: `Bearer ${key}x` },
    ];
    for (const headers of refusedHeaders) {
      expect((await call(headers)).status).toBe(401);
      const refused = await call(headers, { advance: '5d' });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: expect.stringContaining('npm run clock') });
    }
    const page = await call({ authorization: `Bearer ${key}`, 'sec-fetch-site': 'cross-site' }, { advance: '5d' });
    expect(page.status).toBe(403);
    expect(await offsetOf()).toBe(0);
  });

  it.skipIf(onServerPass)("takes the lock token of a PGlite folder its own process holds, and no other folder's", async () => {
    const own = newFolder();
    const lock = lockFolder(own);
    try {
      const token = folderHolder(own)!.token;
      expect((await call({ authorization: `Bearer ${token}`, [DATABASE_FOLDER_HEADER]: own })).status).toBe(200);
      expect((await call({ authorization: 'Bearer another-token', [DATABASE_FOLDER_HEADER]: own })).status).toBe(401);
      // The key of the database is not the folder's token, and a path must be the folder's own.
      expect((await call({ authorization: `Bearer ${key}`, [DATABASE_FOLDER_HEADER]: own })).status).toBe(401);
      expect((await call({ authorization: `Bearer ${token}`, [DATABASE_FOLDER_HEADER]: 'clock-folder' })).status).toBe(401);
      expect((await call({ authorization: `Bearer ${token}`, [DATABASE_FOLDER_HEADER]: newFolder() })).status).toBe(401);
    } finally {
      lock.release();
    }
    const held = await heldByAnotherProcess();
    try {
      const token = folderHolder(held.folder)!.token;
      expect((await call({ authorization: `Bearer ${token}`, [DATABASE_FOLDER_HEADER]: held.folder }, { advance: '5d' })).status).toBe(401);
    } finally {
      await held.release();
    }
    expect(await offsetOf()).toBe(0);
  });
});

// Each case runs the command as a process, which opens (and, for a new folder, migrates and seeds) a database.
describe('npm run clock', { timeout: PROCESS_TEST_MS }, () => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.skipIf(onServerPass)('moves the clock through the platform that holds its PGlite folder, and runs its scheduler', async () => {
    // The platform of this test runs in this process: holding a folder's lock makes it the folder's platform.
    const own = newFolder();
    const lock = lockFolder(own);
    try {
      const run = await runClock(['advance', '3d'], { PORT_PLATFORM: String(port), DATA_DIR: own });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('(real time + 3 days)');
      expect(run.stdout).toContain('Scheduler run: {');
      expect(await offsetOf()).toBe(3 * DAY_MS);
      const reset = await runClock(['reset'], { PORT_PLATFORM: String(port), DATA_DIR: own });
      expect(reset.stdout).toContain('(real time)');
      expect(await offsetOf()).toBe(0);
    } finally {
      lock.release();
    }
  });

  it.skipIf(onServerPass)(
    'leaves the platform on the port alone when pointed at another PGlite folder: it moves that folder’s clock',
    async () => {
      const other = newFolder();
      const run = await runClock(['advance', '2w'], { PORT_PLATFORM: String(port), DATA_DIR: other });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('(real time + 14 days)');
      expect(run.stdout).not.toContain('Scheduler run');
      expect(await offsetOf()).toBe(0);
      // Written in that folder: the command reads it back from there.
      const shown = await runClock(['show'], { PORT_PLATFORM: String(port), DATA_DIR: other });
      expect(shown.stdout).toContain('(real time + 14 days)');
      expect(await offsetOf()).toBe(0);
    },
  );

  it.skipIf(onServerPass)('refuses a folder another process holds, naming it, and moves no clock', async () => {
    const held = await heldByAnotherProcess();
    try {
      const run = await runClock(['advance', '5d'], { PORT_PLATFORM: String(port), DATA_DIR: held.folder });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(`The platform at http://127.0.0.1:${port} runs on another database.`);
      expect(run.stderr).toContain(`is in use by process ${held.pid}`);
    } finally {
      await held.release();
    }
    expect(await offsetOf()).toBe(0);
  });

  it.runIf(testDatabaseUrl())('moves the clock through the platform on its PostgreSQL database (its key read there)', async () => {
    const run = await runClock(['advance', '12h'], { PORT_PLATFORM: String(port), DATABASE_URL: testDatabaseUrl()! });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('(real time + 0.50 days)');
    expect(run.stdout).toContain('Scheduler run: {');
    expect(await offsetOf()).toBe(DAY_MS / 2);
    await runClock(['reset'], { PORT_PLATFORM: String(port), DATABASE_URL: testDatabaseUrl()! });
    expect(await offsetOf()).toBe(0);
  });
});

/** A folder whose lock another process holds (tests/support/take-lock.ts), as a platform's would be. */
async function heldByAnotherProcess(): Promise<{ folder: string; pid: number; release: () => Promise<void> }> {
  const folder = newFolder();
  const child = spawn(process.execPath, ['tests/support/take-lock.ts', folder], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const until = Date.now() + 30_000;
  const waitFor = async (text: string) => {
    while (!out.includes(text)) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`take-lock did not print ${text}: ${out}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await waitFor('ready');
  writeFileSync(`${folder}.go`, '');
  folders.push(`${folder}.go`);
  await waitFor('locked');
  return {
    folder,
    pid: child.pid!,
    release: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
      if (existsSync(`${folder}.go`)) rmSync(`${folder}.go`);
    },
  };
}

function runClock(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['scripts/clock.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
