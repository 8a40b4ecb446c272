/**
 * A product page's purchase form when the shop API fails: with no cart yet or with one, an unreachable API and a 500 are said next to the button in the
 * shopper's language, the quantity and the frequency chosen stay, and the cart stays as it was; a slow
 * add keeps the button busy and sends one add whatever the shopper presses.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import AddToCartIsland from '../../src/islands/cart/AddToCartIsland.tsx';
import { cartStore } from '../../src/stores/shop.ts';
import { answerCarts, cartPaths } from './support/cart-api.ts';
import { islandIn, pressEnterIn, shopApiOnFetch } from './support/island.tsx';

const { props, t } = islandIn('nl_BE');

it('says so when the shop API is unreachable or fails, keeps the choices and the cart, and adds once when slow', async () => {
  const api = shopApiOnFetch();
  answerCarts(api);
  const { container } = render(
    <AddToCartIsland {...props} productName="Brokken Kip" variantCode="DOG-KIP-2KG" variantName="2 kg" inStock buyOnce subscribe />,
  );
  const quantity = screen.getByLabelText(t('catalogue.product.quantity')) as HTMLInputElement;
  const interval = container.querySelector('select[data-interval]') as HTMLSelectElement;
  const add = screen.getByRole('button', { name: t('catalogue.product.addToCart') });
  const formError = () => container.querySelector('[data-add-error]')?.textContent;
  const count = () => cartStore().$count.get();
  fireEvent.change(quantity, { target: { value: '3' } });
  const chosen = interval.options[1]!.value;
  fireEvent.change(interval, { target: { value: chosen } });
  const expectKept = () => {
    expect(quantity.value).toBe('3');
    expect(interval.value).toBe(chosen);
    expect(add).toHaveProperty('disabled', false);
  };

  // No cart yet, and the API cannot be reached: no cart is made, the choices stay.
  api.unreachable('POST', cartPaths.orders);
  fireEvent.click(add);
  await waitFor(() => expect(formError()).toBe(t('forms.errors.network')));
  expectKept();
  expect(count()).toBe(0);
  api.heal();

  // Slow: busy, and a second submission sends nothing more.
  const held = api.hold('PATCH', cartPaths.items);
  fireEvent.click(add);
  await held.arrived;
  await waitFor(() => expect(add).toHaveProperty('disabled', true));
  expect(add.getAttribute('aria-busy')).toBe('true');
  pressEnterIn(quantity);
  await act(async () => held.release());
  await waitFor(() => expect(count()).toBe(3));
  await waitFor(() => expect(add).toHaveProperty('disabled', false));
  expect(api.count('PATCH', cartPaths.items)).toBe(1);
  expect(formError()).toBeUndefined();

  // With a cart: a 500 and an unreachable API leave it as it was.
  api.serverError('PATCH', cartPaths.items);
  fireEvent.click(add);
  await waitFor(() => expect(formError()).toBe(t('forms.errors.generic')));
  expectKept();
  expect(count()).toBe(3);
  api.heal();
  api.unreachable('PATCH', cartPaths.items);
  fireEvent.click(add);
  await waitFor(() => expect(formError()).toBe(t('forms.errors.network')));
  expectKept();
  expect(count()).toBe(3);
});
