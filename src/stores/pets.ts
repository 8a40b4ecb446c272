/**
 * The pets the islands share: the shop API's animals calls over the page's HTTP client, with the guest
 * token of a shopper who created a pet without being signed in (guest-animals.ts).
 */
import { createAnimalsClient, type AnimalsClient } from '../lib/shop-api/animals.ts';
import { attachGuestAnimals, guestToken } from './guest-animals.ts';
import { getShop, sessionStore } from './shop.ts';

let client: AnimalsClient | null = null;
/** The animals calls, on the page's client (its token, its 401 handling). */
export function animalsApi(): AnimalsClient {
  client ??= createAnimalsClient(getShop().client.http);
  return client;
}

/**
 * The token to send with an animals call: none for a signed-in customer (their pets are theirs by
 * their session, after the guest's were attached), the guest token otherwise.
 */
export async function ownerToken(): Promise<string | null> {
  const session = sessionStore();
  await session.ready;
  if (session.$loggedIn.get()) {
    await attachGuestAnimals(getShop().client.http, session);
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
