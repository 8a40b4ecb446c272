/**
 * `node tests/support/take-lock.ts <folder> [<folder>…]`: a process contending for folder locks, for
 * db-folder-lock's race test (many contests, the same processes) and operator-clock's held folder (one).
 * Prints "ready", then for each folder in turn: waits for `<folder>.go` to exist (so that every contender
 * tries at the same moment), takes the folder's lock (prints "locked <n>") or is refused (prints the
 * refusal on stderr and "refused <n>"), and holds what it got until a line or the end of its stdin, then
 * releases it ("done <n>"). The end of stdin ends the process. Refused on its only folder, it exits 1 at
 * once, as a second platform does.
 */
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { DatabaseInUseError, lockFolder } from '../../src/backend/db/folder-lock.ts';

const folders = process.argv.slice(2);
if (!folders.length) throw new Error('usage: take-lock.ts <folder> [<folder>…]');
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
console.log('ready');
for (const [n, folder] of folders.entries()) {
  const until = Date.now() + 30_000;
  while (!existsSync(`${folder}.go`)) {
    if (Date.now() > until) throw new Error('no go within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  let lock: ReturnType<typeof lockFolder> | undefined;
  try {
    lock = lockFolder(folder);
    console.log(`locked ${n}`);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    if (folders.length === 1) process.exit(1);
    console.log(`refused ${n}`);
  }
  const ended = (await lines.next()).done;
  lock?.release();
  console.log(`done ${n}`);
  if (ended) break;
}
process.exit(0);
