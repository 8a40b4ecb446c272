/**
 * The build's search settings (astro.config.mjs: PUBLIC_SEARCH_APP_ID, PUBLIC_SEARCH_API_KEY,
 * PUBLIC_SEARCH_URL), read once for the search page, the header's box and the FAQ search.
 */
import { PUBLIC_SEARCH_API_KEY, PUBLIC_SEARCH_APP_ID, PUBLIC_SEARCH_URL } from 'astro:env/client';
import type { SearchSettings } from '../../lib/search/client.ts';

export const searchSettings: SearchSettings = { appId: PUBLIC_SEARCH_APP_ID, apiKey: PUBLIC_SEARCH_API_KEY, url: PUBLIC_SEARCH_URL };
