/**
 * The cart, shared by every island of the page (one set of atoms) and by the shopper's tabs. Only an
 * order in state `cart` is shown, otherwise its token is dropped; a cart whose last line is removed is
 * deleted and its token cleared. A failed change reloads the cart and rejects with a CartError (a code,
 * the reloaded cart, the API's reason when it gave one). The parts, each in its own file: reading the
 * stored cart (reading), the shopper's changes (changes), the token's storage (persistence), one operation
 * at a time (queue), the other tabs (tab-sync), the login (merge), the cart links (link) and the failures
 * (errors); what the tabs tell each other, the checkout too (messages).
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { CartLinkLine } from '../../lib/cart-link.ts';
import type { LocaleCode } from '../../lib/channels.ts';
import type { ShopClient } from '../../lib/shop-api/client.ts';
import type { Authentication } from '../../lib/shop-api/authentication.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { memoryStorage, safeStorage, type ChannelLike, type StorageEvents, type StorageLike } from '../browser.ts';
import { cartChanges, type AddToCart, type CartStatus } from './changes.ts';
import type { CartError } from './errors.ts';
import { applyCartLink, type CartLinkResult } from './link.ts';
import { cartAtLogin } from './merge.ts';
import { cartTokenStore } from './persistence.ts';
import { createQueue } from './queue.ts';
import { cartReading } from './reading.ts';
import { createTabSync } from './tab-sync.ts';

export type { AddToCart } from './changes.ts';
export { CART_NOT_FOUND, CartError, isCartError } from './errors.ts';
export { CART_CHANNEL } from './messages.ts';

export interface CartDeps {
  client: Pick<
    ShopClient,
    'createCart' | 'getCart' | 'deleteCart' | 'assignCustomer' | 'addItem' | 'changeItem' | 'removeItem' | 'applyCoupon' | 'removeCoupon'
  >;
  storage?: StorageLike;
  /** BroadcastChannel('cart'); null where there is none (the storage events are used instead). */
  channel?: ChannelLike | null;
  storageEvents?: StorageEvents;
  now?: () => number;
  /** The page's locale: the cart is read in its language, and a cart another tab sends in another is read again. */
  locale?: LocaleCode;
  /** Told of every add the shop API accepted, with the cart it answered (the analytics' add_to_cart). */
  onAdded?: (added: AddToCart, cart: Order | null) => void;
}

/** Sum of the quantities of the cart's lines (the header badge). */
export const cartCount = (cart: Order | null): number => cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;

export function createCartStore(deps: CartDeps) {
  const storage = safeStorage(deps.storage ?? memoryStorage());
  const client = deps.client;
  const tokens = cartTokenStore(storage);
  const token = tokens.get;
  const enqueue = createQueue();

  const $cart = atom<Order | null>(null);
  const $status = atom<CartStatus>('idle');
  /** Another tab is changing the cart (the checkout warns about it). */
  const $updatingElsewhere = atom(false);
  /** The last failure of something the shopper did not start (merge on login, reload after another tab). */
  const $lastError = atom<CartError | null>(null);
  /**
   * The stored cart could not be read (shop API unreachable or failing): what to tell the shopper instead
   * of an empty cart, which it is not. Cleared by the next successful read.
   */
  const $unavailable = atom<CartError | null>(null);
  const $count = computed($cart, cartCount);

  const reading = cartReading({ client, token: tokens, $cart, $unavailable });
  const { drop, fetchCart } = reading;

  async function load(): Promise<Order | null> {
    $status.set('loading');
    try {
      return (await fetchCart()).cart;
    } finally {
      $status.set('ready');
    }
  }

  const sync = createTabSync({
    channel: deps.channel ?? null,
    ...(deps.locale ? { locale: deps.locale } : {}),
    storage,
    now: deps.now ?? Date.now,
    token,
    cart: () => $cart.get(),
    setCart: (cart) => $cart.set(cart),
    setUpdatingElsewhere: (value) => $updatingElsewhere.set(value),
    enqueue,
    load,
  });
  const publish = () =>
    sync.broadcast({ type: 'updated', token: token(), cart: $cart.get(), ...(deps.locale ? { locale: deps.locale } : {}) });

  const changes = cartChanges({
    client,
    enqueue,
    token: tokens,
    reading,
    $cart,
    $status,
    broadcast: sync.broadcast,
    publish,
    onAdded: deps.onAdded,
  });

  let stopFollowing: (() => void) | null = null;

  return {
    $cart: $cart as ReadableAtom<Order | null>,
    $count,
    $status: $status as ReadableAtom<CartStatus>,
    $updatingElsewhere: $updatingElsewhere as ReadableAtom<boolean>,
    $lastError: $lastError as ReadableAtom<CartError | null>,
    $unavailable: $unavailable as ReadableAtom<CartError | null>,
    token,

    /** Loads the stored cart (once at start; again whenever something may have changed it). */
    load: () => enqueue(load),

    ...changes,

    /** Applies a cart link (see link.ts); every line is tried, the failures are returned. */
    applyLink(lines: readonly CartLinkLine[]): Promise<CartLinkResult> {
      return applyCartLink({ cart: () => $cart.get(), add: changes.add, setQuantity: changes.setQuantity }, lines);
    },

    /** Merges, assigns or takes the customer's cart at login (see merge.ts); never rejects for the cart's sake. */
    onLogin(auth: Pick<Authentication, 'customer' | 'cart'>): Promise<void> {
      return enqueue(async () => {
        $status.set('updating');
        try {
          await cartAtLogin(
            {
              client,
              token: tokens,
              fetchCart,
              recordError: (error) => $lastError.set(error),
              show: (cart) => (cart ? $cart.set(cart) : drop()),
            },
            auth,
          );
        } finally {
          $status.set('ready');
          publish();
        }
      });
    },

    /**
     * Forgets the cart (logout): it stays on the customer's account for the next login. After a logout
     * in another tab only this tab's copy goes: that tab removed the token, and this tab's view of the
     * storage may lag behind, so a removal here could take away the token a newer sign-in just stored.
     */
    clear(options: { loggedOutElsewhere?: boolean } = {}): void {
      if (!options.loggedOutElsewhere) {
        drop();
        return;
      }
      $cart.set(null);
      $unavailable.set(null);
    },

    /** Loads the cart and follows the other tabs. Idempotent. */
    start(storageEvents?: StorageEvents): void {
      if (stopFollowing) return;
      stopFollowing = sync.follow(storageEvents ?? deps.storageEvents);
      void enqueue(load);
    },
    stop(): void {
      stopFollowing?.();
      stopFollowing = null;
    },
  };
}
export type CartStore = ReturnType<typeof createCartStore>;
