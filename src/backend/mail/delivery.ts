/**
 * SMTP delivery of the outbox (nodemailer). Each platform instance runs one loop; a mail is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so with several instances each mail is sent by one of them, and a
 * mail whose instance died mid-send is picked up again when its lease ends (at-least-once, as SMTP is).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/database.ts';
import type { Job } from '../jobs/runner.ts';
import { MAIL_COMMITTED } from './outbox.ts';

const MAIL_DELIVERY = {
  /** How often an instance looks for mails written by others (its own are sent at once). */
  pollMs: 2000,
  batch: 20,
  /** Long enough for one batch to be sent; after it another instance may retry. */
  leaseMs: 2 * 60 * 1000,
  /** Delay before attempt n + 1: 1 min, 2, 4 … capped at one hour; given up after maxAttempts. */
  retryBaseMs: 60 * 1000,
  retryMaxMs: 60 * 60 * 1000,
  maxAttempts: 8,
  /** A mail older than this is not sent any more: a reset link is long dead, a welcome mail out of place. */
  maxAgeMs: 24 * 60 * 60 * 1000,
} as const;

export interface DeliveryOptions {
  smtpUrl: string;
  from: string;
  /** Empties a mail's text and HTML once sent, so reset links do not stay at rest (when no outbox page reads them). */
  purgeSent: boolean;
  clock?: () => Date;
  /** For tests: a transport other than SMTP. */
  transport?: Pick<Transporter, 'sendMail' | 'close'>;
}

interface DueMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  too_old: boolean;
}

/** The delivery of the outbox by SMTP: `job` for the platform's runner, `deliverDue` for a caller that waits for it. */
export function mailDelivery(db: Database, options: DeliveryOptions) {
  const clock = options.clock ?? (() => new Date());
  const transport = options.transport ?? nodemailer.createTransport(options.smtpUrl);
  let running: Promise<number> | null = null;
  let again = false;

  const claim = async (): Promise<DueMail[]> => {
    const now = clock();
    return db.query<DueMail>(
      `UPDATE mail.outbox SET not_before = $2::timestamptz, attempts = attempts + 1
       WHERE id IN (SELECT id FROM mail.outbox WHERE sent_at IS NULL AND failed_at IS NULL
                    AND (not_before IS NULL OR not_before <= $1::timestamptz) ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id, "to", subject, text, html, attempts, created_at < $4::timestamptz AS too_old`,
      [
        now.toISOString(),
        new Date(now.getTime() + MAIL_DELIVERY.leaseMs).toISOString(),
        MAIL_DELIVERY.batch,
        new Date(now.getTime() - MAIL_DELIVERY.maxAgeMs).toISOString(),
      ],
    );
  };

  const deliver = async (mail: DueMail) => {
    const now = clock().toISOString();
    if (mail.too_old) {
      await db.query(`UPDATE mail.outbox SET failed_at = $2::timestamptz, last_error = 'too old to send' WHERE id = $1`, [mail.id, now]);
      return false;
    }
    try {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (error) {
      const delay = Math.min(MAIL_DELIVERY.retryBaseMs * 2 ** (mail.attempts - 1), MAIL_DELIVERY.retryMaxMs);
      const giveUp = mail.attempts >= MAIL_DELIVERY.maxAttempts;
      // One line, without the address: the log is read by more people than the mailbox.
      console.warn(`Mail #${mail.id} not sent (attempt ${mail.attempts}${giveUp ? ', giving up' : ''}): ${(error as Error).message}`);
      await db.query(
        `UPDATE mail.outbox SET last_error = $2, not_before = $3::timestamptz, failed_at = CASE WHEN $4 THEN $5::timestamptz END WHERE id = $1`,
        [mail.id, String((error as Error).message).slice(0, 500), new Date(clock().getTime() + delay).toISOString(), giveUp, now],
      );
      return false;
    }
    await db.query(
      `UPDATE mail.outbox SET sent_at = $2::timestamptz, not_before = NULL, last_error = NULL
         ${options.purgeSent ? `, text = '', html = ''` : ''} WHERE id = $1`,
      [mail.id, now],
    );
    return true;
  };

  /**
   * Sends what is due now; resolves to the number of mails sent. Calls during a run schedule one more, and wait
   * for it: a caller never claims alongside a run (the run's claimed mails would be skipped, not waited for).
   * `stopping` ends the run after the mail at hand.
   */
  const deliverDue = (stopping?: AbortSignal): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      do {
        again = false;
        for (let batch = await claim(); batch.length && !stopping?.aborted; batch = await claim()) {
          for (const mail of batch) if (await deliver(mail)) sent += 1;
        }
      } while (again && !stopping?.aborted);
      return sent;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const job: Job = {
    name: 'Mail delivery',
    everyMs: MAIL_DELIVERY.pollMs,
    // A mail this process commits is sent at once; the poll finds the ones other instances write.
    wakeOn: (wake) => db.listen(MAIL_COMMITTED, wake),
    turn: (stopping) => deliverDue(stopping),
  };

  return {
    deliverDue: () => deliverDue(),
    job,
    /** Closes the SMTP connections, once the job is stopped. */
    close() {
      transport.close();
    },
  };
}
export type MailDelivery = ReturnType<typeof mailDelivery>;
