/**
 * The cart (SPEC §4, §7, §8). Its token lives under `store/cart/token`. Only an order in state `cart` is
 * loaded, otherwise the token is dropped; a cart whose last item is removed is deleted and its token
 * cleared. A failed operation reloads the cart and rejects with the server's description or the generic
 * error (with the reloaded cart); an unknown token rejects with "Cart not found" and is cleared. The cart
 * is shared between islands (one atom) and tabs (BroadcastChannel `cart`, storage events as fallback),
 * and merged or assigned on login. Operations run one after the other.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { Language } from '../lib/channels.ts';
import frForms from '../i18n/messages/fr/forms.ts';
import nlForms from '../i18n/messages/nl/forms.ts';
import type { CartLinkLine } from '../lib/cart-link.ts';
import { STORAGE_KEYS } from '../lib/constants.ts';
import { isShopApiError, NETWORK_ERROR_STATUS, type ShopApiError } from '../lib/http.ts';
import type { ShopClient } from '../lib/shop/client.ts';
import { order as orderSchema, type Authentication, type Order, type OrderItem, type Violation } from '../lib/shop/wire.ts';
import { memoryStorage, safeStorage, type ChannelLike, type StorageEvents, type StorageLike } from './platform.ts';

export const CART_CHANNEL = 'cart';
export const CART_NOT_FOUND = 'Cart not found';
/** Written after each change when BroadcastChannel is missing, so other tabs' storage events reload the cart. */
export const CART_SYNC_KEY = 'store/cart/sync';

export type CartMessage = { type: 'updating'; token: string } | { type: 'updated'; token: string | null; cart: Order | null };

export class CartError extends Error {
  readonly code: 'cart_not_found' | 'failed';
  /** The cart as reloaded after the failure (null when there is none). */
  readonly cart: Order | null;
  readonly status: number | null;
  /** The server's answer as is (a coupon error is passed on, SPEC §8). */
  readonly body: unknown;
  readonly violations: Violation[];

  constructor(message: string, init: { code: CartError['code']; cart: Order | null; cause?: unknown }) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'CartError';
    this.code = init.code;
    this.cart = init.cart;
    const api = isShopApiError(init.cause) ? init.cause : null;
    this.status = api?.status ?? null;
    this.body = api?.body;
    this.violations = api?.violations ?? [];
  }
}
export const isCartError = (error: unknown): error is CartError => error instanceof CartError;

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
  client: Pick<ShopClient, 'createCart' | 'getCart' | 'deleteCart' | 'assignCustomer' | 'addItem' | 'changeItem' | 'removeItem' | 'applyCoupon' | 'removeCoupon'>;
  storage?: StorageLike;
  /** BroadcastChannel('cart'); null where there is none (the storage events are used instead). */
  channel?: ChannelLike | null;
  storageEvents?: StorageEvents;
  /** Language of the generic error text. */
  language?: Language;
  now?: () => number;
}

/** Sum of the quantities of the cart's lines (the header badge). */
export const cartCount = (cart: Order | null): number => cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;

const variantCodeOf = (item: OrderItem) => item.variantCode;

