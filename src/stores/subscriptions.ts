/**
 * What the subscription screens share beyond the shop client: the mobile app's hand-off of its session to
 * the payment web view; and the subscriber flag that static pages' header reads, kept from the customer the
 * account's islands load (static pages load no customer: the header script stays tiny and framework-free).
 * The card form for a new card is in subscription-card.ts: every island's stores import this module, and
 * would all carry the card's code.
 */
import type { ReadableAtom } from 'nanostores';
import { STORAGE_KEYS } from '../lib/constants.ts';
import type { Customer } from '../lib/shop-api/customers.ts';
import type { StorageLike } from './browser.ts';
import { decodeTokenClaims } from './session/index.ts';

/**
 * The mobile app opens the payment web view signed in: it puts its access token in the address's fragment
 * (`#token=…`), which never reaches a server or a log, and the page takes it out of the address at once.
 * A token that is not the stored one becomes the session without a refresh token: the app's refresh token
 * stays the app's (a second holder refreshing it would end the app's login), and when the token expires
 * the web view goes to the login page like any page. Call before the session starts.
 */
export function adoptAppSession(
  location: { hash: string; pathname: string; search: string },
  storage: StorageLike,
  replaceAddress: (path: string) => void,
): boolean {
  const token = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  if (token === null) return false;
  replaceAddress(`${location.pathname}${location.search}`);
  const claims = decodeTokenClaims(token);
  if (claims === null) return false;
  if (storage.getItem(STORAGE_KEYS.token) === token) return true;
  storage.removeItem(STORAGE_KEYS.refreshToken);
  storage.setItem(STORAGE_KEYS.customerUri, claims.customer);
  // The token last, as the session store writes it: other tabs react to its storage event and read the rest.
  storage.setItem(STORAGE_KEYS.token, token);
  return true;
}

/**
 * Keeps the subscriber flag as the customer IRI of a subscriber (nothing for anyone else), so a page
 * signed in as another customer never reads someone else's flag. Only a customer the shop API answered
 * counts: one still loading, or the empty default of a failed load, changes nothing.
 */
export function rememberSubscriber(
  customer: { $customer: ReadableAtom<Customer | null>; $status: ReadableAtom<string> },
  $signedIn: ReadableAtom<boolean>,
  storage: StorageLike,
): () => void {
  const keep = () => {
    const known = customer.$status.get() === 'ready' ? customer.$customer.get() : null;
    if (!$signedIn.get()) storage.removeItem(STORAGE_KEYS.subscriber);
    else if (known?.subscriber) storage.setItem(STORAGE_KEYS.subscriber, known['@id']);
    else if (known) storage.removeItem(STORAGE_KEYS.subscriber);
  };
  const stops = [customer.$customer.listen(keep), customer.$status.listen(keep), $signedIn.listen(keep)];
  return () => {
    for (const stop of stops) stop();
  };
}
