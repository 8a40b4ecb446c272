/**
 * Keeping a built tree up to date from another one, file by file, for the build's in-place reuse of an old
 * tree (scripts/build.ts): copying a whole catalogue's tree (hundreds of MB) took longer than rendering
 * the pages one edit changes. A file is copied when its size or modification time differ, with the
 * source's time, so the next mirror skips it; what the source lacks is removed.
 */
import { copyFileSync, lstatSync, mkdirSync, readdirSync, rmSync, type Stats, utimesSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes `target` hold exactly the files of `source` (created if missing), but for the entries of `source`
 * named in `skipped`, neither copied nor removed. Returns how many files it copied.
 */
export function mirrorTree(source: string, target: string, skipped: ReadonlySet<string> = new Set()): number {
  mkdirSync(target, { recursive: true });
  const wanted = new Set(readdirSync(source).filter((name) => !skipped.has(name)));
  for (const name of readdirSync(target)) {
    if (!wanted.has(name) && !skipped.has(name)) rmSync(join(target, name), { recursive: true, force: true });
  }
  let copied = 0;
  for (const name of wanted) {
    const from = join(source, name);
    const to = join(target, name);
    const stats = lstatSync(from);
    const existing = statOrNull(to);
    if (stats.isDirectory()) {
      if (existing && !existing.isDirectory()) rmSync(to, { force: true });
      copied += mirrorTree(from, to);
    } else if (!existing?.isFile() || existing.size !== stats.size || !sameMillisecond(existing, stats)) {
      if (existing?.isDirectory()) rmSync(to, { recursive: true, force: true });
      copyFileSync(from, to);
      // In seconds with their fraction: a Date keeps whole milliseconds, rounded, so a file written at .6366 ms
      // came out at .637 and was copied again by every mirror after.
      utimesSync(to, stats.atimeMs / 1000, stats.mtimeMs / 1000);
      copied += 1;
    }
  }
  return copied;
}

/**
 * Removes the files of `root` last written before `since` and not named in `kept` (paths relative to
 * `root`), then the folders left empty: what an earlier build wrote and this one no longer makes.
 */
export function removeUnwritten(root: string, since: number, kept: ReadonlySet<string>): number {
  let removed = 0;
  const walk = (folder: string, prefix: string): boolean => {
    let empty = true;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const relative = prefix + entry.name;
      if (entry.isDirectory()) {
        if (walk(path, `${relative}/`)) rmSync(path, { recursive: true });
        else empty = false;
      } else if (!kept.has(relative) && lstatSync(path).mtimeMs < since) {
        rmSync(path);
        removed += 1;
      } else {
        empty = false;
      }
    }
    return empty;
  };
  walk(root, '');
  return removed;
}

/** Times within a millisecond of each other: a time set through utimes may differ from its source below that. */
const sameMillisecond = (a: Stats, b: Stats) => Math.abs(a.mtimeMs - b.mtimeMs) < 1;

function statOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
