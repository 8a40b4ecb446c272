/**
 * One cart across the shopper's tabs. A change is announced before it starts (the other tabs show that
 * the cart is being changed elsewhere) and its result is sent after (the other tabs take the cart as is,
 * without calling the API again), on BroadcastChannel('cart'); where there is none, a write to
 * STORAGE_KEYS.cartSync makes the other tabs reload through their storage events. A change of the token
 * itself (another tab created, dropped or logged into a cart) is followed through storage events too.
 */
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { order as orderSchema, type Order } from '../../lib/shop-api/orders.ts';
import type { LocaleCode } from '../../lib/channels.ts';
import type { ChannelLike, StorageEvents, StorageLike } from '../browser.ts';
import { postCartMessage, type CartMessage } from './messages.ts';
import type { Enqueue } from './queue.ts';

export interface TabSyncDeps {
  channel: ChannelLike | null;
  /** This tab's page locale (the language its cart is read in); unknown, every cart sent is taken. */
  locale?: LocaleCode;
  storage: StorageLike;
  now: () => number;
  /** This tab's cart token and cart. */
  token: () => string | null;
  cart: () => Order | null;
  setCart: (cart: Order | null) => void;
  setUpdatingElsewhere: (value: boolean) => void;
  /** The store's queue and its load: what another tab did is applied in turn with this tab's own calls. */
  enqueue: Enqueue;
  load: () => Promise<unknown>;
}

export function createTabSync(deps: TabSyncDeps) {
  const { channel, storage } = deps;
  const reload = () => void deps.enqueue(deps.load);

  function broadcast(message: CartMessage): void {
    if (channel) postCartMessage(channel, message);
    else if (message.type === 'updated') storage.setItem(STORAGE_KEYS.cartSync, `${deps.now()}:${message.token ?? ''}`);
  }

  const sameLanguage = (locale: unknown) =>
    deps.locale === undefined || locale === undefined || (typeof locale === 'string' && locale === deps.locale);

  function onMessage(event: { data: unknown }): void {
    const message = event.data as Partial<CartMessage> | null;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'updating') {
      deps.setUpdatingElsewhere(true);
      return;
    }
    if (message.type !== 'updated') return;
    deps.setUpdatingElsewhere(false);
    const parsed = message.cart === null ? null : orderSchema.safeParse(message.cart);
    if (parsed === null) {
      if (message.token === null || message.token === deps.token()) deps.setCart(null);
      else reload();
    } else if (parsed.success && parsed.data.tokenValue === deps.token() && sameLanguage(message.locale)) {
      // Queued behind this tab's own loads: a GET that left before the other tab's change must not
      // land after it and put the older cart back.
      const cart = parsed.data.state === 'cart' ? parsed.data : null;
      void deps.enqueue(async () => {
        deps.setCart(cart);
      });
    } else {
      reload();
    }
  }

  function onStorage(key: string | null, newValue: string | null): void {
    if (key === STORAGE_KEYS.cartToken || key === null) {
      if (newValue === null && key !== null) deps.setCart(null);
      else if ((newValue ?? null) !== deps.cart()?.tokenValue) reload();
    } else if (key === STORAGE_KEYS.cartSync) {
      reload();
    }
  }

  return {
    broadcast,
    /** Follows the other tabs until the returned function is called. */
    follow(storageEvents: StorageEvents | undefined): () => void {
      const stops: Array<() => void> = [];
      if (channel) {
        channel.addEventListener('message', onMessage);
        stops.push(() => channel.removeEventListener('message', onMessage));
      }
      if (storageEvents) stops.push(storageEvents(onStorage));
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}
