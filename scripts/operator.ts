/**
 * `npm run operator -- ship <order number> --tracking <number> [--carrier <name>] [--at <ISO date>]`: what
 * the warehouse does when a parcel leaves (src/backend/operator/ship.ts): the order ships (once it is
 * paid), shipped at `--at` or now, and the "shipped" mail with the tracking number is queued.
 *
 * When a platform answers on PORT_PLATFORM (it holds its PGlite folder, which no other process can open),
 * the order is shipped through its operator endpoint (POST /operator/orders/{number}/ship, outside
 * production only); else the command opens the database itself: DATABASE_URL, or the PGlite folder DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { type Database, exitIfDatabaseInUse, openDatabase } from '../src/backend/db/database.ts';
import { migrate } from '../src/backend/db/migrate.ts';
import { OperatorError, type ShipResult, shipOrder } from '../src/backend/operator/ship.ts';

const USAGE = 'usage: npm run operator -- ship <order number> --tracking <number> [--carrier <name>] [--at <ISO date>]';

interface Shipping {
  number: string;
  tracking: string;
  carrier?: string;
  at?: Date;
}

/**
 * Ships through the running platform; null when none answers on the port. The platform's refusals are
 * OperatorErrors, as the database's are.
 */
async function shipThroughPlatform(platformUrl: string, { number, ...body }: Shipping): Promise<ShipResult | null> {
  let response: Response;
  try {
    response = await fetch(`${platformUrl}/operator/orders/${encodeURIComponent(number)}/ship`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, at: body.at?.toISOString() }),
    });
  } catch {
    return null;
  }
  const answer = (await response.json().catch(() => ({}))) as ShipResult & { error?: string };
  if (response.ok) return answer;
  if (answer.error === 'Not Found')
    throw new OperatorError(
      `The platform at ${platformUrl} has no operator endpoint (production, or OUTBOX_PAGE=off): stop it and run this command again, or ship from the back office.`,
    );
  throw new OperatorError(answer.error ?? `The platform answered ${response.status}.`);
}

async function shipThroughDatabase(shipping: Shipping): Promise<ShipResult> {
  const db: Database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }).catch(exitIfDatabaseInUse);
  try {
    await migrate(db);
    return await shipOrder(db, shipping, { now: new Date(), env: process.env });
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { tracking: { type: 'string' }, carrier: { type: 'string' }, at: { type: 'string' } },
  });
  const [command, number] = positionals;
  const at = values.at === undefined ? undefined : new Date(values.at);
  if (command !== 'ship' || !number || !values.tracking || (at && Number.isNaN(at.getTime()))) {
    console.error(USAGE);
    process.exit(2);
  }
  const shipping: Shipping = { number, tracking: values.tracking, carrier: values.carrier, at };
  // A platform listening on every address (HOST=0.0.0.0 or ::) answers on the loopback too.
  const host = process.env.HOST && !['0.0.0.0', '::'].includes(process.env.HOST) ? process.env.HOST : '127.0.0.1';
  const platformUrl = `http://${host.includes(':') ? `[${host}]` : host}:${process.env.PORT_PLATFORM || 4400}`;
  try {
    const shipped = (await shipThroughPlatform(platformUrl, shipping)) ?? (await shipThroughDatabase(shipping));
    console.log(
      `Order ${shipped.number} shipped on ${shipped.shippedAt}; the shipped mail is in the outbox (${shipped.mailId ?? 'none: no customer'}).`,
    );
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
