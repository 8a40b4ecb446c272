/**
 * One process owns a PGlite folder. PGlite is PostgreSQL in a single process with no shared memory:
 * two processes on one folder each hand out the same ids, overwrite each other's pages and WAL, and
 * leave a folder that may no longer open. PostgreSQL's own postmaster.pid does not protect it either
 * (inside WebAssembly every PGlite reports pid 42), so the folder carries a lock file of ours.
 *
 * The lock file is written whole under a temporary name and hard-linked into place: link() fails when
 * the name exists, so taking the lock is atomic and a reader never sees half a lock file. A lock whose
 * process is gone (kill -9, a crash, a reboot) is stale and is broken by the next start.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, fstatSync, linkSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative } from 'node:path';
import { z } from 'zod';

export const lockFileName = 'maison-gamelle.lock';

const holderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  /** The kernel's boot id: a lock from before a reboot is stale whatever its pid. */
  bootId: z.string().nullable(),
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat): tells a reused pid apart. */
  startTicks: z.string().nullable(),
  command: z.string(),
  startedAt: z.string(),
  /** Tells our own lock file from one that replaced it. */
  token: z.string(),
});
export type LockHolder = z.infer<typeof holderSchema>;

export class DatabaseInUseError extends Error {
  readonly holder: LockHolder;
  readonly dataDir: string;
  constructor(dataDir: string, holder: LockHolder, lockPath: string) {
    const who = holder.pid === process.pid && holder.host === hostname() ? 'this process' : `process ${holder.pid} (${holder.command})`;
    const where = holder.host === hostname() ? '' : ` on ${holder.host}`;
    // One line that names the holder and the way out.
    super(
      `The embedded database in ${dataDir} is in use by ${who}${where}, started ${holder.startedAt}. ` +
        'Stop that process, or set DATABASE_URL to use a PostgreSQL server.' +
        (where ? ` If nothing runs there any more, delete ${lockPath}.` : ''),
    );
    this.name = 'DatabaseInUseError';
    this.holder = holder;
    this.dataDir = dataDir;
  }
}

export interface FolderLock {
  readonly path: string;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

/** Locks held by this process, so a second open of the same folder in one process is refused too. */
const heldHere = new Map<string, string>();

export function lockFolder(dataDir: string): FolderLock {
  const path = join(dataDir, lockFileName);
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    startTicks: processStat(process.pid)?.startTicks ?? null,
    command: describeCommand(),
    startedAt: new Date().toISOString(),
    token: randomUUID(),
  };
  const draft = `${path}.${me.token}`;
  writeFileSync(draft, `${JSON.stringify(me)}\n`, { flag: 'wx' });
  try {
    // Each round takes the lock, refuses, removes a stale lock, or waits for another process removing it.
    for (let round = 0; round < 200; round += 1) {
      try {
        linkSync(draft, path);
        heldHere.set(path, me.token);
        return { path, release: () => release(path, me.token) };
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error;
      }
      const current = readLock(path);
      if (!current) continue; // removed meanwhile: try again
      if (current.holder && isAlive(current.holder, path)) throw new DatabaseInUseError(dataDir, current.holder, path);
      if (removeStale(path, current, draft)) {
        console.warn(
          current.holder
            ? `Removed a stale lock on ${dataDir} left by process ${current.holder.pid} (it no longer runs).`
            : `Removed an unreadable lock file on ${dataDir}.`,
        );
      } else {
        pause(10);
      }
    }
    throw new Error(`Could not lock ${dataDir}: its lock file ${path} keeps changing. Is another process starting on it?`);
  } finally {
    unlinkSync(draft);
  }
}

function release(path: string, token: string): void {
  if (heldHere.get(path) !== token) return;
  heldHere.delete(path);
  try {
    if (readLock(path)?.holder?.token === token) unlinkSync(path);
  } catch {
    /* already gone: nothing to release */
  }
}

/** Releases every lock still held, synchronously: for process exit. */
export function releaseAllFolderLocks(): void {
  for (const [path, token] of [...heldHere]) release(path, token);
}

function readLock(path: string): { holder: LockHolder | null; ino: number } | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  }
  try {
    const { ino } = fstatSync(fd);
    let holder: LockHolder | null = null;
    try {
      holder = holderSchema.parse(JSON.parse(readFileSync(fd, 'utf8')));
    } catch {
      /* unreadable: stale (e.g. emptied by a power cut) */
    }
    return { holder, ino };
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes the stale lock, if it is still the file judged stale, while holding the breaker: a second lock
 * file taken the same atomic way. Without it, two starting processes could both judge the old lock stale,
 * the first remove it and take the folder, and the second remove the first one's fresh lock. Returns false
 * when another process is breaking the lock (or has already): the caller waits and looks again.
 */
function removeStale(path: string, stale: { holder: LockHolder | null; ino: number }, draft: string): boolean {
  const breaker = `${path}.break`;
  try {
    linkSync(draft, breaker);
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error;
    // A process that died holding the breaker (in the microseconds it holds it) must not block for ever.
    const other = readLock(breaker);
    if (other && !(other.holder && isAlive(other.holder, breaker))) {
      try {
        if (statSync(breaker).ino === other.ino) unlinkSync(breaker);
      } catch {
        /* gone meanwhile */
      }
    }
    return false;
  }
  try {
    // Only a breaker unlinks another process's lock, so between this check and the unlink the name
    // cannot change hands. The inode alone does not say it is still the stale file: once that file is
    // gone, a third process's fresh lock may be written on the same inode number, so its token must
    // match too (an unreadable stale file has none; a fresh lock always has one).
    const now = readLock(path);
    if (now?.ino !== stale.ino || (now.holder?.token ?? null) !== (stale.holder?.token ?? null)) return false;
    unlinkSync(path);
    return true;
  } finally {
    unlinkSync(breaker);
  }
}

/** Blocks this thread for a few milliseconds (lockFolder is synchronous and runs once, at start). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isAlive(holder: LockHolder, path: string): boolean {
  // Another machine (a shared folder): its processes cannot be checked from here.
  if (holder.host !== hostname()) return true;
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return false;
  // Our own pid: held by this process, or left by an earlier process that had our pid (a container restart).
  if (holder.pid === process.pid) return heldHere.get(path) === holder.token;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if (!isCode(error, 'EPERM')) return false; // ESRCH: no such process
  }
  const stat = processStat(holder.pid);
  if (stat?.state === 'Z' || stat?.state === 'X') return false; // killed, not yet reaped
  if (holder.startTicks && stat && stat.startTicks !== holder.startTicks) return false; // the pid was reused
  return true;
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** State and start time of a process from /proc (Linux); null elsewhere. */
function processStat(pid: number): { state: string; startTicks: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', startTicks: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/** What a person would recognise: `npm start`, `npm run seed`, or the script node runs. */
function describeCommand(): string {
  const event = process.env.npm_lifecycle_event;
  if (event) return ['start', 'test'].includes(event) ? `npm ${event}` : `npm run ${event}`;
  const script = process.argv[1];
  return script ? `node ${relative(process.cwd(), script) || script}` : 'node';
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
