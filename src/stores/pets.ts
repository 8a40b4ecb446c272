/**
 * The pets the islands share: the shop API's animals calls over the page's HTTP client, and the guest
 * token. A shopper who is not signed in may create a pet for the guides: the shop API answers it with a
 * guest token, which the browser keeps (like a cart token) and sends back to reach that pet again. Once
 * the shopper is signed in, the guest's pets are attached to the account and the token is forgotten.
 */
import { STORAGE_KEYS } from '../lib/constants.ts';
import { createAnimalsClient, type AnimalsClient } from '../lib/shop-api/client.ts';
import type { Animal } from '../lib/shop-api/wire.ts';
import { browserStorage, safeStorage, type StorageLike } from './browser.ts';
import { getShop, sessionStore } from './shop.ts';

const GUEST_TOKEN_KEY = STORAGE_KEYS.guestAnimals;

let client: AnimalsClient | null = null;
/** The animals calls, on the page's client (its token, its 401 handling). */
export function animalsApi(): AnimalsClient {
  client ??= createAnimalsClient(getShop().client.http);
  return client;
}

const storage = (): StorageLike => safeStorage(browserStorage());

/** The guest token the browser keeps, when the shopper created a pet without being signed in. */
const guestToken = (): string | null => storage().getItem(GUEST_TOKEN_KEY);

/** Keeps the guest token a pet was answered with (a signed-in customer's pet has none). */
export function rememberGuest(animal: Pick<Animal, 'guestToken'>): void {
  if (animal.guestToken) storage().setItem(GUEST_TOKEN_KEY, animal.guestToken);
}

/**
 * Makes the guest's pets the signed-in customer's, once: at sign-in (stores/shop.ts), else on the next
 * page that reads the pets. A failure keeps the token, so the next page that reads the pets tries again;
 * the pets are never lost to a network hiccup.
 */
export async function attachGuestAnimals(): Promise<void> {
  const token = guestToken();
  if (!token || !sessionStore().$loggedIn.get()) return;
  try {
    await animalsApi().attachAnimals(token);
    storage().removeItem(GUEST_TOKEN_KEY);
  } catch {
    // Kept for the next attempt (see above); the screens show the pets they could read.
  }
}

/**
 * The token to send with an animals call: none for a signed-in customer (their pets are theirs by
 * their session, after the guest's were attached), the guest token otherwise.
 */
export async function ownerToken(): Promise<string | null> {
  const session = sessionStore();
  await session.ready;
  if (session.$loggedIn.get()) {
    await attachGuestAnimals();
    return null;
  }
  return guestToken();
}

/**
 * Whether a visitor with this owner token may have pets: a customer signed in, or a guest who created one
 * (and so holds a token). Anyone else has none: there is nothing to ask the shop API, which would refuse.
 */
export function mayOwnPets(token: string | null): boolean {
  return token !== null || sessionStore().$loggedIn.get();
}
