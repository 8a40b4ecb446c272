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

/** What a channel's report holds: the entries left out, and those shown with a stand-in (another language's text). */
interface Report {
  skipped: SkippedEntry[];
  flagged: SkippedEntry[];
}

/** The report of one build of a channel: entries added as the loaders meet them, the file rewritten as each loader ends. */
export function contentReport(channel: string, env: Record<string, string | undefined>) {
  const report: Report = { skipped: [], flagged: [] };
  const warned = { skipped: 0, flagged: 0 };
  const file = contentReportFile(channel, env);
  return {
    skip(entry: SkippedEntry) {
      report.skipped.push(entry);
    },
    flag(entry: SkippedEntry) {
      report.flagged.push(entry);
    },
    /** Warns of the entries skipped or flagged since the last call (a loader's), and writes the report so far. */
    close(logger: { warn(message: string): void }) {
      for (const [list, verb] of [
        ['skipped', 'left out'],
        ['flagged', 'stand-in for'],
      ] as const) {
        for (const entry of report[list].slice(warned[list]))
          logger.warn(`${verb} ${entry.collection} ${entry.locale}/${entry.key}: ${entry.reason}`);
        warned[list] = report[list].length;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify({ channel, ...report }, null, 2)}\n`);
    },
  };
}

/** The lines a build's log ends with: what was skipped or flagged, or nothing. */
export function reportSummary(channel: string, env: Record<string, string | undefined>): string[] {
  let report: Partial<Report>;
  try {
    report = JSON.parse(readFileSync(contentReportFile(channel, env), 'utf8')) as Partial<Report>;
  } catch {
    return [];
  }
  const lines = (entries: SkippedEntry[] = [], what: string) =>
    entries.length === 0
      ? []
      : [
          `Content of ${channel}: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} ${what} (${contentReportFile(channel, env)}):`,
          ...entries.map((e) => `  ${e.collection} ${e.locale}/${e.key}: ${e.reason}`),
        ];
  return [...lines(report.skipped, 'left out'), ...lines(report.flagged, 'shown in another language')];
}
