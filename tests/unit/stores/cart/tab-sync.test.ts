import { describe, expect, it } from 'vitest';
import type { LocaleCode } from '../../../../src/lib/channels.ts';
import { STORAGE_KEYS } from '../../../../src/lib/constants.ts';
import type { Order } from '../../../../src/lib/shop-api/orders.ts';
import { createQueue } from '../../../../src/stores/cart/queue.ts';
import type { CartMessage } from '../../../../src/stores/cart/messages.ts';
import { createTabSync } from '../../../../src/stores/cart/tab-sync.ts';
import { memoryStorage, type ChannelLike } from '../../../../src/stores/browser.ts';
import { fakeShop } from './fakes.ts';

/** 15 June 2026 10:00 UTC. */
const NOW = Date.UTC(2026, 5, 15, 10, 0, 0);

function tab(options: { channel?: ChannelLike | null; token?: string | null; locale?: LocaleCode } = {}) {
  const storage = memoryStorage(options.token ? { [STORAGE_KEYS.cartToken]: options.token } : {});
  const state = { cart: null as Order | null, elsewhere: [] as boolean[], loads: 0 };
  const sync = createTabSync({
    channel: options.channel ?? null,
    ...(options.locale ? { locale: options.locale } : {}),
    storage,
    now: () => NOW,
    token: () => storage.getItem(STORAGE_KEYS.cartToken),
    cart: () => state.cart,
    setCart: (cart) => {
      state.cart = cart;
    },
    setUpdatingElsewhere: (value) => void state.elsewhere.push(value),
    enqueue: createQueue(),
    load: async () => {
      state.loads += 1;
    },
  });
  return { storage, state, sync };
}

/** A channel that records what it sends and lets the test deliver messages. */
function recordingChannel() {
  const sent: unknown[] = [];
  const listeners = new Set<(event: { data: unknown }) => void>();
  const channel: ChannelLike = {
    postMessage: (message) => void sent.push(message),
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  const deliver = (data: unknown) => {
    for (const listener of listeners) listener({ data });
  };
  return { channel, sent, deliver, listeners };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cart tab sync', () => {
  it('sends both messages on the channel, and only "updated" as a storage write without one', () => {
    const radio = recordingChannel();
    const withChannel = tab({ channel: radio.channel });
    withChannel.sync.broadcast({ type: 'updating', token: 't' });
    withChannel.sync.broadcast({ type: 'updated', token: 't', cart: null });
    expect(radio.sent).toEqual([
      { type: 'updating', token: 't' },
      { type: 'updated', token: 't', cart: null },
    ]);
    expect(withChannel.storage.data.has(STORAGE_KEYS.cartSync)).toBe(false);

    const without = tab();
    without.sync.broadcast({ type: 'updating', token: 't' });
    expect(without.storage.data.has(STORAGE_KEYS.cartSync)).toBe(false);
    without.sync.broadcast({ type: 'updated', token: 't', cart: null });
    expect(without.storage.data.get(STORAGE_KEYS.cartSync)).toBe(`${NOW}:t`);
  });
  it('takes the cart another tab sent for the same token, without calling the API', async () => {
    const shop = fakeShop();
    const cart = await shop.client.createCart();
    const radio = recordingChannel();
    const other = tab({ channel: radio.channel, token: cart.tokenValue });
    const stop = other.sync.follow(undefined);
    radio.deliver({ type: 'updating', token: cart.tokenValue } satisfies CartMessage);
    radio.deliver({ type: 'updated', token: cart.tokenValue, cart } satisfies CartMessage);
    await flush();
    expect(other.state.elsewhere).toEqual([true, false]);
    expect(other.state.cart?.tokenValue).toBe(cart.tokenValue);
    expect(other.state.loads).toBe(0);
    // Another token, or something that is not a cart: read again rather than trusted.
    radio.deliver({ type: 'updated', token: 'other', cart: { ...cart, tokenValue: 'other' } });
    radio.deliver({ type: 'updated', token: cart.tokenValue, cart: { garbage: true } });
    await flush();
    expect(other.state.loads).toBe(2);
    stop();
    expect(radio.listeners.size).toBe(0);
  });
  it('reads again a cart another tab sent in another language (its names are in that language)', async () => {
    const shop = fakeShop();
    const cart = await shop.client.createCart();
    const radio = recordingChannel();
    const dutch = tab({ channel: radio.channel, token: cart.tokenValue, locale: 'nl_BE' });
    dutch.sync.follow(undefined);
    radio.deliver({ type: 'updated', token: cart.tokenValue, cart, locale: 'fr_BE' } satisfies CartMessage);
    await flush();
    expect(dutch.state.cart).toBeNull();
    expect(dutch.state.loads).toBe(1);
    radio.deliver({ type: 'updated', token: cart.tokenValue, cart, locale: 'nl_BE' } satisfies CartMessage);
    await flush();
    expect(dutch.state.cart?.tokenValue).toBe(cart.tokenValue);
    expect(dutch.state.loads).toBe(1);
  });
  it('follows the token and the sync key through storage events', async () => {
    const events: Array<(key: string | null, value: string | null) => void> = [];
    const other = tab({ token: 'a' });
    other.sync.follow((listener) => {
      events.push(listener);
      return () => {};
    });
    const emit = (key: string | null, value: string | null) => {
      for (const listener of events) listener(key, value);
    };
    emit(STORAGE_KEYS.cartSync, `${NOW}:a`);
    emit(STORAGE_KEYS.cartToken, 'b');
    emit('unrelated', 'x');
    await flush();
    expect(other.state.loads).toBe(2);
    other.state.cart = { tokenValue: 'b' } as Order;
    emit(STORAGE_KEYS.cartToken, null);
    expect(other.state.cart).toBeNull();
  });
});
