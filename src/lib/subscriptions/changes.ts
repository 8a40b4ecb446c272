/**
 * Where a shopper's change lands. A subscription keeps its settings (frequency, address, carrier or relay
 * point), from which each draft is made, and has one draft next order at a time. The shopper chooses:
 * - `next`: the next order only: the draft changes, the subscription's settings stay;
 * - `all`: every draft: the draft and the subscription's settings change (the drafts made later follow).
 * Once the draft is locked (4 days before its shipment) it cannot change: a change of the next order only is
 * refused, and a change of all drafts reaches the ones after it. A new frequency moves a date, so on a locked
 * draft it applies to the shipment after it, whatever the scope. Upsells and coupons are the draft's alone.
 */
import { isLocked, type Day } from './schedule.ts';

export const changeScopes = ['next', 'all'] as const;
export type ChangeScope = (typeof changeScopes)[number];

export interface ChangePlan {
  /** The draft next order takes the change. */
  draft: boolean;
  /** The subscription's settings take it: drafts made from now on follow. */
  settings: boolean;
}

/** What the change reaches, or 'locked' when the shopper asked for a draft that can no longer change. */
export function planChange(scope: ChangeScope, shipment: Day, now: Date): ChangePlan | 'locked' {
  const locked = isLocked(shipment, now);
  if (scope === 'next') return locked ? 'locked' : { draft: true, settings: false };
  return { draft: !locked, settings: true };
}
