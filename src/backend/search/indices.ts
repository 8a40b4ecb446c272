/**
 * The search indices of this platform instance, built from the database on first use and kept fresh.
 *
 * How a publish reaches the search on every instance: the content tables move a revision counter in the
 * same transaction as the write (migration 021, statement triggers). A query reads that one row when the
 * last reading is older than `refreshEveryMs` (2 s by default, SEARCH_REFRESH_SECONDS), so an instance
 * asks the database at most once per interval however busy it is, and no message has to reach each
 * instance behind the load balancer (a webhook would reach one). When the revision moved, the indices are
 * built again and the queries of that moment wait for them: a publish is rare, while answering from the
 * old indices would show a shopper a product that is gone or a price that changed. The wait is that of a
 * build: a fraction of a second for the shop's catalogue, 3 to 4 s for a language at the benchmark's
 * 10,000 products (most of it reading them from the database).
 */
import type { Queryable } from '../db/database.ts';
import { languageOf, type Language, type LocaleCode } from '../../lib/channels.ts';
import { buildLanguageRecords } from './records.ts';
import { buildLanguageIndex, type LanguageIndex } from './engine.ts';

/**
 * Where the records' images are said to be while indexed: the answer puts the caller's own address of the
 * content service's uploads in its place (as the content service names its images, content/routes.ts).
 */
export const INDEXED_UPLOADS_URL = 'http://search.invalid/content/uploads/';

export interface SearchIndices {
  /** The indices of a locale's language (fr_FR and fr_BE share the French ones). */
  of(locale: LocaleCode): Promise<LanguageIndex>;
}

export function searchIndices(
  db: Queryable,
  { refreshEveryMs, now = Date.now }: { refreshEveryMs: number; now?: () => number },
): SearchIndices {
  let revision: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | undefined;
  const built = new Map<Language, Promise<LanguageIndex>>();

  const check = async () => {
    const [row] = await db.query<{ value: string }>('SELECT value::text AS value FROM content.revision');
    checkedAt = now();
    const value = row?.value ?? '0';
    if (value !== revision) {
      // Read before the rebuild's own reads: a write in between only makes the next check rebuild once more.
      revision = value;
      built.clear();
    }
  };

  return {
    async of(locale) {
      if (now() - checkedAt >= refreshEveryMs) {
        // Concurrent queries share one reading.
        checking ??= check().finally(() => {
          checking = undefined;
        });
        await checking;
      }
      const language = languageOf(locale);
      let index = built.get(language);
      if (!index) {
        index = buildLanguageRecords(db, language, INDEXED_UPLOADS_URL).then((records) => buildLanguageIndex(language, records));
        built.set(language, index);
        // A failed build (the database away) is tried again by the next query rather than kept.
        index.catch(() => {
          if (built.get(language) === index) built.delete(language);
        });
      }
      return index;
    },
  };
}
