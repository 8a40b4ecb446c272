/**
 * The islands every page may load on demand (the mini cart when it first opens, the header's search
 * suggestions, a marketing popup, the footer's newsletter sign-up), one import further. A dynamic import's chunk carries the list of every
 * file its target loads, so that they are fetched at once; imported from here, those lists (React, the
 * stores, the schemas…: about 0.5 KB gzip per island) are in this small chunk, fetched on the first
 * demand, and not in the scripts every page downloads before any interaction (tests/e2e/js-budgets.spec.ts).
 * The mini cart's and the suggestions' texts are fetched beside their code (src/i18n/on-demand.ts).
 */
import { loadMessages, ON_DEMAND_MESSAGES } from '../i18n/on-demand.ts';
import { languageOf, type LocaleCode } from '../lib/channels.ts';

export const loadMiniCart = (locale: LocaleCode) =>
  Promise.all([import('../islands/cart/MiniCartIsland.tsx'), loadMessages(languageOf(locale), ON_DEMAND_MESSAGES.miniCart)]);
export const loadSearchSuggestions = (locale: LocaleCode) =>
  Promise.all([import('../islands/search/header-box.ts'), loadMessages(languageOf(locale), ON_DEMAND_MESSAGES.searchSuggestions)]);
export const loadMarketingPopup = () => import('../islands/marketing/MarketingPopup.tsx');
export const loadNewsletterForm = () => import('../islands/shared/newsletter/footer.ts');
