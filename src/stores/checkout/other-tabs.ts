/**
 * The funnel and the shopper's other tabs. Until it is placed, the order is the cart those tabs show, so
 * every step is announced as the cart announces its changes (../cart/messages.ts: 'updating', then
 * 'updated' with the order): the cart islands follow it, and a funnel of the same order in another tab
 * learns that someone else is acting on it (the store's `$elsewhere`), warns, and reloads when the shopper
 * chooses to continue.
 */
import type { ChannelLike } from '../browser.ts';
import { orderAnnounced, postCartMessage, type CartMessage } from '../cart/messages.ts';

interface OtherTabsDeps {
  /** BroadcastChannel('cart'); null where there is none (the funnel then neither tells nor listens). */
  channel: ChannelLike | null;
  /** The token of the order this funnel shows, once loaded. */
  order: () => string | null;
  /** Another tab announced a change of that order. */
  actedElsewhere: () => void;
}

export function checkoutOtherTabs(deps: OtherTabsDeps) {
  const { channel } = deps;
  function onMessage(event: { data: unknown }) {
    const token = deps.order();
    if (token !== null && orderAnnounced(event.data) === token) deps.actedElsewhere();
  }
  let stopFollowing: (() => void) | null = null;

  return {
    announce(message: CartMessage): void {
      if (channel) postCartMessage(channel, message);
    },
    /** Follows the other tabs' announcements until `stop`. Idempotent. */
    follow(): void {
      if (stopFollowing || !channel) return;
      channel.addEventListener('message', onMessage);
      stopFollowing = () => channel.removeEventListener('message', onMessage);
    },
    stop(): void {
      stopFollowing?.();
      stopFollowing = null;
    },
  };
}
export type CheckoutOtherTabs = ReturnType<typeof checkoutOtherTabs>;
