/**
 * What a build left out of the content service's answers, and why: the report editors read after a publish.
 * Content is the editors' to break (a product published without a format, a required text emptied in one language,
 * an answer the service shapes wrongly); a build must not fail on it, nor publish it half-made. The client skips an
 * entry its schema refuses (src/lib/content/client.ts), the loaders skip a product with nothing to sell, and each
 * skip is a warning in the build's log and a line of the channel's report, `content-report.json` beside Astro's cache
 * of the channel (astroCacheDir: kept between builds, on Netlify too), which `npm run build` and the publish receiver
 * print after each build.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { astroCacheDir } from '../lib/local-defaults.ts';

import type { SkippedEntry } from '../lib/content/client.ts';

export const contentReportFile = (channel: string, env: Record<string, string | undefined>) =>
  join(astroCacheDir(channel, env), 'content-report.json');

/** The report of one build of a channel: entries added as the loaders meet them, the file rewritten as each loader ends. */
export function contentReport(channel: string, env: Record<string, string | undefined>) {
  const skipped: SkippedEntry[] = [];
  let warned = 0;
  const file = contentReportFile(channel, env);
  return {
    skip(entry: SkippedEntry) {
      skipped.push(entry);
    },
    /** Warns of the entries skipped since the last call (a loader's), and writes the report so far. */
    close(logger: { warn(message: string): void }) {
      for (const entry of skipped.slice(warned)) logger.warn(`left out ${entry.collection} ${entry.locale}/${entry.key}: ${entry.reason}`);
      warned = skipped.length;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify({ channel, skipped }, null, 2)}\n`);
    },
  };
}

/** The lines a build's log ends with: what was skipped, or nothing. */
export function reportSummary(channel: string, env: Record<string, string | undefined>): string[] {
  let skipped: SkippedEntry[] = [];
  try {
    skipped = (JSON.parse(readFileSync(contentReportFile(channel, env), 'utf8')) as { skipped: SkippedEntry[] }).skipped;
  } catch {
    return [];
  }
  if (skipped.length === 0) return [];
  return [
    `Content of ${channel}: ${skipped.length} entr${skipped.length === 1 ? 'y' : 'ies'} left out (${contentReportFile(channel, env)}):`,
    ...skipped.map((e) => `  ${e.collection} ${e.locale}/${e.key}: ${e.reason}`),
  ];
}
