/**
 * The mini cart under the header, as the header's script (src/page-scripts/header.ts) opens it and mounts its
 * island (src/islands/cart/MiniCart.tsx) on the header's markup: the toggle opens it and says so, Escape and
 * the close button close it with the focus back on the toggle; removing a line focuses the next one, then the
 * panel's heading, and says so. Focus and live regions are the DOM's, so a DOM in this process proves them;
 * the targets' sizes need a real layout and stay in tests/e2e/mini-cart.spec.ts, the journey to the cart page
 * in tests/e2e/cart.spec.ts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { answerCarts } from './support/cart-api.ts';
import { islandIn, shopApiOnFetch } from './support/island.tsx';

const { t } = islandIn('fr_FR');

/**
 * The header's cart tools as Header.astro writes them, a cart of `codes` (one of each) stored as the page
 * finds it, and the header's script started on them.
 */
async function headerWithCart(codes: string[]) {
  const api = shopApiOnFetch();
  const shop = answerCarts(api);
  api.answer('DELETE', /\/orders\/[^/]+\/items\/\d+$/, async ({ url }) => {
    const [, token, , id] = url.pathname.split('/').slice(-4);
    await shop.client.removeItem(token!, Number(id));
    return { status: 204 };
  });
  const cart = await shop.client.createCart();
  for (const code of codes)
    await shop.addDirect(cart.tokenValue, { productVariant: iri.variant(code), quantity: 1, subscriptionInterval: 0 });
  localStorage.setItem(STORAGE_KEYS.cartToken, cart.tokenValue);

  document.documentElement.lang = 'fr-FR';
  document.body.innerHTML = `
    <header>
      <a href="${pathTo('cart', 'fr_FR')}" data-cart-link><span data-cart-count aria-hidden="true" hidden>0</span></a>
      <button type="button" data-mini-cart-toggle aria-expanded="false" aria-controls="mini-cart" hidden>
        <span class="visually-hidden">${t('cart.mini.open')}</span>
      </button>
      <div id="mini-cart" data-mini-cart-root data-locale="fr_FR"></div>
    </header>
    <main><h1>Accueil</h1></main>`;
  vi.resetModules();
  await import('../../src/page-scripts/header.ts');
  return { api, shop, token: cart.tokenValue, toggle: screen.getByRole('button', { name: t('cart.mini.open') }) };
}

const panel = () => screen.findByRole('region', { name: t('cart.mini.title') });
const noPanel = () => expect(screen.queryByRole('region', { name: t('cart.mini.title') })).toBeNull();

it('the header toggle opens the mini cart with its lines; Escape and the close button close it, the focus back on the toggle', async () => {
  const { toggle } = await headerWithCart(['DOG-KIP-2KG']);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  noPanel();

  toggle.focus();
  fireEvent.click(toggle);
  const opened = await panel();
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  await waitFor(() => expect(document.activeElement).toBe(opened));
  await waitFor(() => expect(opened.querySelectorAll('.cart-line')).toHaveLength(1));
  expect(opened.querySelector('.cart-line')?.textContent).toContain('Croquettes DOG-KIP-2KG');
  expect(
    within(opened)
      .getByRole('link', { name: t('cart.mini.viewCart') })
      .getAttribute('href'),
  ).toBe(pathTo('cart', 'fr_FR'));

  // Escape closes it; the focus, which was in the panel, goes back to the toggle.
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  await waitFor(noPanel);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle);

  // Again (Enter on a focused button is its click); its close button closes it.
  fireEvent.click(toggle);
  const again = await panel();
  await waitFor(() => expect(document.activeElement).toBe(again));
  fireEvent.click(within(again).getByRole('button', { name: t('cart.mini.close') }));
  await waitFor(noPanel);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle);

  // The toggle closes what it opened.
  fireEvent.click(toggle);
  await panel();
  fireEvent.click(toggle);
  await waitFor(noPanel);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});

it('removing a line in the mini cart focuses the next one, then the mini cart’s heading, and says so; the badge goes', async () => {
  const { toggle } = await headerWithCart(['DOG-KIP-2KG', 'CAT-SAUMON-2KG']);
  const badge = document.querySelector<HTMLElement>('[data-cart-count]')!;
  fireEvent.click(toggle);
  const opened = await panel();
  await waitFor(() => expect(opened.querySelectorAll('.cart-line')).toHaveLength(2));
  await waitFor(() => expect(badge.hidden).toBe(false));
  const announcer = opened.querySelector('[data-cart-announcer]')!;

  const first = 'Croquettes DOG-KIP-2KG 2 kg';
  fireEvent.click(within(opened).getByRole('button', { name: t('cart.item.removeNamed', { name: first }) }));
  await waitFor(() => expect(opened.querySelectorAll('.cart-line')).toHaveLength(1));
  const left = opened.querySelector('.cart-line')!;
  await waitFor(() => expect(document.activeElement).toBe(within(left as HTMLElement).getByRole('link')));
  expect(announcer.textContent).toBe(t('cart.item.removed', { name: first }));

  const second = 'Croquettes CAT-SAUMON-2KG 2 kg';
  fireEvent.click(within(opened).getByRole('button', { name: t('cart.item.removeNamed', { name: second }) }));
  await waitFor(() => expect(opened.textContent).toContain(t('cart.empty')));
  expect(document.activeElement).toBe(within(opened).getByRole('heading', { name: t('cart.mini.title') }));
  expect(announcer.textContent).toBe(t('cart.item.removed', { name: second }));
  await waitFor(() => expect(badge.hidden).toBe(true));
});
