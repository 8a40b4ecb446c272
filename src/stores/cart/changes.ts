/**
 * The shopper's changes to the cart: an added variant (the cart is created at the first), a line's
 * quantity or interval, a line removed, a coupon. One at a time (the store's queue) and announced to the
 * other tabs before and after. The cart the API answers is shown; a cart whose last line is removed is
 * deleted and its token cleared. A failed change reloads the cart and rejects with a CartError (a code, the
 * reloaded cart, the API's reason when it gave one).
 */
import type { WritableAtom } from 'nanostores';
import type { ShopClient } from '../../lib/shop-api/client.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { cartErrorOf, cartNotFound } from './errors.ts';
import type { CartTokenStore } from './persistence.ts';
import type { Enqueue } from './queue.ts';
import type { CartReading } from './reading.ts';
import type { CartMessage } from './messages.ts';

export type CartStatus = 'idle' | 'loading' | 'ready' | 'updating';

export interface AddToCart {
  /** Variant code (8 digits) or IRI. */
  variantCode: string;
  quantity: number;
  /** Days between deliveries; 0 for a one-off purchase. */
  interval: number;
  sourceItemList?: string | null;
  upsell?: boolean;
}

interface CartChangesDeps {
  client: Pick<
    ShopClient,
    'createCart' | 'getCart' | 'deleteCart' | 'addItem' | 'changeItem' | 'removeItem' | 'applyCoupon' | 'removeCoupon'
  >;
  enqueue: Enqueue;
  token: CartTokenStore;
  reading: CartReading;
  $cart: WritableAtom<Order | null>;
  $status: WritableAtom<CartStatus>;
  /** Tells the other tabs (the 'updating' message; ../tab-sync.ts). */
  broadcast: (message: CartMessage) => void;
  /** Sends this tab's cart to the other tabs, once a change is over. */
  publish: () => void;
  /** Told of every add the shop API accepted, with the cart it answered (the analytics' add_to_cart). */
  onAdded?: ((added: AddToCart, cart: Order | null) => void) | undefined;
}

export function cartChanges(deps: CartChangesDeps) {
  const { client, enqueue, reading, $cart, $status } = deps;
  const token = deps.token.get;

  /** After a change: the answer, or the cart read again; the last line gone, the cart is deleted. */
  async function settle(cartToken: string, answer: Order | undefined): Promise<Order | null> {
    const cart = answer ?? (await client.getCart(cartToken));
    if (cart.items.length === 0) {
      // The token goes either way: an empty cart the server failed to delete is never shown again.
      await client.deleteCart(cartToken).catch(() => undefined);
      reading.drop();
      return null;
    }
    if (cart.state !== 'cart') {
      reading.drop();
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
            deps.token.set(cartToken);
          } catch (error) {
            throw cartErrorOf(error, null);
          }
        }
        deps.broadcast({ type: 'updating', token: cartToken });
        try {
          return await settle(cartToken, await operation(cartToken));
        } catch (error) {
          const reloaded = await reading.fetchCart();
          if (reloaded.notFound) throw cartNotFound(error);
          throw cartErrorOf(error, reloaded.cart);
        }
      } finally {
        $status.set('ready');
        if (cartToken) deps.publish();
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

  return {
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
  };
}
