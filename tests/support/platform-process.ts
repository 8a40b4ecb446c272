/**
 * The platform as a real process (`node src/backend/main.ts`) on a PGlite folder of the test's own, for
 * the tests of what only processes show: two processes on one folder, kill -9, a restart. Every wait is
 * bounded; every child and folder is removed by `cleanUp()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const NODE = 'node_modules/.bin/node';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
  });

export interface Child {
  process: ChildProcess;
  pid: number;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has exited and been reaped. */
  exited: Promise<number | string>;
}

const children = new Set<Child>();
const folders = new Set<string>();

/** A fresh temporary folder, removed by cleanUp(). */
export function tempFolder(label: string): string {
  const folder = mkdtempSync(join(tmpdir(), `mg-${label}-`));
  folders.add(folder);
  return folder;
}

/**
 * Runs a script with a minimal environment: nothing of the caller's DATABASE_URL or DATA_DIR leaks in,
 * so a test meant for a PGlite folder never touches the server of the PostgreSQL pass.
 */
export function runScript(script: string, env: Record<string, string>, nodeArgs: string[] = []): Child {
  const child = spawn(NODE, [...nodeArgs, script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), JWT_SECRET: 'process-test-secret-0123456789abcdef', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const result: Child = { process: child, pid: child.pid!, stdout: () => stdout, stderr: () => stderr, exited };
  children.add(result);
  void exited.then(() => children.delete(result));
  return result;
}

/** The end of a process's error output: enough to see why, without a minified bundle's source line. */
const tail = (text: string, length = 1500) => (text.length > length ? `…${text.slice(-length)}` : text);

export interface PlatformChild extends Child {
  url: string;
}

/** Starts the platform on `dataDir` and a free port; resolves once /health answers. */
export async function startPlatformProcess(
  dataDir: string,
  options: { env?: Record<string, string>; nodeArgs?: string[]; timeoutMs?: number } = {},
): Promise<PlatformChild> {
  const port = await freePort();
  const child = runScript('src/backend/main.ts', { PORT_PLATFORM: String(port), DATA_DIR: dataDir, ...options.env }, options.nodeArgs);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => {
      if (child.process.exitCode !== null || child.process.signalCode !== null) {
        throw new Error(`the platform exited (${child.process.exitCode ?? child.process.signalCode}): ${tail(child.stderr())}`);
      }
      return answers(`${url}/health`);
    },
    options.timeoutMs ?? 90_000,
    () => `the platform on ${dataDir} did not answer: ${tail(child.stderr())}`,
  );
  return { ...child, url };
}

export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** Polls `check` every 50 ms until it returns true; throws `explain()` after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, explain: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms: ${explain()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for a child's exit, bounded. */
export async function exitOf(child: Child, timeoutMs = 30_000): Promise<number | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`process ${child.pid} did not exit within ${timeoutMs} ms: ${tail(child.stderr())}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([child.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** kill -9, and wait until the process is gone (reaped). */
export async function killHard(child: Child): Promise<void> {
  child.process.kill('SIGKILL');
  await exitOf(child);
}

/** Stops every child still running (kill -9) and removes the temporary folders. */
export async function cleanUp(): Promise<void> {
  await Promise.all(
    [...children].map(async (child) => {
      child.process.kill('SIGKILL');
      await exitOf(child, 10_000).catch(() => {});
    }),
  );
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders.clear();
}

const jsonObject = z.record(z.string(), z.unknown());

/**
 * Calls of the shop API over HTTP, JSON-LD in and out. The answer's body is its JSON object (every route
 * answers one, errors included), or `{ text }` when it is none (an empty answer, a crash page).
 */
export async function shopCall(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Readonly<Record<string, unknown>> }> {
  const response = await fetch(`${base}/api/v2/shop${path}`, {
    method,
    headers: {
      accept: 'application/ld+json',
      ...(body === undefined ? {} : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/ld+json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  const answer = jsonObject.safeParse(parsed);
  return { status: response.status, body: answer.success ? answer.data : { text } };
}

/**
 * The time limit of a test that starts platforms or commands as processes (each boot on a fresh folder migrates and
 * seeds it): 25 to 58 s under the load of npm test's other passes, twice that on a slow day.
 */
export const PROCESS_TEST_MS = 180_000;
