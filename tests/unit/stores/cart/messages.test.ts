import { describe, expect, it } from 'vitest';
import { orderAnnounced, postCartMessage } from '../../../../src/stores/cart/messages.ts';
import type { ChannelLike } from '../../../../src/stores/browser.ts';
import { fakeShop } from './fakes.ts';

describe('the cart messages between tabs', () => {
  it('names the order a change is announced for, or was made to, and nothing else', async () => {
    const cart = await fakeShop().client.createCart();
    expect(orderAnnounced({ type: 'updating', token: cart.tokenValue })).toBe(cart.tokenValue);
    // 'updated' is about the order it carries (the token is the sender's cart token, null after a logout).
    expect(orderAnnounced({ type: 'updated', token: null, cart })).toBe(cart.tokenValue);
    expect(orderAnnounced({ type: 'updated', token: cart.tokenValue, cart: null })).toBeNull();
    for (const other of [null, 'updating', { type: 'deleted', token: 't' }, { type: 'updating', token: 7 }])
      expect(orderAnnounced(other)).toBeNull();
  });
  it('a closed channel loses the message without failing the change that sent it', () => {
    const closed: ChannelLike = {
      postMessage: () => {
        throw new DOMException('closed', 'InvalidStateError');
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    expect(() => postCartMessage(closed, { type: 'updating', token: 't' })).not.toThrow();
  });
});
