import { describe, expect, it } from 'vitest';
import { $miniCartOpen, closeMiniCart, openMiniCart, toggleMiniCart } from '../../../src/stores/mini-cart.ts';

describe('mini cart store', () => {
  it('is where an island opens the mini cart and the header follows it', () => {
    const seen: boolean[] = [];
    const stop = $miniCartOpen.subscribe((open) => seen.push(open));
    openMiniCart(); // an add to cart
    openMiniCart(); // again: no second notification
    toggleMiniCart(); // the header's toggle
    toggleMiniCart();
    closeMiniCart(); // Escape or its close button
    stop();
    expect(seen).toEqual([false, true, false, true, false]);
  });
});
