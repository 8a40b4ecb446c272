import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser; root needs --no-sandbox.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: { launchOptions: chromium, trace: 'retain-on-failure' },
  projects: [
    // Journeys in French on the FR site and in Dutch on the BE site.
    { name: 'fr', testIgnore: ['build.spec.ts', 'language.spec.ts'], use: { ...devices['Desktop Chrome'], baseURL: 'http://localhost:4321', launchOptions: chromium } },
    { name: 'be', testIgnore: ['build.spec.ts'], use: { ...devices['Desktop Chrome'], baseURL: 'http://localhost:4322', launchOptions: chromium } },
    // Checks of both builds at once (routes, alternates, build info).
    { name: 'build', testMatch: 'build.spec.ts', use: { baseURL: 'http://localhost:4322' } },
  ],
  // The platform and the built sites, as `npm start -- --no-build` serves them (npm test builds first).
  webServer: { command: 'node scripts/start.ts --no-build', url: 'http://localhost:4400/health', reuseExistingServer: !process.env.CI, timeout: 120_000 },
});
