/**
 * The scripts every page of the layout runs (src/layouts/Layout.astro), bundled as one module: one request
 * and one chunk's wrapper instead of one per script. In the order of the page: the consent banner
 * (consent.ts), whose answer marketing.ts and analytics.ts read; the loading bar; the new-build notice and
 * the route rules' check (build-watch.ts); the product cards fetched as they come into view
 * (visible-links.ts); the footer's newsletter form (newsletter-footer.ts). Each loads the rest of its work
 * only when it is needed.
 */
import './consent.ts';
import './marketing.ts';
import './analytics.ts';
import './loading-bar.ts';
import './build-watch.ts';
import './visible-links.ts';
import './newsletter-footer.ts';
