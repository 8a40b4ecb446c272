/**
 * A cart link (lib/cart-link.ts) applied to the cart: a line with a target quantity is set to it (the
 * line with the same variant and interval, else any line of that variant, else added), the others are
 * added. Every line is tried, so one refused variant does not lose the rest; the failures are returned,
 * and so are the lines the link asked for with a value the shop cannot apply (never added).
 */
import type { CartLinkLine } from '../../lib/cart-link.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { cartErrorOf, type CartError } from './errors.ts';

export interface CartLinkDeps {
  cart: () => Order | null;
  add: (input: { variantCode: string; quantity: number; interval: number; sourceItemList: string }) => Promise<unknown>;
  setQuantity: (itemId: number, quantity: number, interval: number) => Promise<unknown>;
}

export type CartLinkResult = {
  cart: Order | null;
  /** Lines that were added or set. */
  applied: CartLinkLine[];
  failures: Array<{ line: CartLinkLine; error: CartError }>;
  /** Lines with a value the shop cannot apply (see CartLinkLine.refused): left out of the cart. */
  refused: CartLinkLine[];
};

export async function applyCartLink(deps: CartLinkDeps, lines: readonly CartLinkLine[]): Promise<CartLinkResult> {
  const result: CartLinkResult = { cart: null, applied: [], failures: [], refused: [] };
  for (const line of lines) {
    if (line.refused) {
      result.refused.push(line);
      continue;
    }
    try {
      await applyLine(deps, line);
      result.applied.push(line);
    } catch (error) {
      result.failures.push({ line, error: cartErrorOf(error, deps.cart()) });
    }
  }
  result.cart = deps.cart();
  return result;
}

async function applyLine(deps: CartLinkDeps, line: CartLinkLine): Promise<void> {
  if (line.targetQuantity === null) {
    await deps.add({ variantCode: line.variantCode, quantity: line.quantity, interval: line.interval, sourceItemList: 'cart_link' });
    return;
  }
  const items = deps.cart()?.items ?? [];
  const existing =
    items.find((item) => item.variantCode === line.variantCode && item.subscriptionInterval === line.interval) ??
    items.find((item) => item.variantCode === line.variantCode);
  if (existing) await deps.setQuantity(existing.id, line.targetQuantity, line.interval);
  else if (line.targetQuantity > 0)
    await deps.add({ variantCode: line.variantCode, quantity: line.targetQuantity, interval: line.interval, sourceItemList: 'cart_link' });
}
