/**
 * The sandbox's webhook calls, as Mollie makes them: `POST webhookUrl` with the form body `id=tr_…`, after
 * which the receiver fetches the payment. The body is also signed like Mollie's next-generation webhooks
 * (`X-Mollie-Signature: sha256=<hex HMAC-SHA256 of the raw body>`) when a secret is configured.
 *
 * A delivery is a row: it is claimed by pushing its next attempt forward before the call (so an instance
 * that dies mid-call leaves it due again, and two instances never call at once), marked delivered on a
 * 2xx, and otherwise retried with a growing delay until the attempts run out.
 */
import { createHmac } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import type { Job } from '../jobs/runner.ts';

/** The delays before the second, third… attempt; after the last one the delivery gives up. */
const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** How long a webhook receiver may take to answer. */
const CALL_TIMEOUT_MS = 10_000;
/** How often the job looks for retries that fell due. */
const POLL_MS = 30_000;

const signWebhookBody = (rawBody: string, secret: string) => `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

export interface WebhookOptions {
  /** Signs the calls when set (the shop verifies with the same MOLLIE_WEBHOOK_SECRET). */
  secret?: string;
  /** The HTTP call (tests pass a fake receiver). */
  fetch?: typeof fetch;
}

interface DeliveryRow {
  id: string;
  payment_id: string;
  url: string;
  attempts: number;
}

export interface WebhookDispatcher {
  /** Records a call to make, in the caller's transaction; nudge() once it is committed. */
  enqueue(q: Queryable, paymentId: string, url: string | null): Promise<void>;
  /** Wakes the job for a delivery round (nothing while no runner runs the job: tests deliver with deliverDue()). */
  nudge(): void;
  /** Sends every delivery that is due now; resolves with the number of calls made. */
  deliverDue(): Promise<number>;
  /** The calls, right after a change (nudge) and the retries on a poll, as a job of the platform's runner (jobs/runner.ts). */
  job: Job;
}

export function webhookDispatcher(db: Database, clock: () => Date, options: WebhookOptions = {}): WebhookDispatcher {
  const send = options.fetch ?? fetch;
  const wakes = new Set<() => void>();

  const claimNext = async (): Promise<DeliveryRow | undefined> => {
    const now = clock();
    const rows = await db.query<DeliveryRow>(
      `UPDATE payments.webhook_deliveries SET attempts = attempts + 1, next_attempt_at = $2::timestamptz + make_interval(secs => $3 / 1000.0)
       WHERE id = (SELECT id FROM payments.webhook_deliveries WHERE delivered_at IS NULL AND next_attempt_at <= $1
                   ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, payment_id, url, attempts`,
      // The claim's lease is the delay before the next attempt: a failed call then needs no second write.
      [now, now, WEBHOOK_RETRY_DELAYS_MS[0]],
    );
    return rows[0];
  };

  const deliver = async (row: DeliveryRow): Promise<void> => {
    const body = new URLSearchParams({ id: row.payment_id }).toString();
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'Mollie HTTP Sandbox' };
    if (options.secret) headers['X-Mollie-Signature'] = signWebhookBody(body, options.secret);
    let error: string | undefined;
    try {
      const response = await send(row.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
      await response.body?.cancel();
      if (!response.ok) error = `HTTP ${response.status}`;
    } catch (cause) {
      error = (cause as Error).message;
    }
    if (!error) {
      await db.query('UPDATE payments.webhook_deliveries SET delivered_at = $2, next_attempt_at = NULL, last_error = NULL WHERE id = $1', [
        row.id,
        clock(),
      ]);
      return;
    }
    const delay = WEBHOOK_RETRY_DELAYS_MS[row.attempts - 1];
    await db.query(
      `UPDATE payments.webhook_deliveries SET last_error = $2,
         next_attempt_at = CASE WHEN $3::bigint IS NULL THEN NULL ELSE $4::timestamptz + make_interval(secs => $3::bigint / 1000.0) END
       WHERE id = $1`,
      [row.id, error, delay ?? null, clock()],
    );
  };

  const deliverDue = async (stopping?: AbortSignal): Promise<number> => {
    let calls = 0;
    for (let row = await claimNext(); row && !stopping?.aborted; row = await claimNext()) {
      await deliver(row);
      calls++;
    }
    return calls;
  };

  return {
    async enqueue(q, paymentId, url) {
      if (!url) return;
      await q.query('INSERT INTO payments.webhook_deliveries (payment_id, url, next_attempt_at, created_at) VALUES ($1, $2, $3, $3)', [
        paymentId,
        url,
        clock(),
      ]);
    },
    nudge() {
      // After the caller's own work: it calls once its transaction is committed, and goes on with its answer.
      for (const wake of wakes) setImmediate(wake);
    },
    deliverDue: () => deliverDue(),
    // One round at a time per process (the runner's rule): a nudge during a round asks for one more after it.
    job: {
      name: 'Payment sandbox webhooks',
      everyMs: POLL_MS,
      wakeOn: (wake) => {
        wakes.add(wake);
        return () => wakes.delete(wake);
      },
      turn: (stopping) => deliverDue(stopping),
    },
  };
}
