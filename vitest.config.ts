import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Before every file: DATABASE_URL (the shop's own database) is removed from the environment, and a
// TEST_DATABASE_URL whose name does not say "test" stops the run (tests/support/test-database.ts).
const setupFiles = ['tests/support/setup.ts'];

/**
 * The unit tests share one module graph per worker (`isolate: false`): importing the shop's modules again for each of
 * 154 files was two thirds of the pass (80 s → 30 s on two cores, 2026-12-07). Two kinds of files run each in a graph
 * of their own (`unit-isolated`), found here rather than listed: the stores' (module singletons: a store another file
 * left open stays open), and a file that replaces a module or a global (vi.mock, vi.doMock, vi.stubGlobal, vi.stubEnv,
 * fake timers), which would leak it into the files after it.
 */
const isolated = globSync('tests/unit/**/*.test.ts').filter(
  (file) =>
    file.startsWith('tests/unit/stores/') ||
    /\bvi\.(mock|doMock|resetModules|stubGlobal|stubEnv|useFakeTimers)\(/.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: isolated, isolate: false, environment: 'node', setupFiles } },
      { test: { name: 'unit-isolated', include: isolated, environment: 'node', setupFiles } },
      // An island's states (tests/components): the island rendered by React Testing Library in happy-dom, a DOM
      // in this Node process, with the shop API answered on fetch (docs/architecture.md says why not a browser).
      {
        resolve: { alias: { 'astro:env/client': fileURLToPath(new URL('tests/components/support/astro-env.ts', import.meta.url)) } },
        test: {
          name: 'components',
          // Each file still in a module graph of its own (the page's stores are module singletons), in one happy-dom
          // per worker: creating it for each file was a third of the pass (50 → 15 s of CPU, 2026-12-07).
          pool: 'vmThreads',
          include: ['tests/components/**/*.test.tsx'],
          // A test is a few waits of up to 5 s each (tests/components/support/setup.ts): a file's first test, its
          // lazy parts loaded, took over vitest's default 5 s beside the API passes (CI run 26, load 12).
          testTimeout: 20_000,
          environment: 'happy-dom',
          setupFiles: [...setupFiles, 'tests/components/support/setup.ts'],
        },
      },
      // API tests start the platform on an in-memory PGlite (or TEST_DATABASE_URL): one file at a time keeps them independent.
      // The database they start from is migrated and seeded once per run (tests/support/template-database.ts), and
      // copied for each file (tests/support/file-database.ts in the PostgreSQL pass, tests/api/platform.ts in PGlite's).
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One module graph for the whole pass: each file starts its own platform on its own database
          // (tests/support/file-database.ts runs again before each file), so re-importing the backend for every
          // file bought nothing but time: the PGlite pass alone 6 min 13 s → 4 min 30 s, the PostgreSQL one
          // several minutes → 1 min 34 s (2026-12-06). The component tests keep their isolation: the page's stores
          // are module singletons there.
          isolate: false,
          globalSetup: ['tests/support/template-database.ts'],
          setupFiles: [...setupFiles, 'tests/support/file-database.ts'],
        },
      },
      // The contract with a real Strapi (tests/cms): it starts Strapi and builds a channel twice, in a run of its own
      // beside the others (scripts/test.ts).
      { test: { name: 'cms', include: ['tests/cms/**/*.test.ts'], environment: 'node', testTimeout: 60_000, setupFiles } },
    ],
  },
});
