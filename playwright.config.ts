import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { runTarget } from './tests/e2e/target.ts';

/**
 * Debian's Chromium, never a downloaded browser; root needs --no-sandbox. Its headless shell
 * (chromium-headless-shell, which .ci/run installs) when there: the same engine without the browser's
 * interface, as Playwright runs headless tests by default, and much lighter on two cores than the full
 * browser in headless mode.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

// The build under test (DIST_DIR, else dist) says where its sites and shop API are; the suite serves it
// there with servers of its own (tests/e2e/target.ts, servers.ts).
const target = runTarget();
const projectNode = resolve('node_modules/.bin/node');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // A test that fails once is a bug (a flake is fixed, not retried), and a focused test never reaches CI.
  retries: 0,
  forbidOnly: true,
  // The journeys are long (a sign-in, a form refused then saved, an edit, a deletion): 10 to 20 s on a quiet
  // machine, and up to 30 s, Playwright's default limit, when the two cores are shared with another build.
  // The limit is for a test that hangs; each step keeps its own 5 s.
  timeout: 60_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: { launchOptions: chromium, trace: 'retain-on-failure' },
  projects: [
    // Every journey once, in Dutch on the BE site (the longer texts); again in French on the FR site only where
    // the behaviour differs by site (tests tagged EACH_SITE, tests/e2e/helpers.ts).
    {
      name: 'fr',
      grep: /@each-site/,
      testIgnore: ['build.spec.ts', 'language.spec.ts', 'page-types.spec.ts', 'maintenance.spec.ts'],
      use: { ...devices['Desktop Chrome'], baseURL: target.sites.fr, launchOptions: chromium },
    },
    {
      name: 'be',
      testIgnore: ['build.spec.ts', 'page-types.spec.ts', 'maintenance.spec.ts'],
      use: { ...devices['Desktop Chrome'], baseURL: target.sites.be, launchOptions: chromium },
    },
    // Checks of both builds at once (routes, alternates, build info).
    { name: 'build', testMatch: 'build.spec.ts', use: { baseURL: target.sites.be } },
    // Every page type in each locale, on the site that serves it (the spec names the site per test).
    { name: 'pages', testMatch: 'page-types.spec.ts', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    // Routes put in maintenance: the platform's setting, so after every other project (their pages stay up).
    {
      name: 'maintenance',
      testMatch: 'maintenance.spec.ts',
      dependencies: ['fr', 'be', 'build', 'pages'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  // Its own platform (on a fresh data folder) and both sites, never a server that was already there: a
  // busy port stops the run with a message saying what holds it and how to run beside it.
  webServer: {
    // The project's Node 24 (it runs TypeScript as is), even when the runner was started by an older one.
    command: `"${existsSync(projectNode) ? projectNode : process.execPath}" tests/e2e/servers.ts`,
    env: { E2E_RUN_ID: target.runId },
    wait: { stdout: /e2e servers ready/ },
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 120_000,
  },
  globalSetup: './tests/e2e/global-setup.ts',
});
