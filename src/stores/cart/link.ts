/**
 * A cart link (lib/cart-link.ts) applied to the cart: a line with a target quantity is set to it (the
 * line with the same variant and interval, else any line of that variant, else added), the others are
 * added. Every line is tried, so one refused variant does not lose the rest; the failures are returned.
 */
import type { CartLinkLine } from '../../lib/cart-link.ts';
import type { Order } from '../../lib/shop-api/wire.ts';
import { cartErrorOf, type CartError } from './errors.ts';

export interface CartLinkDeps {
  cart: () => Order | null;
  add: (input: { variantCode: string; quantity: number; interval: number; sourceItemList: string }) => Promise<unknown>;
  setQuantity: (itemId: number, quantity: number, interval: number) => Promise<unknown>;
}

export type CartLinkResult = { cart: Order | null; failures: Array<{ line: CartLinkLine; error: CartError }> };

export async function applyCartLink(deps: CartLinkDeps, lines: readonly CartLinkLine[]): Promise<CartLinkResult> {
  const failures: CartLinkResult['failures'] = [];
  for (const line of lines) {
    try {
      if (line.targetQuantity === null) {
        await deps.add({ variantCode: line.variantCode, quantity: line.quantity, interval: line.interval, sourceItemList: 'cart_link' });
        continue;
      }
      const items = deps.cart()?.items ?? [];
      const existing =
        items.find((item) => item.variantCode === line.variantCode && item.subscriptionInterval === line.interval) ??
        items.find((item) => item.variantCode === line.variantCode);
      if (existing) await deps.setQuantity(existing.id, line.targetQuantity, line.interval);
      else if (line.targetQuantity > 0)
        await deps.add({
          variantCode: line.variantCode,
          quantity: line.targetQuantity,
          interval: line.interval,
          sourceItemList: 'cart_link',
        });
    } catch (error) {
      failures.push({ line, error: cartErrorOf(error, deps.cart()) });
    }
  }
  return { cart: deps.cart(), failures };
}
