/**
 * What one delivery costs the database, on both drivers: the statements of a placement and of its charge are
 * pinned, so that a change reading the draft again, a variant per line or the order after its write is caught
 * here rather than in the benchmark (issue 47: 100 charged orders a second on 2 cores allows about 10 ms of CPU
 * an order, the server's included; a placement was 46 statements). The scheduler is given a database that notes
 * each statement of its transactions; the shop API's own (the sandbox's charge) are not counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Transaction } from '../../src/backend/db/database.ts';
import { addDays } from '../../src/lib/subscriptions/schedule.ts';
import { cheapest } from './shop-checkout-support.ts';
import { ordersOf, schedulerPlatform, subjectsTo } from './scheduler-support.ts';

let world: Awaited<ReturnType<typeof schedulerPlatform>>;

beforeAll(async () => {
  world = await schedulerPlatform('2035-01-02T08:00:00Z');
});
afterAll(async () => {
  await world?.close();
});

/** The database, its transactions' statements noted (one list per transaction, in the order they began). */
function noting(db: Database) {
  const transactions: string[][] = [];
  const noted = (q: Transaction, into: string[]): Transaction => {
    const note = (sql: string) => into.push(sql.replace(/\s+/g, ' ').trim());
    return {
      query: (sql, params) => {
        note(sql);
        return q.query(sql, params);
      },
      queryAndCommit: (sql, params) => {
        note(sql);
        return q.queryAndCommit(sql, params);
      },
      notify: (channel) => q.notify(channel),
    };
  };
  const wrapped: Database = Object.create(db);
  wrapped.transaction = (fn) =>
    db.transaction((tx) => {
      const statements: string[] = [];
      transactions.push(statements);
      return fn(noted(tx, statements));
    });
  return { db: wrapped, transactions };
}

describe('a delivery placed and charged by the scheduler', () => {
  it('places in 20 statements, reading the draft and its lines once, and charges in 20', async () => {
    const { me, code } = await world.subscribe({ code: cheapest.code, interval: 21 });
    const day = new Date(`${addDays('2035-01-02', 21)}T06:00:00Z`);
    const noted = noting(world.platform.db);
    expect(await world.scheduler({ db: noted.db, concurrency: 1 }).runOnce(day)).toMatchObject({ placed: 1, paid: 1 });

    const placement = noted.transactions.find((t) => t.some((s) => s.startsWith('INSERT INTO shop.scheduler_jobs')))!;
    const charge = noted.transactions.find((t) => t.some((s) => s.startsWith('UPDATE shop.scheduler_jobs SET done_at')))!;
    expect(placement).toHaveLength(20);
    // The draft once (its row, lines, variants, shipment and payments in one statement); the catalogue twice: that
    // statement, and the next draft's items with their variants.
    const orderReads = placement.filter((s) => s.startsWith('SELECT id, token_value'));
    expect(orderReads).toHaveLength(1);
    expect(orderReads[0]).toMatch(/AS items, .* FROM shop\.orders o WHERE o\.id = \$1 FOR UPDATE OF o$/);
    expect(placement.filter((s) => s.includes('content.product_variants'))).toHaveLength(2);
    expect(charge).toHaveLength(20);

    // What the fewer statements wrote is what the delivery needs: placed, paid, confirmed once, the next draft made.
    const orders = await ordersOf(world.platform.db, code);
    expect(orders.map((o) => [o.state, o.payment_state])).toEqual([
      ['new', 'paid'],
      ['new', 'paid'],
      ['draft', 'cart'],
    ]);
    const subjects = await subjectsTo(world.platform.db, me.email);
    expect(subjects.filter((s) => s.includes(orders[1]!.number!))).toHaveLength(2);
  });
});
