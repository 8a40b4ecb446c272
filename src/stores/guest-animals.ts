/**
 * A guest's pets: a shopper who is not signed in may create a pet for the guides, and the shop API answers
 * it with a guest token, which the browser keeps (like a cart token) and sends back to reach that pet again.
 * Once the shopper is signed in, the guest's pets are attached to the account and the token is forgotten.
 *
 * Given the page's HTTP client and session rather than reading them from shop.ts: shop.ts loads this at
 * sign-in (only for a shopper who holds a token), and pets.ts, given the same by its island, uses it too.
 */
import { STORAGE_KEYS } from '../lib/constants.ts';
import { createAnimalsClient, type Animal } from '../lib/shop-api/animals.ts';
import type { HttpClient } from '../lib/shop-api/http.ts';
import { browserStorage, safeStorage, type StorageLike } from './browser.ts';
import type { SessionStore } from './session/index.ts';

const GUEST_TOKEN_KEY = STORAGE_KEYS.guestAnimals;

const storage = (): StorageLike => safeStorage(browserStorage());

/** The guest token the browser keeps, when the shopper created a pet without being signed in. */
export const guestToken = (): string | null => storage().getItem(GUEST_TOKEN_KEY);

/** Keeps the guest token a pet was answered with (a signed-in customer's pet has none). */
export function rememberGuest(animal: Pick<Animal, 'guestToken'>): void {
  if (animal.guestToken) storage().setItem(GUEST_TOKEN_KEY, animal.guestToken);
}

/**
 * Makes the guest's pets the signed-in customer's, once: at sign-in (stores/shop.ts), else on the next
 * page that reads the pets (stores/pets.ts). A failure keeps the token, so the next page that reads the
 * pets tries again; the pets are never lost to a network hiccup.
 */
export async function attachGuestAnimals(http: HttpClient, session: Pick<SessionStore, '$loggedIn'>): Promise<void> {
  const token = guestToken();
  if (!token || !session.$loggedIn.get()) return;
  try {
    await createAnimalsClient(http).attachAnimals(token);
    storage().removeItem(GUEST_TOKEN_KEY);
  } catch {
    // Kept for the next attempt (see above); the screens show the pets they could read.
  }
}
