/**
 * The encoded pictures every build of this machine shares (src/site/image-service.ts): each file is made once,
 * whichever channel's build and whichever language asks for it first. Astro keeps its own cache per channel
 * (its cacheDir), so the BE build encoded again each French pack shot the FR build had just encoded.
 *
 * Two builds run at once (FR and BE, scripts/build.ts): the first to need a file claims it (a file created
 * only if absent), and the other waits for it rather than encoding it again. A claim older than a minute is a
 * stopped build's: one encoding takes well under a second.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const CLAIM_LIFETIME_MS = 60_000;
const CLAIM_POLL_MS = 25;
const foldersMade = new Map<string, Promise<unknown>>();

/**
 * The file named `key` in `folder`: kept from an earlier build, or awaited from the build making it now,
 * else made here by `make` (claimed first).
 */
export async function madeOnce(folder: string, key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  if (!foldersMade.has(folder)) foldersMade.set(folder, mkdir(folder, { recursive: true }));
  await foldersMade.get(folder);
  const file = join(folder, key);
  const claim = `${file}.encoding`;
  const kept = await readFile(file).catch(() => undefined);
  if (kept) return kept;
  const claimed = await writeFile(claim, String(process.pid), { flag: 'wx' }).then(
    () => true,
    () => false,
  );
  if (!claimed) {
    const theirs = await awaitClaimed(file, claim);
    if (theirs) return theirs;
  }
  try {
    const data = await make();
    // Written aside, then renamed: another build never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
    return data;
  } finally {
    if (claimed) await rm(claim, { force: true });
  }
}

/** The file another build claimed, once written; undefined if its claim ends without it or is too old. */
async function awaitClaimed(file: string, claim: string): Promise<Buffer | undefined> {
  for (;;) {
    const data = await readFile(file).catch(() => undefined);
    if (data) return data;
    const claimed = await stat(claim).catch(() => undefined);
    if (!claimed || Date.now() - claimed.mtimeMs > CLAIM_LIFETIME_MS) return readFile(file).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}
