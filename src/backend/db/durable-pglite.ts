/**
 * PGlite on a folder, made as durable as PostgreSQL on a disk: a write is acknowledged only once its
 * WAL record has been fsync()ed to the disk.
 *
 * Out of the box PGlite (0.5) never reaches the disk: it starts PostgreSQL with `-F` (fsync=off), its
 * WebAssembly libc turns fdatasync() into a no-op, and Emscripten's NODEFS has no fsync operation, so
 * fsync() is a no-op too. Its `relaxedDurability` and `syncToFs` options do not help on Node: NodeFS's
 * syncToFs() does nothing (it exists for the browser's IndexedDB copy). Data then survives kill -9 (the
 * writes are in the kernel's page cache) but not a power cut or a kernel crash.
 *
 * So: PostgreSQL runs with fsync=on and wal_sync_method=fsync (fdatasync() cannot be reached), and
 * NODEFS gets an fsync operation that calls the real fsync(2). PostgreSQL then does what it does on
 * any disk: COMMIT returns after the WAL is on disk (synchronous_commit=on), checkpoints fsync the data
 * files before the WAL they replace is recycled, and a start after a crash replays the WAL. Because the
 * fsync happens inside COMMIT, it covers every way a transaction ends (query(), exec() and
 * transaction() alike); read-only statements write no WAL and cost no fsync.
 */
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

type PostgresModule = Parameters<NodeFS['init']>[1];

/** The subset of Emscripten's NODEFS we touch; checked at run time because PGlite does not type it. */
interface NodeFsStreamOps {
  fsync?: (stream: { nfd: number }) => number;
}
interface EmscriptenNodeFs {
  stream_ops: NodeFsStreamOps;
  tryFSOperation<T>(operation: () => T): T;
}

const durableSettings = ['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

class DurableNodeFS extends NodeFS {
  fsyncInstalled = false;

  override async init(pg: PGlite, opts: PostgresModule) {
    const result = await super.init(pg, opts);
    const installFsync = (mod: PostgresModule) => {
      const nodefs = (mod as { NODEFS?: Partial<EmscriptenNodeFs> }).NODEFS;
      if (!nodefs?.stream_ops || typeof nodefs.tryFSOperation !== 'function') return;
      const tryOperation = nodefs.tryFSOperation.bind(nodefs);
      // Every file and directory of the mount shares this stream_ops object, so one property covers them.
      // tryFSOperation turns Node's errors into errno values PostgreSQL understands (it PANICs on a failed
      // fsync, as it should: data_sync_retry=off).
      nodefs.stream_ops.fsync = (stream) => {
        tryOperation(() => fsyncSync(stream.nfd));
        return 0;
      };
      this.fsyncInstalled = true;
    };
    const preRun = [...(result.emscriptenOpts.preRun ?? []), installFsync];
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}

export async function openDurablePglite(folder: string): Promise<PGlite> {
  const fresh = !existsSync(join(folder, 'PG_VERSION'));
  const fs = new DurableNodeFS(folder);
  const startParams = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), ...durableSettings];
  const db = await PGlite.create({ fs, startParams, relaxedDurability: false });
  try {
    const [setting] = (await db.query<{ fsync: string }>('SHOW fsync')).rows;
    // Refuse rather than run without the promise: a PGlite upgrade may rename what is patched here.
    if (!fs.fsyncInstalled || setting?.fsync !== 'on') {
      throw new Error(
        'PGlite could not be made durable (no fsync reaches the disk): check the @electric-sql/pglite version against src/backend/db/durable-pglite.ts.',
      );
    }
    // initdb wrote the new cluster without fsync: put it on disk before anything is acknowledged on it.
    if (fresh) fsyncTree(folder);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** fsync()s every file and directory under a folder (directories too, so new names are durable). */
function fsyncTree(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fsyncTree(path);
    else if (entry.isFile()) fsyncPath(path);
  }
  fsyncPath(folder);
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
