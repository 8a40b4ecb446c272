/**
 * The subscription scheduler. One entry point, `runOnce(now)`, with now given (tests pass a fixed clock,
 * the platform its own): it sends the reminders due, turns the due drafts into orders (placement.ts), then
 * charges the placed deliveries on their card mandate (charges.ts). `job` runs it every interval on the
 * platform's clock, as a job of the platform's runner (jobs/runner.ts). Every instance of the platform may run it: rows are claimed `FOR UPDATE SKIP LOCKED`,
 * charges with a lease and an idempotency key, so nothing is done twice and nothing is lost across crashes.
 */
import { dayOf } from '../../lib/subscriptions/schedule.ts';
import type { Database } from '../db/database.ts';
import type { Job } from '../jobs/runner.ts';
import type { PaymentProvider } from '../shop/payments/provider.ts';
import type { RelayPointLookup } from '../shop/shipping/relay-points.ts';
import { type ChargeContext, chargeDueJobs } from './charges.ts';
import { placeDueDraft } from './placement.ts';
import { sendReminders } from './reminders.ts';
import { claimDueDraft } from './repository.ts';

export interface SchedulerOptions {
  db: Database;
  /** The payment provider, asked for when the first charge is due (the sandbox's port is known late in tests). */
  provider: () => PaymentProvider;
  /** SITE_URL_FR and SITE_URL_BE (mails' links), SHOP_API_URL (the payment webhook). */
  env: Record<string, string | undefined>;
  relayPoints: RelayPointLookup;
  /** How long a claimed charge stays this instance's (default 5 minutes). */
  leaseMs?: number;
  /** Drafts placed, then charges asked, at once (default 8). */
  concurrency?: number;
  /** For tests: runs between a charge's answer and its recording, as a crash there would. */
  afterCharge?: ChargeContext['afterCharge'];
}

export interface RunReport {
  reminders: number;
  placed: number;
  /** Drafts held back by a product, a relay point or a carrier (the subscription's status says which). */
  held: number;
  paid: number;
  refused: number;
  /** Charges to ask again later: the provider was unreachable, or the payment is still open. */
  retried: number;
}

export interface Scheduler {
  runOnce(now: Date): Promise<RunReport>;
  /** Runs every `intervalMs` on `clock`, once at once; a tick while a run goes on waits for the next one. */
  job(intervalMs: number, clock: () => Date, beforeRun?: () => Promise<void>): Job;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, env } = options;
  const concurrency = options.concurrency ?? 8;
  const charges: ChargeContext = {
    db,
    provider: options.provider,
    env,
    leaseMs: options.leaseMs ?? 5 * 60_000,
    afterCharge: options.afterCharge,
  };

  /**
   * Places the due drafts, a few at once (`concurrency` workers): each draft in a transaction of its own on a
   * row claimed `FOR UPDATE SKIP LOCKED`, so the workers of one instance share the drafts out as two instances
   * do. A placement is some forty statements, each a round trip: one at a time left one core idle on
   * PostgreSQL while the other waited for the server. On PGlite (one connection) the transactions still take
   * turns, as before.
   */
  const placeDue = async (now: Date) => {
    const counts = { placed: 0, held: 0 };
    // Drafts held back in this run: looked at once per run, whatever the clock says.
    const skip: number[] = [];
    const placeUntilNoneDue = async () => {
      for (;;) {
        const current = { draft: 0 };
        try {
          const result = await db.transaction(async (tx) => {
            const claimed = await claimDueDraft(tx, dayOf(now), skip);
            if (!claimed) return null;
            current.draft = claimed.order_id;
            const placement = await placeDueDraft(tx, { relayPoints: options.relayPoints, env }, claimed, now);
            // Skipped before its row is let go, so that another worker does not claim it again this run.
            if (!placement.placed) skip.push(claimed.order_id);
            return placement;
          });
          if (!result) return;
          if (result.placed) counts.placed += 1;
          else counts.held += 1;
        } catch (error) {
          // One draft that cannot be placed (rolled back whole) must not stop the others behind it.
          if (!current.draft) throw error;
          console.warn(`Scheduler: draft order #${current.draft} not placed: ${(error as Error).message}`);
          skip.push(current.draft);
        }
      }
    };
    const workers = await Promise.allSettled(Array.from({ length: concurrency }, placeUntilNoneDue));
    // Every worker has stopped before the charges start: a failed claim is the run's failure.
    const failed = workers.find((w) => w.status === 'rejected');
    if (failed) throw failed.reason;
    return counts;
  };

  const runOnce = async (now: Date): Promise<RunReport> => {
    const reminders = await sendReminders(db, env, now);
    const { placed, held } = await placeDue(now);
    const charged = await chargeDueJobs(charges, now, { concurrency });
    return { reminders, placed, held, paid: charged.paid, refused: charged.refused, retried: charged.retry + charged.pending };
  };

  return {
    runOnce,
    job: (intervalMs, clock, beforeRun) => ({
      name: 'Scheduler',
      everyMs: intervalMs,
      atStart: true,
      async turn() {
        await beforeRun?.();
        const report = await runOnce(clock());
        if (report.placed + report.paid + report.refused + report.held > 0) console.log(`Scheduler: ${JSON.stringify(report)}`);
      },
    }),
  };
}
