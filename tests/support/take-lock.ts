/**
 * `node tests/support/take-lock.ts <folder>`: for the race test of db-folder-lock. Prints "ready", waits
 * for `<folder>.go` to exist (so that every contender tries at the same moment), then takes the folder's
 * lock and holds it until its stdin closes (prints "locked"), or prints the refusal and exits 1.
 */
import { existsSync } from 'node:fs';
import { DatabaseInUseError, lockFolder } from '../../src/backend/db/folder-lock.ts';

const folder = process.argv[2];
if (!folder) throw new Error('usage: take-lock.ts <folder>');
console.log('ready');
const until = Date.now() + 30_000;
while (!existsSync(`${folder}.go`)) {
  if (Date.now() > until) throw new Error('no go within 30 s');
  await new Promise((resolve) => setTimeout(resolve, 1));
}
try {
  const lock = lockFolder(folder);
  console.log('locked');
  process.stdin.resume();
  process.stdin.once('end', () => {
    lock.release();
    process.exit(0);
  });
} catch (error) {
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}
