/** The rule that keeps the tests off any database not made for them (tests/support/test-database.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { assertTestDatabase, databaseNameOf, expectedDriver, looksLikeTestDatabase, testDatabaseUrl } from '../../support/test-database.ts';

const saved = process.env.TEST_DATABASE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = saved;
});

describe('a database for tests', () => {
  it('has the word test or tests in its name', () => {
    for (const name of [
      'shop_test',
      'test',
      'tests',
      'test_shop',
      'maison-gamelle-tests',
      'shop.test',
      'shop_test2',
      'SHOP_TEST',
      'mg_test_concurrent_start_ab12',
    ]) {
      expect(looksLikeTestDatabase(name), name).toBe(true);
    }
    for (const name of ['shop', 'maison_gamelle', '', 'latest', 'contest', 'shoptest', 'testing', 'shop_testing', 'attestation']) {
      expect(looksLikeTestDatabase(name), name).toBe(false);
    }
  });

  it('reads the name from the URL path, decoded', () => {
    expect(databaseNameOf('postgres://shop@127.0.0.1:5432/shop_test')).toBe('shop_test');
    expect(databaseNameOf('postgresql://u:p@db.internal/shop%5Ftest?sslmode=require')).toBe('shop_test');
    expect(databaseNameOf('postgres://shop@127.0.0.1:5432')).toBe('');
    expect(() => databaseNameOf('mysql://db/shop_test')).toThrow('must be a postgres:// URL');
    expect(() => databaseNameOf('not a url')).toThrow('not a URL');
  });

  it('refuses the production-looking database, naming the rule and the way out', () => {
    expect(() => assertTestDatabase('postgres://shop:secret@db.internal:5432/shop')).toThrow(
      /^Refusing to use the database "shop" for tests: .*name must have the word "test" in it .*TEST_DATABASE_URL/,
    );
    expect(() => assertTestDatabase('postgres://shop@db.internal')).toThrow('Refusing to use the database "(none: the user\'s own)"');
    // The trap of a name that only contains the letters.
    expect(() => assertTestDatabase('postgres://shop@db.internal/latest')).toThrow('Refusing');
    expect(assertTestDatabase('postgres://shop@127.0.0.1:54329/shop_test')).toBe('postgres://shop@127.0.0.1:54329/shop_test');
  });

  it('is TEST_DATABASE_URL, checked, and only it: the pass runs on PGlite without it', () => {
    delete process.env.TEST_DATABASE_URL;
    process.env.DATABASE_URL = 'postgres://shop@db.internal/shop_test';
    try {
      expect(testDatabaseUrl()).toBeUndefined();
      expect(expectedDriver()).toBe('pglite');
    } finally {
      delete process.env.DATABASE_URL;
    }
    process.env.TEST_DATABASE_URL = 'postgres://shop@127.0.0.1/shop_test';
    expect(testDatabaseUrl()).toBe('postgres://shop@127.0.0.1/shop_test');
    expect(expectedDriver()).toBe('postgres');
    process.env.TEST_DATABASE_URL = 'postgres://shop@127.0.0.1/shop';
    expect(() => testDatabaseUrl()).toThrow('Refusing');
  });

  it('never sees the shop’s DATABASE_URL: the setup file removed it', () => {
    expect(process.env.DATABASE_URL).toBeUndefined();
  });
});
