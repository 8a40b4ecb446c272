/**
 * Runs before every test file (vitest.config.ts `setupFiles`). The shop's own DATABASE_URL, when this
 * shell exports one, is removed from the tests' environment: nothing a test starts can open it by
 * default. A TEST_DATABASE_URL that does not name a database for tests stops every file here, before
 * any of them resets it (test-database.ts gives the rule).
 */
import { testDatabaseUrl } from './test-database.ts';

delete process.env.DATABASE_URL;
testDatabaseUrl();
