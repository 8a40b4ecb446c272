/**
 * Strapi's own middlewares, in its order, and one of this project's: a request without a token reads published
 * entries only (src/middlewares/published-only.ts: Strapi 5 answers `?status=draft` to its public role). Strapi 5
 * refuses to start without its favicon one ("Missing required middlewares"), which serves cms/favicon.png: the
 * shop's own (public/favicon.svg, drawn at 64 px), so a tab on Strapi's admin shows the shop's paw.
 */
export default [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'global::published-only',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