export function createCartStore(deps: CartDeps) {
  const storage = safeStorage(deps.storage ?? memoryStorage());
  const client = deps.client;
  const channel = deps.channel ?? null;
  const language = deps.language ?? 'fr';
  const now = deps.now ?? Date.now;

  const $cart = atom<Order | null>(null);
  const $status = atom<CartStatus>('idle');
  /** Another tab is changing the cart (SPEC §7's broadcast; the funnel warns about it). */
  const $updatingElsewhere = atom(false);
  /** The last failure of something the shopper did not start (merge on login, reload after another tab). */
  const $lastError = atom<CartError | null>(null);
  /**
   * The stored cart could not be read (shop API unreachable or failing): what to tell the shopper instead
   * of an empty cart, which it is not. Cleared by the next successful read.
   */
  const $unavailable = atom<CartError | null>(null);
  const $count = computed($cart, cartCount);

  let queue: Promise<unknown> = Promise.resolve();
  let stops: Array<() => void> = [];

  const token = (): string | null => storage.getItem(STORAGE_KEYS.cartToken) || null;
  function setToken(value: string | null) {
    if (value === null) storage.removeItem(STORAGE_KEYS.cartToken);
    else if (value !== token()) storage.setItem(STORAGE_KEYS.cartToken, value);
  }
  function drop() {
    setToken(null);
    $cart.set(null);
    $unavailable.set(null);
  }

  function broadcast(message: CartMessage) {
    if (channel) {
      try {
        channel.postMessage(message);
      } catch {
        // A closed channel: other tabs still follow the token's storage events.
      }
    } else if (message.type === 'updated') {
      storage.setItem(CART_SYNC_KEY, `${now()}:${message.token ?? ''}`);
    }
  }
  const publish = () => broadcast({ type: 'updated', token: token(), cart: $cart.get() });

  /** Runs operations one at a time, so two quick adds never create two carts. */
  function enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const run = queue.then(operation, operation);
    queue = run.catch(() => undefined);
    return run;
  }

  // The forms catalogues only (`forms.errors.generic`): the header badge loads this store and stays small.
  const formErrors = () => (language === 'nl' ? nlForms : frForms).errors;
  /**
   * The server's description for a refused request (4xx); "no connection" when no answer came (SPEC §8's
   * network message: the shopper can check their connection); the generic text otherwise.
   */
  const describe = (error: unknown) => {
    if (isShopApiError(error) && error.status === NETWORK_ERROR_STATUS && error.code === null) return formErrors().network;
    return isShopApiError(error) && error.status >= 400 && error.status < 500 && error.description ? error.description : formErrors().generic;
  };
  /** The server refused the cart itself (unknown, not yours…); a 401 is about the session, not the cart. */
  const refused = (error: unknown): error is ShopApiError => isShopApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401;

  type Fetched = { cart: Order | null; notFound: boolean };
  /**
   * GET the stored cart. Not in state `cart`, refused (4xx but 401: unknown token, not yours) or not an
   * order: the token is dropped.
   * A network or server failure keeps the token (the cart is still there), keeps what this tab already
   * showed of that cart (a failed reload after a failed change must not empty the page and the badge),
   * and says so in `$unavailable`.
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
      if (refused(error) || (isShopApiError(error) && error.code !== null)) {
        drop();
        return { cart: null, notFound: isShopApiError(error) && error.status === 404 };
      }
      const shown = $cart.get()?.tokenValue === current ? $cart.get() : null;
      $cart.set(shown);
      $unavailable.set(new CartError(describe(error), { code: 'failed', cart: shown, cause: error }));
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

  /** After a change: the answer, or the cart read again; the last item gone, the cart is deleted. */
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
          if (!options.create) throw new CartError(CART_NOT_FOUND, { code: 'cart_not_found', cart: null });
          try {
            const created = await client.createCart();
            cartToken = created.tokenValue;
            setToken(cartToken);
          } catch (error) {
            throw new CartError(describe(error), { code: 'failed', cart: null, cause: error });
          }
        }
        broadcast({ type: 'updating', token: cartToken });
        try {
          return await settle(cartToken, await operation(cartToken));
        } catch (error) {
          const reloaded = await fetchCart();
          if (reloaded.notFound) throw new CartError(CART_NOT_FOUND, { code: 'cart_not_found', cart: null, cause: error });
          throw new CartError(describe(error), { code: 'failed', cart: reloaded.cart, cause: error });
        }
      } finally {
        $status.set('ready');
        if (cartToken) publish();
      }
    });
  }

  const itemOf = (itemId: number) => $cart.get()?.items.find((item) => item.id === itemId);

  async function mergeInto(customerCart: string, anonymousToken: string): Promise<void> {
    let anonymous: Order | null = null;
    try {
      anonymous = await client.getCart(anonymousToken);
    } catch {
      anonymous = null; // unknown or gone: nothing to merge
    }
    let failure: unknown = null;
    if (anonymous && anonymous.state === 'cart') {
      for (const item of anonymous.items) {
        try {
          await client.addItem(customerCart, {
            productVariant: item.variant, quantity: item.quantity, subscriptionInterval: item.subscriptionInterval, sourceItemList: item.sourceItemList, upsell: item.upsell,
          });
        } catch (error) {
          failure ??= error;
        }
      }
      await client.deleteCart(anonymousToken).catch(() => undefined);
    }
    setToken(customerCart);
    const { cart } = await fetchCart();
    if (failure !== null) $lastError.set(new CartError(describe(failure), { code: 'failed', cart, cause: failure }));
  }

  /** Adds a variant (creating the cart when there is none). */
  function add(input: AddToCart): Promise<Order | null> {
    return change((cartToken) => client.addItem(cartToken, {
      productVariant: input.variantCode, quantity: input.quantity, subscriptionInterval: input.interval, sourceItemList: input.sourceItemList ?? null, upsell: input.upsell ?? false,
    }), { create: true });
  }
  function remove(itemId: number): Promise<Order | null> {
    return change((cartToken) => client.removeItem(cartToken, itemId));
  }
  /** Sets a line's quantity (0 removes it); the interval is kept unless given. */
  function setQuantity(itemId: number, quantity: number, interval?: number): Promise<Order | null> {
    if (quantity <= 0) return remove(itemId);
    return change((cartToken) => client.changeItem(cartToken, itemId, { quantity, subscriptionInterval: interval ?? itemOf(itemId)?.subscriptionInterval ?? 0 }));
  }

  function onMessage(event: { data: unknown }) {
    const message = event.data as Partial<CartMessage> | null;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'updating') {
      $updatingElsewhere.set(true);
      return;
    }
    if (message.type !== 'updated') return;
    $updatingElsewhere.set(false);
    const parsed = message.cart === null ? null : orderSchema.safeParse(message.cart);
    if (parsed === null) {
      if (message.token === null || message.token === token()) $cart.set(null);
      else void enqueue(load);
    } else if (parsed.success && parsed.data.tokenValue === token()) {
      // Queued behind this tab's own loads: a GET that left before the other tab's change must not
      // land after it and put the older cart back.
      const cart = parsed.data.state === 'cart' ? parsed.data : null;
      void enqueue(async () => { $cart.set(cart); });
    } else {
      void enqueue(load);
    }
  }

  function onStorage(key: string | null, newValue: string | null) {
    if (key === STORAGE_KEYS.cartToken || key === null) {
      if (newValue === null && key !== null) $cart.set(null);
      else if ((newValue ?? null) !== $cart.get()?.tokenValue) void enqueue(load);
    } else if (key === CART_SYNC_KEY) {
      void enqueue(load);
    }
  }

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

    /**
     * Applies a cart link (lib/cart-link.ts): a line with a targetQuantity is set to it (the line with the
     * same variant and interval, else added), the others are added. Every line is tried; the failures are returned.
     */
    async applyLink(lines: readonly CartLinkLine[]): Promise<{ cart: Order | null; failures: Array<{ line: CartLinkLine; error: CartError }> }> {
      const failures: Array<{ line: CartLinkLine; error: CartError }> = [];
      for (const line of lines) {
        try {
          if (line.targetQuantity === null) {
            await add({ variantCode: line.variantCode, quantity: line.quantity, interval: line.interval, sourceItemList: 'cart_link' });
            continue;
          }
          const existing = $cart.get()?.items.find((item) => variantCodeOf(item) === line.variantCode && item.subscriptionInterval === line.interval)
            ?? $cart.get()?.items.find((item) => variantCodeOf(item) === line.variantCode);
          if (existing) await setQuantity(existing.id, line.targetQuantity, line.interval);
          else if (line.targetQuantity > 0) await add({ variantCode: line.variantCode, quantity: line.targetQuantity, interval: line.interval, sourceItemList: 'cart_link' });
        } catch (error) {
          failures.push({ line, error: isCartError(error) ? error : new CartError(describe(error), { code: 'failed', cart: $cart.get(), cause: error }) });
        }
      }
      return { cart: $cart.get(), failures };
    },

    /**
     * On login (SPEC §4): with an open customer cart and an anonymous one, the anonymous items are added
     * to the customer's cart and the anonymous cart deleted; with only an anonymous cart, it is assigned to
     * the customer; with only the customer's, it becomes the cart.
     */
    onLogin(auth: Pick<Authentication, 'customer' | 'cart'>): Promise<void> {
      return enqueue(async () => {
        $status.set('updating');
        const anonymous = token();
        const customerCart = auth.cart ?? null;
        try {
          if (customerCart && anonymous && customerCart !== anonymous) await mergeInto(customerCart, anonymous);
          else if (customerCart) {
            setToken(customerCart);
            await fetchCart();
          } else if (anonymous) {
            try {
              const cart = await client.assignCustomer(anonymous, auth.customer);
              if (cart.state === 'cart') $cart.set(cart);
              else drop();
            } catch (error) {
              const { cart } = await fetchCart();
              $lastError.set(new CartError(describe(error), { code: 'failed', cart, cause: error }));
            }
          }
        } finally {
          $status.set('ready');
          publish();
        }
      });
    },

    /** Forgets the cart (logout): it stays on the customer's account for the next login. */
    clear(): void {
      drop();
    },

    /** Loads the cart and follows the other tabs. Idempotent. */
    start(storageEvents?: StorageEvents): void {
      if (stops.length > 0) return;
      if (channel) {
        channel.addEventListener('message', onMessage);
        stops.push(() => channel.removeEventListener('message', onMessage));
      }
      const events = storageEvents ?? deps.storageEvents;
      if (events) stops.push(events(onStorage));
      else stops.push(() => {});
      void enqueue(load);
    },
    stop(): void {
      for (const stop of stops) stop();
      stops = [];
    },
  };
}
export type CartStore = ReturnType<typeof createCartStore>;
