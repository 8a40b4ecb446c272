/**
 * The import rules of the architecture, held by tests/unit/import-rules.test.ts (and usable with
 * `npx depcruise src`). The folders are a map of the layers: a path says which side of a boundary a file
 * is on, so a rule on paths keeps the boundary. Type-only imports count: a type pulled across a boundary
 * couples the two sides just as a value does.
 *
 * Paths are relative to the folder that is cruised (the project, or the test's fixture tree).
 *
 * dependency-cruiser reads no .astro file (it has no Astro parser), and pages, layouts and components are
 * .astro files: the test reads their imports itself and judges them by these same rules, so `npx depcruise
 * src` alone says nothing of them (a rule below may use from.path, to.path, to.pathNot and
 * to.dependencyTypesNot, what the test knows how to judge).
 */

/**
 * Frameworks, resolved into node_modules, or Astro's virtual modules (astro:env, astro:content…). nanostores is one:
 * its stores are how islands share state (src/stores), not a part of the domain.
 */
const framework = [
  '^astro:',
  '(^|/)node_modules/(react|react-dom|astro|@astrojs/[^/]+|nanostores|@nanostores/react|nanostores-react)/',
];

/** React, which a page script may load only with a lazy island. */
const react = '(^|/)node_modules/(react|react-dom|@nanostores/react)/';

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
      comment: 'src/lib sits under every other layer, the message catalogues (src/i18n) included, so it imports none of them.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(backend|i18n|site|page-scripts|islands|stores|components|pages|layouts)/' },
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
    {
      name: 'stores-only-lib',
      comment:
        'Stores hold the state islands and page scripts share, built on src/lib alone: no message catalogue (an island ' +
        'translates the codes a store keeps), no component, no page script.',
      severity: 'error',
      from: { path: '^src/stores/' },
      to: { path: '^src/', pathNot: '^src/(lib|stores)/' },
    },
    {
      name: 'i18n-only-lib',
      comment: 'The message catalogues and the build translator over them sit on src/lib alone, so every layer may read them.',
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: { path: '^src/', pathNot: '^src/(lib|i18n)/' },
    },
    {
      name: 'page-scripts-only-lib-and-stores',
      comment:
        'The plain scripts of the static pages, which every page downloads, import src/lib, the stores and each other; ' +
        'an island only lazily (the next rule), with its texts fetched beside it (src/i18n/on-demand.ts).',
      severity: 'error',
      from: { path: '^src/page-scripts/' },
      to: { path: '^src/', pathNot: ['^src/(lib|stores|page-scripts|islands)/', '^src/i18n/on-demand[.]ts$'] },
    },
    {
      name: 'page-scripts-islands-lazily',
      comment:
        'A page script loads an island (and React with it) on demand, by a dynamic import: its chunk is fetched on ' +
        'first use, never with the page.',
      severity: 'error',
      from: { path: '^src/page-scripts/' },
      to: { path: ['^src/islands/', react], dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'site-no-islands',
      comment:
        'src/site is what pages share at build time, under the pages, views and islands that use it: a type it shares ' +
        'with an island lives in src/lib.',
      severity: 'error',
      from: { path: '^src/site/' },
      to: { path: '^src/(islands|stores|page-scripts|components|layouts|pages)/' },
    },
    {
      name: 'nothing-imports-pages',
      comment: 'src/pages are the routes, at the top: what they share lives in src/site, src/components or src/layouts.',
      severity: 'error',
      from: { path: '^src/(lib|i18n|backend|site|stores|page-scripts|islands|components|layouts)/' },
      to: { path: '^src/pages/' },
    },
    {
      name: 'layouts-no-components',
      comment:
        'One direction between the two: a view (src/components/views) chooses its frame in src/layouts, and a frame ' +
        '(its header, footer, logo and language switcher in src/layouts/parts) never uses a component.',
      severity: 'error',
      from: { path: '^src/layouts/' },
      to: { path: '^src/components/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
