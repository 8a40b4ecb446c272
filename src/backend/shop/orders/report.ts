/**
 * The operator's reconciliation report: every payment the provider holds since a date, matched to what the
 * shop recorded, mismatches first. `npm run operator -- payments` prints it; staff read it on
 * GET /operator/payments (operator/staff.ts). A clean report has no mismatch: every charge is kept by exactly
 * one order's payment or refunded, and nothing is open at the provider that the shop does not wait for.
 */
import type { Queryable } from '../../db/database.ts';
import type { PaymentProvider, ProviderPayment } from '../payments/provider.ts';
import { type AttemptRow, attemptByHash, attemptByProviderId, LIVE } from './attempts.ts';

type Verdict =
  /** Paid, and the payment of its order (the one the order keeps). */
  | 'kept'
  /** Paid, not kept, and refunded. */
  | 'refunded'
  /** Open at the provider, for an attempt the shop waits on (or a subscription charge being made). */
  | 'in flight'
  /** Failed, cancelled or expired: nothing was taken. */
  | 'not charged'
  // Mismatches:
  /** Paid, not kept, its refund not made yet (the next start retries it). */
  | 'refund pending'
  /** Paid, and neither kept nor refunded: the shop does not know of it. */
  | 'unrecorded charge'
  /** Open at the provider for no attempt the shop waits on. */
  | 'open, unknown to the shop'
  /** A second charge kept for one order. */
  | 'second kept charge';

const MISMATCHES: readonly Verdict[] = ['refund pending', 'unrecorded charge', 'open, unknown to the shop', 'second kept charge'];

interface ReportLine {
  providerPaymentId: string;
  createdAt: string;
  status: ProviderPayment['status'];
  /** Minor units. */
  amount: number;
  refunded: number;
  orderNumber: string | null;
  verdict: Verdict;
  mismatch: boolean;
}

export interface PaymentReport {
  since: string;
  payments: number;
  mismatches: number;
  /** Mismatches first, then newest first. */
  lines: ReportLine[];
}

/** The provider's payments since the date, newest first, every page. */
async function providerPaymentsSince(provider: PaymentProvider, since: Date): Promise<ProviderPayment[]> {
  const all: ProviderPayment[] = [];
  let from: string | undefined;
  for (;;) {
    const { payments, next } = await provider.listPayments({ limit: 250, ...(from ? { from } : {}) });
    const recent = payments.filter((p) => Date.parse(p.createdAt) >= since.getTime());
    all.push(...recent);
    if (!next || recent.length < payments.length) return all;
    from = next;
  }
}

async function verdictOf(q: Queryable, p: ProviderPayment): Promise<Verdict> {
  const [held] = await q.query<{ state: string }>('SELECT state FROM shop.payments WHERE provider_payment_id = $1', [p.id]);
  const [refund] = await q.query<{ state: string }>('SELECT state FROM shop.refunds WHERE provider_payment_id = $1', [p.id]);
  if (p.status === 'paid') {
    if (refund) return refund.state === 'refunded' ? 'refunded' : 'refund pending';
    if (p.amountRefundedMinor >= p.amountMinor) return 'refunded';
    return held?.state === 'completed' ? 'kept' : 'unrecorded charge';
  }
  if (p.status === 'open' || p.status === 'pending' || p.status === 'authorized') {
    const attempt: AttemptRow | null = (await attemptByProviderId(q, p.id)) ?? (p.attempt ? await attemptByHash(q, p.attempt) : null);
    return (attempt && LIVE.includes(attempt.state)) || held ? 'in flight' : 'open, unknown to the shop';
  }
  return 'not charged';
}

export async function paymentReport(q: Queryable, provider: PaymentProvider, since: Date): Promise<PaymentReport> {
  const lines: ReportLine[] = [];
  for (const p of await providerPaymentsSince(provider, since)) {
    const verdict = await verdictOf(q, p);
    lines.push({
      providerPaymentId: p.id,
      createdAt: p.createdAt,
      status: p.status,
      amount: p.amountMinor,
      refunded: p.amountRefundedMinor,
      orderNumber: p.orderNumber ?? null,
      verdict,
      mismatch: MISMATCHES.includes(verdict),
    });
  }
  // An order keeps one charge: any other it kept is a mismatch (the oldest is the one the order counts).
  const keptBy = new Map<string, ReportLine[]>();
  for (const line of lines.filter((l) => l.verdict === 'kept' && l.orderNumber))
    keptBy.set(line.orderNumber!, [...(keptBy.get(line.orderNumber!) ?? []), line]);
  for (const kept of keptBy.values())
    for (const line of kept.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(1)) {
      line.verdict = 'second kept charge';
      line.mismatch = true;
    }
  lines.sort((a, b) => Number(b.mismatch) - Number(a.mismatch) || b.createdAt.localeCompare(a.createdAt));
  return { since: since.toISOString(), payments: lines.length, mismatches: lines.filter((l) => l.mismatch).length, lines };
}
