/**
 * Which database the tests may use. A test opens either a database it creates itself (an in-memory
 * PGlite, a temporary folder, a database it CREATEs on the server and drops after), or the PostgreSQL
 * server database named by TEST_DATABASE_URL. Never DATABASE_URL: that is the shop's own database, which
 * a developer may have exported in the same shell, and the API tests reset the catalogue they are given.
 *
 * The rule for a server database (checked before anything is reset, seeded or written): its name has
 * the word `test` or `tests` in it, words being separated by `_`, `-` or `.` (shop_test, test_shop,
 * maison-gamelle-tests; not shop, latest or contest). scripts/ci-postgres.sh creates `shop_test`. A name
 * is the one thing a careless URL cannot borrow from production: a marker table would have to be created
 * by the tests themselves, which is exactly what a first run on the wrong database would do.
 */

/** The name of the database a postgres:// URL points at (an empty name means the user's own database). */
export function databaseNameOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('TEST_DATABASE_URL is not a URL (postgres://user@host:port/name_test)');
  }
  if (!['postgres:', 'postgresql:'].includes(parsed.protocol))
    throw new Error(`TEST_DATABASE_URL must be a postgres:// URL (it is ${parsed.protocol}…)`);
  return decodeURIComponent(parsed.pathname.replace(/^\/+/, ''));
}

/** True when the name says the database is for tests (see the rule above). */
export const looksLikeTestDatabase = (name: string): boolean => /(?:^|[_.-])tests?(?:[_.-]|\d|$)/i.test(name);

/** Throws, naming the rule, unless `url` names a database for tests. */
export function assertTestDatabase(url: string): string {
  const name = databaseNameOf(url);
  if (!looksLikeTestDatabase(name)) {
    throw new Error(
      `Refusing to use the database "${name || "(none: the user's own)"}" for tests: the API tests reset and seed the ` +
        'database they are given, so its name must have the word "test" in it (shop_test, test_shop). ' +
        'Create one for the tests (createdb shop_test) and set TEST_DATABASE_URL to it.',
    );
  }
  return url;
}

/**
 * The PostgreSQL server database of this run, checked, or undefined for the PGlite pass (each test then
 * opens an in-memory PGlite of its own).
 */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url ? assertTestDatabase(url) : undefined;
}

/** The driver this pass must run on: a "PostgreSQL pass" that quietly opened PGlite would prove nothing. */
export const expectedDriver = (): 'postgres' | 'pglite' => (testDatabaseUrl() ? 'postgres' : 'pglite');
