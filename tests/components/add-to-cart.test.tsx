/**
 * A product page's purchase form when the shop API fails: with no cart yet or with one, an unreachable API and a 500 are said next to the button in the
 * shopper's language, the quantity and the frequency chosen stay, and the cart stays as it was; a slow
 * add keeps the button busy and sends one add whatever the shopper presses. A quantity outside 1 to 99 is
 * refused in words next to its field, kept as typed and never sent; a refusal the shop API explains is said
 * in its own words next to the button, without the name of the field it concerns. States of the island:
 * the journey from the product page to the cart stays in tests/e2e/product-purchase.spec.ts.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import AddToCartIsland from '../../src/islands/cart/AddToCartIsland.tsx';
import { CART_QUANTITY } from '../../src/lib/constants.ts';
import { $miniCartOpen, closeMiniCart } from '../../src/stores/mini-cart.ts';
import { getShop } from '../../src/stores/shop.ts';
import { $toasts } from '../../src/stores/ui.ts';
import { answerCarts, cartPaths } from './support/cart-api.ts';
import { islandIn, pressEnterIn, shopApiOnFetch } from './support/island.tsx';

const { props, t } = islandIn('nl_BE');

/** The purchase form of a 2 kg bag, sold once or by subscription, on a shop API holding no cart yet. */
function purchaseForm() {
  const api = shopApiOnFetch();
  answerCarts(api);
  const { container } = render(
    <AddToCartIsland {...props} productName="Brokken Kip" variantCode="DOG-KIP-2KG" variantName="2 kg" inStock buyOnce subscribe />,
  );
  return {
    api,
    quantity: screen.getByLabelText(t('catalogue.product.quantity')) as HTMLInputElement,
    add: screen.getByRole('button', { name: t('catalogue.product.addToCart') }),
    formError: () => container.querySelector('[data-add-error]')?.textContent,
  };
}
const count = () => getShop().cart.$count.get();

// The cart is the page's singleton: each test starts without one.
afterEach(() => getShop().cart.clear());

it('says so when the shop API is unreachable or fails, keeps the choices and the cart, and adds once when slow', async () => {
  const { api, quantity, add, formError } = purchaseForm();
  const interval = document.querySelector('select[data-interval]') as HTMLSelectElement;
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

it('a quantity outside 1 to 99 is refused in words next to its field, kept as typed, and nothing is added', async () => {
  const { api, quantity, add } = purchaseForm();
  const rule = t('cart.errors.quantity', CART_QUANTITY);
  for (const typed of ['150', '0', '-2', '2.5', '']) {
    fireEvent.change(quantity, { target: { value: typed } });
    fireEvent.click(add);
    await waitFor(() => expect(quantity.getAttribute('aria-invalid'), typed).toBe('true'));
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent, typed).toBe(rule);
    expect(quantity.value, typed).toBe(typed);
  }
  // Nothing went to the shop: no cart made, nothing added.
  expect(api.count('POST', cartPaths.orders) + api.count('PATCH', cartPaths.items)).toBe(0);
  expect(count()).toBe(0);

  // A quantity within the rule: the refusal goes as it is typed, and that quantity is added.
  fireEvent.change(quantity, { target: { value: '2' } });
  expect(quantity.getAttribute('aria-invalid')).toBeNull();
  expect(quantity.getAttribute('aria-describedby')).toBeNull();
  fireEvent.click(add);
  await waitFor(() => expect(count()).toBe(2));
  expect(api.count('PATCH', cartPaths.items)).toBe(1);
});

it('a refusal of the shop API is said in its words next to the button, without the field’s name', async () => {
  const { api, quantity, add, formError } = purchaseForm();
  const refusal = 'Dit product bestaat niet.';
  // As the shop API answers a variant it does not know (a page built before the catalogue changed).
  api.answer('PATCH', cartPaths.items, () => ({
    status: 422,
    body: {
      '@type': 'ConstraintViolationList',
      'hydra:title': 'An error occurred',
      'hydra:description': `productVariant: ${refusal}`,
      violations: [{ propertyPath: 'productVariant', message: refusal, code: 'VARIANT_NOT_FOUND' }],
    },
  }));
  fireEvent.click(add);
  await waitFor(() => expect(formError()).toBe(refusal));
  expect(document.body.textContent).not.toContain('productVariant');
  // It is not the quantity's fault: its field is not marked.
  expect(quantity.getAttribute('aria-invalid')).toBeNull();
  expect(count()).toBe(0);
});

it('an add is confirmed once on screen, by the mini cart, and said to a screen reader, with no toast over the page', async () => {
  const { add } = purchaseForm();
  closeMiniCart();
  fireEvent.click(add);
  await waitFor(() => expect($miniCartOpen.get()).toBe(true));
  expect(count()).toBe(1);
  expect($toasts.get()).toEqual([]);
  const said = document.querySelector('[data-add-status]');
  expect(said?.getAttribute('role')).toBe('status');
  expect(said?.textContent).toBe(t('cart.added', { name: 'Brokken Kip 2 kg' }));
  closeMiniCart();
});

it('adds from a button outside the form that names it (the phone’s buy bar), with the quantity chosen in the form', async () => {
  const api = shopApiOnFetch();
  answerCarts(api);
  render(
    <>
      <AddToCartIsland
        {...props}
        productName="Brokken Kip"
        variantCode="DOG-KIP-2KG"
        variantName="2 kg"
        inStock
        buyOnce
        subscribe
        formId="purchase"
      />
      <button type="submit" form="purchase" data-buy-bar-add>
        {t('catalogue.product.addToCart')}
      </button>
    </>,
  );
  closeMiniCart();
  fireEvent.change(screen.getByLabelText(t('catalogue.product.quantity')), { target: { value: '2' } });
  fireEvent.click(document.querySelector('[data-buy-bar-add]')!);
  await waitFor(() => expect($miniCartOpen.get()).toBe(true));
  expect(count()).toBe(2);
  closeMiniCart();
});
