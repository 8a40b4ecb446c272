/**
 * The cart page's line (src/islands/cart/CartLines.tsx in CartPageIsland): a quantity typed outside 1 to 99
 * is refused in words next to its field, the field marked and described by it and kept as typed for the
 * shopper to mend, and nothing is sent: the line keeps its quantity. A state of the island, so a DOM in this
 * process proves it; the cart's journeys and its layout stay in tests/e2e/cart-trust.spec.ts and cart.spec.ts.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import CartPageIsland from '../../src/islands/cart/CartPageIsland.tsx';
import { CART_QUANTITY, STORAGE_KEYS } from '../../src/lib/constants.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { getShop } from '../../src/stores/shop.ts';
import { answerCarts } from './support/cart-api.ts';
import { islandIn, shopApiOnFetch } from './support/island.tsx';

const { props, t } = islandIn('fr_FR');
const otherSite = { channel: 'BE' as const, origin: 'http://be.test', cartHref: `http://be.test${pathTo('cart', 'fr_BE')}` };

// The cart is the page's singleton: the next test starts without one.
afterEach(() => getShop().cart.clear());

it('a quantity outside 1 to 99 typed in a cart line is refused in words next to its field, and the line keeps its quantity', async () => {
  const api = shopApiOnFetch();
  const shop = answerCarts(api);
  const cart = await shop.client.createCart();
  await shop.addDirect(cart.tokenValue, { productVariant: iri.variant('DOG-KIP-2KG'), quantity: 2, subscriptionInterval: 0 });
  localStorage.setItem(STORAGE_KEYS.cartToken, cart.tokenValue);
  render(<CartPageIsland {...props} upsells={[]} continueHref={pathTo('home', 'fr_FR')} otherSite={otherSite} />);
  const quantity = (await screen.findByLabelText(t('cart.item.quantity'))) as HTMLInputElement;
  expect(quantity.value).toBe('2');
  const rule = t('cart.errors.quantity', CART_QUANTITY);

  for (const typed of ['150', '0']) {
    quantity.focus();
    fireEvent.change(quantity, { target: { value: typed } });
    // Enter commits the field, as leaving it does.
    fireEvent.keyDown(quantity, { key: 'Enter' });
    await waitFor(() => expect(quantity.getAttribute('aria-invalid'), typed).toBe('true'));
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent, typed).toBe(rule);
    expect(quantity.value, typed).toBe(typed);
  }
  // Nothing was sent: the line, and the cart's count, keep their quantity.
  expect(api.count('PATCH', /\/items\/\d+$/) + api.count('DELETE', /\/items\/\d+$/)).toBe(0);
  expect(getShop().cart.$count.get()).toBe(2);
  expect((await shop.client.getCart(cart.tokenValue)).items[0]?.quantity).toBe(2);
});
