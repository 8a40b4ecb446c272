/**
 * What the shopper's tabs tell each other about an order in state `cart`, on BroadcastChannel('cart'): a
 * change is announced before it starts ('updating') and its result sent after ('updated'). The cart's own
 * changes (tab-sync.ts) and the checkout's steps (stores/checkout), which change the same order, speak
 * alike, so a tab follows either without knowing which sent it.
 */
import type { LocaleCode } from '../../lib/channels.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import type { ChannelLike } from '../browser.ts';

export const CART_CHANNEL = 'cart';

/**
 * `locale` is the sender's page locale: the cart it sends is written in that language (names, coupon
 * reasons), so a tab of the other language reads it again in its own instead of taking it as is.
 */
export type CartMessage =
  | { type: 'updating'; token: string }
  | { type: 'updated'; token: string | null; cart: Order | null; locale?: LocaleCode };

/**
 * Sends a message to the other tabs. A closed channel (the page is being left) loses it: the other tabs
 * still follow the cart token's storage events, and learn of the rest when they next act.
 */
export function postCartMessage(channel: ChannelLike, message: CartMessage): void {
  try {
    channel.postMessage(message);
  } catch {
    // See above: nothing to retry on a channel that is closing.
  }
}

/** The order another tab says it is changing or has changed (its token); null for anything else. */
export function orderAnnounced(data: unknown): string | null {
  const message = data as { type?: unknown; token?: unknown; cart?: { tokenValue?: unknown } | null } | null;
  if (!message || typeof message !== 'object') return null;
  const about = message.type === 'updating' ? message.token : message.type === 'updated' ? message.cart?.tokenValue : null;
  return typeof about === 'string' ? about : null;
}
