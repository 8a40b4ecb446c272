/**
 * The pets the islands share: the shop API's animals calls over the page's HTTP client, with the guest
 * token of a shopper who created a pet without being signed in (guest-animals.ts). Given the page's client
 * and session by the island that uses them, rather than looking them up in shop.ts, which builds them.
 */
import { createAnimalsClient, type AnimalsClient } from '../lib/shop-api/animals.ts';
import type { ShopClient } from '../lib/shop-api/client.ts';
import { attachGuestAnimals, guestToken } from './guest-animals.ts';
import type { SessionStore } from './session/index.ts';

export interface PetsOwner {
  client: Pick<ShopClient, 'http'>;
  session: Pick<SessionStore, 'ready' | '$loggedIn'>;
}

/**
 * The pets of the page's shopper, over the page's client (its token, its 401 handling) and session, each read
 * when a call needs it (an island rendered at build time reads neither).
 */
export function shopPets(shop: PetsOwner) {
  let api: AnimalsClient | null = null;
  return {
    /** The animals calls. */
    get api(): AnimalsClient {
      api ??= createAnimalsClient(shop.client.http);
      return api;
    },

    /**
     * The token to send with an animals call: none for a signed-in customer (their pets are theirs by
     * their session, after the guest's were attached), the guest token otherwise.
     */
    async ownerToken(): Promise<string | null> {
      const { session } = shop;
      await session.ready;
      if (session.$loggedIn.get()) {
        await attachGuestAnimals(shop.client.http, session);
        return null;
      }
      return guestToken();
    },

    /**
     * Whether a visitor with this owner token may have pets: a customer signed in, or a guest who created one
     * (and so holds a token). Anyone else has none: there is nothing to ask the shop API, which would refuse.
     */
    mayOwnPets(token: string | null): boolean {
      return token !== null || shop.session.$loggedIn.get();
    },
  };
}
export type ShopPets = ReturnType<typeof shopPets>;
