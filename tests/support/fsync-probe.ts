/**
 * Preloaded into a platform process (`node --import ./tests/support/fsync-probe.ts …`) to see what
 * reaches the disk: every fsync/fdatasync made through Node's fs (the only way JavaScript, PGlite's
 * included, can ask for one) appends "<call> <path>" to FSYNC_PROBE_LOG once it has returned. Written
 * before the call returns, so a line is there before any answer that waited for the fsync.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const log = process.env.FSYNC_PROBE_LOG;

const pathOf = (fd: number): string => {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return `fd:${fd}`;
  }
};
const record = (call: string, fd: number) => {
  if (log) fs.appendFileSync(log, `${call} ${pathOf(fd)}\n`);
};

/** fs's functions, writable: a module's exports are read-only to TypeScript. */
const mutable = fs as unknown as {
  fsyncSync: typeof fs.fsyncSync;
  fdatasyncSync: typeof fs.fdatasyncSync;
  fsync: (fd: number, callback: fs.NoParamCallback) => void;
  fdatasync: (fd: number, callback: fs.NoParamCallback) => void;
};

if (log) {
  const fsyncSync = fs.fsyncSync;
  const fdatasyncSync = fs.fdatasyncSync;
  const fsync = fs.fsync;
  const fdatasync = fs.fdatasync;
  mutable.fsyncSync = (fd) => {
    fsyncSync(fd);
    record('fsync', fd);
  };
  mutable.fdatasyncSync = (fd) => {
    fdatasyncSync(fd);
    record('fdatasync', fd);
  };
  mutable.fsync = (fd, callback) =>
    fsync(fd, (error) => {
      if (!error) record('fsync', fd);
      callback(error);
    });
  mutable.fdatasync = (fd, callback) =>
    fdatasync(fd, (error) => {
      if (!error) record('fdatasync', fd);
      callback(error);
    });
  const handle = await fs.promises.open(log, 'a');
  const prototype = Object.getPrototypeOf(handle) as { sync(): Promise<void>; datasync(): Promise<void>; fd: number };
  await handle.close();
  const sync = prototype.sync;
  const datasync = prototype.datasync;
  prototype.sync = async function (this: { fd: number }) {
    await sync.call(this);
    record('fsync', this.fd);
  };
  prototype.datasync = async function (this: { fd: number }) {
    await datasync.call(this);
    record('fdatasync', this.fd);
  };
  // `import { fsyncSync } from 'node:fs'` binds to the builtin's exports: bring those up to date too.
  syncBuiltinESMExports();
}
