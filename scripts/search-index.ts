/**
 * `npm run search-index`: pushes the search records (the very ones the platform's embedded search service
 * answers with: src/backend/search/records.ts) to a real Algolia application, three indices per locale
 * (products_fr_FR, categories_nl_BE…), for a production site whose PUBLIC_SEARCH_URL is `algolia`.
 *
 * ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY (a key allowed to write and change settings) name the application;
 * without them it says so and does nothing. Each index gets its settings (searchable attributes in order,
 * searchable facets, the language's plurals and stop words), then all its objects are replaced at once
 * (Algolia's replaceAllObjects: a temporary index moved over the old one, so searches never see half an
 * index). The catalogue is read from DATABASE_URL (or the local PGlite of DATA_DIR); the pictures' URLs
 * are the content service's uploads at CONTENT_API_URL. Run it after each publish (the content service's
 * webhook) or on a schedule.
 */
import { algoliasearch } from 'algoliasearch';
import { exitIfDatabaseInUse, openDatabase } from '../src/backend/db/database.ts';
import { migrate } from '../src/backend/db/migrate.ts';
import { buildLanguageRecords } from '../src/backend/search/records.ts';
import { algoliaSettings } from '../src/backend/search/engine.ts';
import { languageOf, languages, localeCodes } from '../src/lib/channels.ts';
import { LOCAL_CONTENT_API_URL } from '../src/lib/local-defaults.ts';
import { indexName, type SearchIndexKind } from '../src/lib/search/records.ts';

const appId = process.env.ALGOLIA_APP_ID?.trim();
const adminKey = process.env.ALGOLIA_ADMIN_KEY?.trim();
if (!appId || !adminKey) {
  console.log(
    'ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY are not set: nothing pushed to Algolia (the embedded search service on the platform needs no indexing).',
  );
  process.exit(0);
}

const uploadsUrl = `${(process.env.CONTENT_API_URL || LOCAL_CONTENT_API_URL).replace(/\/+$/, '')}/uploads/`;
const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }).catch(exitIfDatabaseInUse);
try {
  await migrate(db);
  const client = algoliasearch(appId, adminKey);
  const kinds: SearchIndexKind[] = ['products', 'categories', 'articles'];
  for (const language of languages) {
    const records = await buildLanguageRecords(db, language, uploadsUrl);
    for (const locale of localeCodes.filter((l) => languageOf(l) === language)) {
      for (const kind of kinds) {
        const name = indexName(kind, locale);
        const objects = records[kind].map((entry) => ({ ...entry.record }));
        const settings = await client.setSettings({ indexName: name, indexSettings: algoliaSettings(kind, language) });
        await client.waitForTask({ indexName: name, taskID: settings.taskID });
        await client.replaceAllObjects({ indexName: name, objects, batchSize: 1000 });
        console.log(`${name}: ${objects.length} records`);
      }
    }
  }
} finally {
  await db.close();
}
