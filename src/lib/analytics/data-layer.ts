/**
 * The tag manager's data layer (window.dataLayer) and the one rule of every push: only once the shopper
 * consented to the audience measure (analytics) — nothing before an answer, nothing after a refusal.
 * The layer is made here when missing, so the events wait in it for the tag manager whether or not the
 * build names one (PUBLIC_GTM_ID): the tag manager reads what was pushed before it loaded.
 *
 * Who the shopper is comes from what the browser keeps (the session token's expiry, the old-client flag
 * the shop stores keep), as the header reads it: no call to the shop API for analytics, and no library,
 * since a page without islands runs this too.
 */
import { STORAGE_KEYS } from '../constants.ts';
import type { Shopper } from '../marketing/analytics.ts';
import { allows, CONSENT_STORAGE_KEY, parseConsent } from '../marketing/consent.ts';
import { tokenExpiresAt } from '../session-token.ts';

export interface StorageReader {
  getItem(key: string): string | null;
}

/** The page's localStorage for reading; a refused storage reads as empty (no consent, no session). */
const pageStorage = (): StorageReader => ({
  getItem(key) {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
});

/** Whether the shopper's stored answer says yes to the audience measure. */
export const analyticsAllowed = (storage: StorageReader = pageStorage()): boolean =>
  allows(parseConsent(storage.getItem(CONSENT_STORAGE_KEY)), 'analytics');

/**
 * The shopper's classes as the browser knows them: signed in while the stored token has not expired; an
 * old client when the flag holds this customer's IRI (written once the shop API said newCustomer false),
 * a new one otherwise — so a signed-in shopper whose customer was never read counts as new.
 */
export function storedShopper(storage: StorageReader = pageStorage(), now: number = Date.now()): Shopper {
  if (tokenExpiresAt(storage.getItem(STORAGE_KEYS.token)) <= now) return { signedIn: false };
  const customer = storage.getItem(STORAGE_KEYS.customerUri);
  return { signedIn: true, newCustomer: !(customer && storage.getItem(STORAGE_KEYS.oldClient) === customer) };
}

export interface DataLayerHost {
  dataLayer?: unknown[];
}

/** Pushes an event; an ecommerce event clears the previous ecommerce object first, as the tag manager asks. */
export function pushEvent(layer: unknown[], event: object): void {
  if ('ecommerce' in event) layer.push({ ecommerce: null });
  layer.push(event);
}

/** Pushes the events to the page's data layer (made when missing) only with consent; whether they were. */
export function pushWithConsent(
  events: readonly object[],
  host: DataLayerHost = globalThis as DataLayerHost,
  storage: StorageReader = pageStorage(),
): boolean {
  if (!analyticsAllowed(storage)) return false;
  host.dataLayer ??= [];
  for (const event of events) pushEvent(host.dataLayer, event);
  return true;
}
