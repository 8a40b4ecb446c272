/**
 * The REST API the sites' builds read: pages as large as the embedded content service allows (src/backend/content/
 * routes.ts: 100 by default, 500 at most), with the total, so a build reads the catalogue in a few requests.
 */
export default {
  rest: { defaultLimit: 100, maxLimit: 500, withCount: true },
};
