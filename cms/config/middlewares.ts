/**
 * Strapi's own middlewares, in its order: nothing of the shop's runs in Strapi's request path. Its favicon one is
 * left out: it serves a favicon.png at the project's root, which this project has no use for (the admin panel
 * brings its own icon).
 */
export default [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::public',
];
