/**
 * The cart, shared by every island of the page (one set of atoms) and by the shopper's tabs. Only an
 * order in state `cart` is shown, otherwise its token is dropped; a cart whose last line is removed is
 * deleted and its token cleared. A failed change reloads the cart and rejects with a CartError (a code,
 * the reloaded cart, the API's reason when it gave one). The parts, each in its own file: the token's
 * storage (persistence), one operation at a time (queue), the other tabs (tab-sync), the login (merge),
 * the cart links (link) and the failures (errors); what the tabs tell each other, the checkout too (messages).
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { CartLinkLine } from '../../lib/cart-link.ts';
import type { LocaleCode } from '../../lib/channels.ts';
import { isShopApiError } from '../../lib/shop-api/http.ts';
import type { ShopClient } from '../../lib/shop-api/client.ts';
import type { Authentication } from '../../lib/shop-api/authentication.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { memoryStorage, safeStorage, type ChannelLike, type StorageEvents, type StorageLike } from '../browser.ts';
import { cartErrorOf, cartNotFound, refusedCart, type CartError } from './errors.ts';
import { applyCartLink, type CartLinkResult } from './link.ts';
import { cartAtLogin } from './merge.ts';
import { cartTokenStore } from './persistence.ts';
import { createQueue } from './queue.ts';
import { createTabSync } from './tab-sync.ts';

export { CART_NOT_FOUND, CartError, isCartError } from './errors.ts';
export { CART_CHANNEL } from './messages.ts';

export interface AddToCart {
  /** Variant code (8 digits) or IRI. */
  variantCode: string;
  quantity: number;
  /** Days between deliveries; 0 for a one-off purchase. */
  interval: number;
  sourceItemList?: string | null;
  upsell?: boolean;
}

export type CartStatus = 'idle' | 'loading' | 'ready' | 'updating';

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

type Fetched = { cart: Order | null; notFound: boolean };

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

  function drop() {
    tokens.set(null);
    $cart.set(null);
    $unavailable.set(null);
  }

  /**
   * GET the stored cart. Not in state `cart`, refused (4xx but 401: unknown token, not yours) or not an
   * order: the token is dropped. A network or server failure keeps the token (the cart is still there),
   * keeps what this tab already showed of that cart (a failed reload after a failed change must not empty
   * the page and the badge), and says so in `$unavailable`.
   */
  async function fetchCart(): Promise<Fetched> {
    const current = token();
    if (!current) {
      $cart.set(null);
      $unavailable.set(null);
      return { cart: null, notFound: false };
    }
    try {
      const cart = await client.getCart(current);
      if (token() !== current) return { cart: $cart.get(), notFound: false }; // replaced meanwhile
      $unavailable.set(null);
      if (cart.state !== 'cart') {
        drop();
        return { cart: null, notFound: false };
      }
      $cart.set(cart);
      return { cart, notFound: false };
    } catch (error) {
      if (token() !== current) return { cart: $cart.get(), notFound: false };
      if (refusedCart(error) || (isShopApiError(error) && error.code !== null)) {
        drop();
        return { cart: null, notFound: isShopApiError(error) && error.status === 404 };
      }
      const shown = $cart.get()?.tokenValue === current ? $cart.get() : null;
      $cart.set(shown);
      $unavailable.set(cartErrorOf(error, shown));
      return { cart: shown, notFound: false };
    }
  }

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

  /** After a change: the answer, or the cart read again; the last line gone, the cart is deleted. */
  async function settle(cartToken: string, answer: Order | undefined): Promise<Order | null> {
    const cart = answer ?? (await client.getCart(cartToken));
    if (cart.items.length === 0) {
      // The token goes either way: an empty cart the server failed to delete is never shown again.
      await client.deleteCart(cartToken).catch(() => undefined);
      drop();
      return null;
    }
    if (cart.state !== 'cart') {
      drop();
      return null;
    }
    $cart.set(cart);
    return cart;
  }

  /** One change to the cart: announced to other tabs, reloaded and rejected on failure. */
  function change(operation: (cartToken: string) => Promise<Order | undefined>, options: { create?: boolean } = {}): Promise<Order | null> {
    return enqueue(async () => {
      let cartToken = token();
      $status.set('updating');
      try {
        if (!cartToken) {
          if (!options.create) throw cartNotFound();
          try {
            cartToken = (await client.createCart()).tokenValue;
            tokens.set(cartToken);
          } catch (error) {
            throw cartErrorOf(error, null);
          }
        }
        sync.broadcast({ type: 'updating', token: cartToken });
        try {
          return await settle(cartToken, await operation(cartToken));
        } catch (error) {
          const reloaded = await fetchCart();
          if (reloaded.notFound) throw cartNotFound(error);
          throw cartErrorOf(error, reloaded.cart);
        }
      } finally {
        $status.set('ready');
        if (cartToken) publish();
      }
    });
  }

  /** Adds a variant (creating the cart when there is none). */
  async function add(input: AddToCart): Promise<Order | null> {
    const cart = await change(
      (cartToken) =>
        client.addItem(cartToken, {
          productVariant: input.variantCode,
          quantity: input.quantity,
          subscriptionInterval: input.interval,
          sourceItemList: input.sourceItemList ?? null,
          upsell: input.upsell ?? false,
        }),
      { create: true },
    );
    try {
      deps.onAdded?.(input, cart);
    } catch {
      /* what listens to adds (analytics) never turns an accepted add into a failure */
    }
    return cart;
  }
  function remove(itemId: number): Promise<Order | null> {
    return change((cartToken) => client.removeItem(cartToken, itemId));
  }
  /** Sets a line's quantity (0 removes it); the interval is kept unless given. */
  function setQuantity(itemId: number, quantity: number, interval?: number): Promise<Order | null> {
    if (quantity <= 0) return remove(itemId);
    // The line's interval as it is when the change runs (after the changes queued before it).
    const kept = () => $cart.get()?.items.find((item) => item.id === itemId)?.subscriptionInterval ?? 0;
    return change((cartToken) => client.changeItem(cartToken, itemId, { quantity, subscriptionInterval: interval ?? kept() }));
  }

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

    add,
    setQuantity,
    /** Subscribe or buy once: the interval only. */
    setInterval(itemId: number, interval: number): Promise<Order | null> {
      return change((cartToken) => client.changeItem(cartToken, itemId, { subscriptionInterval: interval }));
    },
    remove,
    applyCoupon(code: string): Promise<Order | null> {
      return change((cartToken) => client.applyCoupon(cartToken, code.trim()));
    },
    removeCoupon(code: string): Promise<Order | null> {
      return change((cartToken) => client.removeCoupon(cartToken, code));
    },

    /** Applies a cart link (see link.ts); every line is tried, the failures are returned. */
    applyLink(lines: readonly CartLinkLine[]): Promise<CartLinkResult> {
      return applyCartLink({ cart: () => $cart.get(), add, setQuantity }, lines);
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
