/**
 * One tab at a time refreshes the session (Web Locks): the shop API revokes every session of a login
 * when a rotated refresh token is sent twice, so two tabs must never refresh with the same one.
 */
import { REFRESH_LOCK } from '../../lib/constants.ts';

/** navigator.locks as the session uses it. */
export interface Locks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export function browserLocks(): Locks | null {
  const locks = (
    globalThis as { navigator?: { locks?: { request: (name: string, callback: () => Promise<unknown>) => Promise<unknown> } } }
  ).navigator?.locks;
  return locks ? { request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T> } : null;
}

/** Runs the callback holding the refresh lock; without locks, at once (the caller then checks the storage for a newer token). */
export const underRefreshLock =
  (locks: Locks | null) =>
  <T>(callback: () => Promise<T>): Promise<T> =>
    locks ? locks.request(REFRESH_LOCK, callback) : callback();
