/**
 * `npm run operator -- ship <order number> --tracking <number> [--carrier <name>] [--at <ISO date>]`: what
 * the warehouse does when a parcel leaves (src/backend/operator/ship.ts): the order ships (once it is
 * paid), shipped at `--at` or now, and the "shipped" mail with the tracking number is queued. The invoice is
 * dated on the ship date, so `--at` is refused before the order was placed or after now.
 * `npm run operator -- handle-abort <subscription code>`: customer service handled the cancellation request
 * (src/backend/operator/abort.ts): the subscription ends, after its second delivery at the earliest.
 * `npm run operator -- payments [--since <ISO date>]`: the reconciliation report (src/backend/shop/orders/
 * report.ts): every payment the provider holds since the date (default: 30 days ago), matched to the shop's
 * orders, mismatches first; exits 1 when there is a mismatch. Through the running platform's staff API
 * (GET /operator/payments, with OPERATOR_TOKEN), else on the database and the provider MOLLIE_* names.
 *
 * When a platform answers on PORT_PLATFORM (it holds its PGlite folder, which no other process can open),
 * the order is shipped through its operator endpoint (POST /operator/orders/{number}/ship, outside
 * production only); else the command opens the database itself: DATABASE_URL, or the PGlite folder DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { type AbortResult, handleAbort } from '../src/backend/operator/abort.ts';
import { OperatorError, type ShipResult, shipOrder } from '../src/backend/operator/ship.ts';
import { readPlatformConfig } from '../src/backend/config.ts';
import { type PaymentReport, paymentReport } from '../src/backend/shop/orders/report.ts';
import { paymentProvider } from '../src/backend/shop/payments/provider.ts';
import { onOwnDatabase } from './lib/own-database.ts';
import { platformUrlOf } from './lib/ports.ts';

const USAGE = [
  'usage: npm run operator -- ship <order number> --tracking <number> [--carrier <name>] [--at <ISO date>]',
  '       npm run operator -- handle-abort <subscription code>',
  '       npm run operator -- payments [--since <ISO date>]',
].join('\n');

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

const shipThroughDatabase = (shipping: Shipping): Promise<ShipResult> =>
  onOwnDatabase((db) => shipOrder(db, shipping, { now: new Date(), env: process.env }));

/**
 * `handle-abort <code>`: the subscription's cancellation request handled (operator/abort.ts), through the
 * running platform's endpoint when one answers, else on the database itself.
 */
async function handleAbortCommand(platformUrl: string, code: string): Promise<AbortResult> {
  let response: Response | null = null;
  try {
    response = await fetch(`${platformUrl}/operator/subscriptions/${encodeURIComponent(code)}/handle-abort`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  } catch {
    /* no platform: the database itself */
  }
  if (response) {
    const answer = (await response.json().catch(() => ({}))) as AbortResult & { error?: string };
    if (response.ok) return answer;
    throw new OperatorError(answer.error ?? `The platform answered ${response.status}.`);
  }
  return onOwnDatabase((db) => handleAbort(db, code, { now: new Date(), env: process.env }));
}

/** The report through the running platform's staff API, else on the database with the configured provider. */
async function paymentsCommand(platformUrl: string, since: Date): Promise<PaymentReport> {
  let response: Response | null = null;
  try {
    response = await fetch(`${platformUrl}/operator/payments?since=${encodeURIComponent(since.toISOString())}`, {
      headers: { authorization: `Bearer ${process.env.OPERATOR_TOKEN ?? ''}` },
    });
  } catch {
    /* no platform: the database itself */
  }
  if (response) {
    const answer = (await response.json().catch(() => ({}))) as PaymentReport & { error?: string };
    if (response.ok) return answer;
    throw new OperatorError(answer.error ?? `The platform answered ${response.status}.`);
  }
  const provider = paymentProvider(readPlatformConfig(process.env).payments);
  return onOwnDatabase((db) => paymentReport(db, provider, since));
}

const euros = (minor: number) => (minor / 100).toFixed(2);

if (import.meta.main && process.argv[2] === 'payments') {
  const { values } = parseArgs({ args: process.argv.slice(3), options: { since: { type: 'string' } } });
  const since = values.since ? new Date(values.since) : new Date(Date.now() - 30 * 24 * 3600_000);
  if (Number.isNaN(since.getTime())) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    const report = await paymentsCommand(platformUrlOf(process.env), since);
    console.log(`${report.payments} payments at the provider since ${report.since}; ${report.mismatches} mismatches.`);
    for (const line of report.lines)
      console.log(
        [
          line.mismatch ? '!!' : '  ',
          line.providerPaymentId,
          line.createdAt,
          line.status.padEnd(8),
          `${euros(line.amount)} €`.padStart(10),
          line.refunded ? `refunded ${euros(line.refunded)} €` : '',
          line.orderNumber ? `order ${line.orderNumber}` : 'no order',
          line.verdict,
        ]
          .filter(Boolean)
          .join('  '),
      );
    if (report.mismatches) process.exitCode = 1;
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
} else if (import.meta.main && process.argv[2] === 'handle-abort') {
  const code = process.argv[3];
  if (!code || process.argv.length > 4) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    const handled = await handleAbortCommand(platformUrlOf(process.env), code);
    console.log(
      handled.outcome === 'stopped'
        ? `Subscription ${handled.code} stopped; the shopper's mail is in the outbox (${handled.mailId ?? 'none'}).`
        : `Subscription ${handled.code} stops after its delivery of ${handled.lastShipment} (at least 2 deliveries); the shopper's mail is in the outbox (${handled.mailId ?? 'none'}).`,
    );
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
} else if (import.meta.main) {
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
  const platformUrl = platformUrlOf(process.env);
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
