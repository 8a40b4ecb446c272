/**
 * The FAQ's questions matching a query, asked of the search service's articles index (the FAQ's
 * questions only: facetFilters type:faq), so typos, plurals and accents find them as on the search page.
 * Imported by the FAQ page's script (src/page-scripts/faq-search.ts) the first time a shopper searches:
 * the lite client, no framework.
 */
import type { LocaleCode } from '../../lib/channels.ts';
import { createSearchClient, searchFailure, type SearchFailure } from '../../lib/search/client.ts';
import { articleHit, validHits } from '../../lib/search/hits.ts';
import { indexName } from '../../lib/search/records.ts';
import { searchSettings } from './settings.ts';

/** More than any FAQ holds: every matching question is shown, in the service's order. */
const MAX_QUESTIONS = 100;

export interface FaqQuestion {
  /** The question's anchor on its category's page (FaqView gives each question its key as id). */
  id: string;
  title: string;
  url: string;
}

export type FaqAnswer = { questions: FaqQuestion[] } | { failure: SearchFailure };

const client = createSearchClient(searchSettings);

export async function askFaq(locale: LocaleCode, query: string): Promise<FaqAnswer> {
  try {
    const { results } = await client.search({
      requests: [
        {
          indexName: indexName('articles', locale),
          query,
          facetFilters: [['type:faq']],
          hitsPerPage: MAX_QUESTIONS,
          attributesToRetrieve: ['objectID', 'title', 'url', 'excerpt', 'type'],
          attributesToHighlight: [],
        },
      ],
    });
    const result = results[0];
    const hits = validHits(articleHit, result && 'hits' in result ? result.hits : []);
    return {
      questions: hits
        .filter((hit) => hit.type === 'faq')
        .map((hit) => ({ id: decodeURIComponent(hit.url.split('#')[1] ?? ''), title: hit.title, url: hit.url })),
    };
  } catch (error) {
    return { failure: searchFailure(error) };
  }
}
