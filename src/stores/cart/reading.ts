/**
 * Reading the stored cart into the store. Only an order in state `cart` is shown; one that is not, or that
 * the API refuses (4xx but 401: an unknown token, someone else's cart) or that is not an order, has its
 * token dropped. A network or server failure keeps the token (the cart is still there), keeps what this
 * tab already showed of that cart (a failed reload after a failed change must not empty the page and the
 * badge), and says so in `$unavailable`.
 */
import type { WritableAtom } from 'nanostores';
import type { ShopClient } from '../../lib/shop-api/client.ts';
import { isShopApiError } from '../../lib/shop-api/http.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { cartErrorOf, refusedCart, type CartError } from './errors.ts';
import type { CartTokenStore } from './persistence.ts';

interface CartReadingDeps {
  client: Pick<ShopClient, 'getCart'>;
  token: CartTokenStore;
  $cart: WritableAtom<Order | null>;
  $unavailable: WritableAtom<CartError | null>;
}

/** The cart read, and whether the shop API said there is no such cart (a 404). */
type Fetched = { cart: Order | null; notFound: boolean };

export function cartReading(deps: CartReadingDeps) {
  const { client, $cart, $unavailable } = deps;
  const token = deps.token.get;

  /** Forgets the cart and its token. */
  function drop(): void {
    deps.token.set(null);
    $cart.set(null);
    $unavailable.set(null);
  }

  /** GET the stored cart (see above). */
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

  return { drop, fetchCart };
}
export type CartReading = ReturnType<typeof cartReading>;
