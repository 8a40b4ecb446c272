/**
 * The cart at login. With an open customer cart and an anonymous one, the anonymous lines are added to
 * the customer's cart and the anonymous cart deleted; with only an anonymous cart, it is assigned to the
 * customer; with only the customer's, it becomes the cart. A failure never fails the login: the shopper
 * is logged in with what could be kept, and the failure is recorded for the islands to tell.
 */
import type { ShopClient } from '../../lib/shop-api/client.ts';
import type { Authentication } from '../../lib/shop-api/authentication.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { cartErrorOf, type CartError } from './errors.ts';
import type { CartTokenStore } from './persistence.ts';

export interface LoginMergeDeps {
  client: Pick<ShopClient, 'getCart' | 'addItem' | 'deleteCart' | 'assignCustomer'>;
  token: CartTokenStore;
  /** Reads the cart of the stored token into the store. */
  fetchCart: () => Promise<{ cart: Order | null }>;
  /** Shows a cart the API answered with (null: forget the cart and its token). */
  show: (cart: Order | null) => void;
  recordError: (error: CartError) => void;
}

async function mergeInto(deps: LoginMergeDeps, customerCart: string, anonymousToken: string): Promise<void> {
  const anonymous = await deps.client.getCart(anonymousToken).catch(() => null); // unknown or gone: nothing to merge
  let failure: unknown = null;
  if (anonymous && anonymous.state === 'cart') {
    for (const item of anonymous.items) {
      try {
        await deps.client.addItem(customerCart, {
          productVariant: item.variant,
          quantity: item.quantity,
          subscriptionInterval: item.subscriptionInterval,
          sourceItemList: item.sourceItemList,
          upsell: item.upsell,
        });
      } catch (error) {
        failure ??= error;
      }
    }
    await deps.client.deleteCart(anonymousToken).catch(() => undefined);
  }
  deps.token.set(customerCart);
  const { cart } = await deps.fetchCart();
  if (failure !== null) deps.recordError(cartErrorOf(failure, cart));
}

export async function cartAtLogin(deps: LoginMergeDeps, auth: Pick<Authentication, 'customer' | 'cart'>): Promise<void> {
  const anonymous = deps.token.get();
  const customerCart = auth.cart ?? null;
  if (customerCart && anonymous && customerCart !== anonymous) {
    await mergeInto(deps, customerCart, anonymous);
  } else if (customerCart) {
    deps.token.set(customerCart);
    await deps.fetchCart();
  } else if (anonymous) {
    try {
      const cart = await deps.client.assignCustomer(anonymous, auth.customer);
      deps.show(cart.state === 'cart' ? cart : null);
    } catch (error) {
      const { cart } = await deps.fetchCart();
      deps.recordError(cartErrorOf(error, cart));
    }
  }
}
