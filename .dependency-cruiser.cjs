/**
 * The import rules of the architecture, held by tests/unit/import-rules.test.ts (and usable with
 * `npx depcruise src`). The folders are a map of the layers: a path says which side of a boundary a file
 * is on, so a rule on paths keeps the boundary. Type-only imports count: a type pulled across a boundary
 * couples the two sides just as a value does.
 *
 * Paths are relative to the folder that is cruised (the project, or the test's fixture tree).
 */

/**
 * Frameworks, resolved into node_modules, or Astro's virtual modules (astro:env, astro:content…). nanostores is one:
 * its stores are how islands share state (src/stores), not a part of the domain.
 */
const framework = [
  '^astro:',
  '(^|/)node_modules/(react|react-dom|astro|@astrojs/[^/]+|nanostores|@nanostores/react|nanostores-react)/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-no-framework',
      comment: 'src/lib is framework-free (no React, Astro or nanostores): the backend, the build and the islands all use it.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: framework },
    },
    {
      name: 'lib-no-upper-layer',
      comment: 'src/lib sits under every other layer, so it imports none of them.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(backend|islands|stores|components|pages|layouts)/' },
    },
    {
      name: 'backend-only-lib',
      comment: 'The platform imports nothing of the front end but src/lib (and itself).',
      severity: 'error',
      from: { path: '^src/backend/' },
      to: { path: '^src/', pathNot: '^src/(lib|backend)/' },
    },
    {
      name: 'islands-no-backend',
      comment: 'Islands run in the browser and talk to the platform over HTTP only.',
      severity: 'error',
      from: { path: '^src/islands/' },
      to: { path: '^src/backend/' },
    },
    {
      name: 'islands-no-other-family',
      comment: 'An island family never imports another one: they meet in stores. src/islands/shared is for all.',
      severity: 'error',
      from: { path: '^src/islands/([^/]+)/' },
      to: { path: '^src/islands/', pathNot: ['^src/islands/$1/', '^src/islands/shared/'] },
    },
    {
      name: 'stores-no-islands',
      comment: 'Stores are what islands share; an island is never what a store builds on.',
      severity: 'error',
      from: { path: '^src/stores/' },
      to: { path: '^src/islands/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
