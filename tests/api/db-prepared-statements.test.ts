/**
 * PGlite's statements are prepared once and then only bound and run (src/backend/db/pglite-statements.ts):
 * the answers, the errors and the transactions must be what PGlite's own query() gives, and a schema
 * change must not leave a statement running on a plan of the tables as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase } from '../../src/backend/db/database.ts';

describe.skipIf(process.env.TEST_DATABASE_URL)('prepared statements on PGlite (runs in the PGlite pass)', () => {
  let db: Database;
  let reference: PGlite;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    reference = await PGlite.create('memory://');
    for (const q of [db, reference]) {
      await q.exec(`CREATE TABLE lines (id serial PRIMARY KEY, code text UNIQUE NOT NULL, quantity int NOT NULL, extra jsonb,
        tags text[], big bigint, price numeric, gift boolean, added timestamptz)`);
    }
  });
  afterAll(async () => {
    await db.close();
    await reference.close();
  });

  const insert = `INSERT INTO lines (code, quantity, extra, tags, big, price, gift, added) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    RETURNING *, quantity * 2 AS doubled, (SELECT json_agg(code) FROM lines) AS codes`;

  it('answers as PGlite query() does, value types included, the first time and every time after', async () => {
    const values = (n: number) => [
      `c${n}`,
      n,
      { n, name: 'Croquettes' },
      ['a', 'b'],
      2n ** 40n,
      '12.50',
      n % 2 === 0,
      new Date(Date.UTC(2026, 10, n)),
    ];
    for (let n = 1; n <= 8; n += 1) {
      expect(await db.query(insert, values(n))).toEqual((await reference.query(insert, values(n))).rows);
    }
    const read = 'SELECT code, extra, added FROM lines WHERE code = ANY($1::text[]) AND gift = $2 ORDER BY id';
    for (const params of [
      [['c1', 'c2', 'c4'], true],
      [['c3'], false],
      [[], true],
    ]) {
      expect(await db.query(read, params)).toEqual((await reference.query(read, params)).rows);
    }
    expect(await db.query('SELECT $1::text AS missing', [null])).toEqual([{ missing: null }]);
  });

  it('throws PostgreSQL errors with their code, and the next statement runs', async () => {
    await expect(db.query(insert, ['c1', 1, null, null, null, null, null, null])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('SELECT nothing FROM lines')).rejects.toMatchObject({ code: '42703' });
    expect(await db.query('SELECT count(*)::int AS n FROM lines')).toEqual([{ n: 8 }]);
  });

  it('rolls back a transaction whose statement failed, and keeps what a committed one wrote', async () => {
    const count = 'SELECT count(*)::int AS n FROM lines';
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['c9', 9, null, null, null, null, null, null]);
        await tx.query(insert, ['c1', 1, null, null, null, null, null, null]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query(count)).toEqual([{ n: 8 }]);
    await db.transaction((tx) => tx.query(insert, ['c9', 9, null, null, null, null, null, null]));
    expect(await db.query(count)).toEqual([{ n: 9 }]);
  });

  it('refuses to call a transaction committed when a statement failed inside it, even if the caller caught that error', async () => {
    const count = 'SELECT count(*)::int AS n FROM lines';
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['c10', 10, null, null, null, null, null, null]);
        await tx.query(insert, ['c1', 1, null, null, null, null, null, null]).catch(() => []);
        return 'done';
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.query(count)).toEqual([{ n: 9 }]);
    // The statements of a transaction that ended throw, and the next transaction starts clean.
    const kept = await db.transaction(async (tx) => tx);
    await expect(kept.query(count)).rejects.toThrow('Transaction is closed');
    expect(await db.transaction((tx) => tx.query(count))).toEqual([{ n: 9 }]);
  });

  it('keeps a statement outside of a transaction that is open in the meantime', async () => {
    let updated = () => {};
    const didUpdate = new Promise<void>((resolve) => {
      updated = resolve;
    });
    let release = () => {};
    const open = db.transaction(async (tx) => {
      await tx.query('UPDATE lines SET quantity = 0');
      updated();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      throw new Error('abandoned');
    });
    await didUpdate;
    // Asked while the transaction holds its update: it must wait for the transaction's end, not run inside it.
    const outside = db.query<{ total: number }>('SELECT sum(quantity)::int AS total FROM lines');
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await expect(open).rejects.toThrow('abandoned');
    expect(await outside).toEqual([{ total: 45 }]);
  });

  it('runs a statement again after a migration changed its table', async () => {
    const all = 'SELECT * FROM lines WHERE code = $1';
    expect(Object.keys((await db.query(all, ['c1']))[0]!)).not.toContain('note');
    await db.exec(`ALTER TABLE lines ADD COLUMN note text NOT NULL DEFAULT 'gift'`);
    expect((await db.query(all, ['c1']))[0]).toMatchObject({ code: 'c1', note: 'gift' });
  });
});
