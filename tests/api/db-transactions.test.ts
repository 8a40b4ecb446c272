/**
 * What the shop's writes rely on from Database.transaction(), on either driver (PGlite in its pass, the
 * PostgreSQL server of TEST_DATABASE_URL in the other, where BEGIN leaves with the first statement): all
 * or nothing, a failed statement fails the whole even when the callback caught its error, a statement
 * after the end throws, a write committed with its COMMIT stays and is read after it, and parallel transactions
 * queued on a row lock count exactly.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/backend/db/database.ts';
import { expectedDriver, testDatabaseUrl } from '../support/test-database.ts';

const table = `transactions_test_${randomBytes(4).toString('hex')}`;
const count = `SELECT count(*)::int AS n FROM ${table}`;
const insert = `INSERT INTO ${table} (code) VALUES ($1)`;
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ url: testDatabaseUrl(), dataDir: 'memory://' });
  expect(db.driver).toBe(expectedDriver());
  await db.exec(`CREATE TABLE ${table} (code text PRIMARY KEY, quantity int NOT NULL DEFAULT 0)`);
});
afterAll(async () => {
  await db.exec(`DROP TABLE IF EXISTS ${table}`);
  await db.close();
});

describe('Database.transaction()', () => {
  it('keeps what a committed transaction wrote and nothing of one whose statement failed', async () => {
    expect(await db.transaction(async (tx) => (await tx.query(`${insert} RETURNING code`, ['a']))[0])).toEqual({ code: 'a' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['b']);
        await tx.query(insert, ['a']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['c']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query(count)).toEqual([{ n: 1 }]);
  });

  it('fails a transaction whose statement failed even if the callback caught the error, and the next one starts clean', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['d']);
        await tx.query(insert, ['a']).catch(() => []);
        return 'done';
      }),
    ).rejects.toThrow();
    expect(await db.query(count)).toEqual([{ n: 1 }]);
    const kept = await db.transaction(async (tx) => tx);
    await expect(kept.query(count)).rejects.toThrow('Transaction is closed');
    expect(await db.transaction((tx) => tx.query(count))).toEqual([{ n: 1 }]);
  });

  it('fails at its first statement a transaction that fails before asking anything, and runs the next', async () => {
    await expect(
      db.transaction(async () => {
        throw new Error('no statement');
      }),
    ).rejects.toThrow('no statement');
    expect(await db.transaction((tx) => tx.query(count))).toEqual([{ n: 1 }]);
  });

  it('commits with the last write (queryAndCommit): an error after it keeps the write, and reads after it see it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.queryAndCommit(insert, ['e']);
        // The answer of a cart holding a coupon reads the coupon after the add's write (carts/items.ts).
        expect(await tx.query(`${count} WHERE code = 'e'`)).toEqual([{ n: 1 }]);
        throw new Error('refused after the write');
      }),
    ).rejects.toThrow('refused after the write');
    expect(await db.query(`${count} WHERE code = 'e'`)).toEqual([{ n: 1 }]);
    await expect(db.transaction((tx) => tx.queryAndCommit(insert, ['e']))).rejects.toMatchObject({ code: '23505' });
    const kept = await db.transaction(async (tx) => {
      await tx.queryAndCommit(`DELETE FROM ${table} WHERE code = 'e'`);
      return tx;
    });
    await expect(kept.query(count)).rejects.toThrow('Transaction is closed');
    expect(await db.query(count)).toEqual([{ n: 1 }]);
  });

  it('counts exactly when parallel transactions read and write one row under its lock', async () => {
    const adds = 40;
    await Promise.all(
      Array.from({ length: adds }, () =>
        db.transaction(async (tx) => {
          const [row] = await tx.query<{ quantity: number }>(`SELECT quantity FROM ${table} WHERE code = 'a' FOR UPDATE`);
          await tx.query(`UPDATE ${table} SET quantity = $1 WHERE code = 'a'`, [row!.quantity + 1]);
        }),
      ),
    );
    expect(await db.query(`SELECT quantity FROM ${table} WHERE code = 'a'`)).toEqual([{ quantity: adds }]);
  });
});

describe('Queryable.notify()', () => {
  it('tells the listeners once the write is committed: at once outside a transaction, after COMMIT inside, never on a rollback', async () => {
    const heard: string[] = [];
    const stop = db.listen('written', () => heard.push('written'));
    db.notify('written');
    expect(heard).toEqual(['written']);
    await db.transaction(async (tx) => {
      await tx.query(insert, ['notified']);
      tx.notify('written');
      tx.notify('written');
      expect(heard).toHaveLength(1);
    });
    expect(heard).toHaveLength(2);
    await expect(
      db.transaction(async (tx) => {
        tx.notify('written');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(heard).toHaveLength(2);
    stop();
    db.notify('written');
    expect(heard).toHaveLength(2);
  });
});
