/**
 * Every page's header, without React: the cart badge (the count the cart store last published), the
 * session classes on <body> (from the stored token's expiry, no library), and the mini cart, whose React
 * island is loaded only when the shopper opens it.
 */
import { bindCartBadge, startCartBadge, $cartBadgeCount } from '../stores/cart-badge.ts';
import { localeCookie, STORAGE_KEYS } from '../lib/constants.ts';

function tokenExpiry(token: string | null): number {
  try {
    const payload = JSON.parse(atob((token ?? '').split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

function markSession(): void {
  let token: string | null = null;
  try { token = localStorage.getItem(STORAGE_KEYS.token); } catch { /* storage refused: anonymous */ }
  const logged = tokenExpiry(token) > Date.now();
  document.body.classList.toggle('is-logged', logged);
  document.body.classList.toggle('is-anonymous', !logged);
}

function startHeader(): void {
  markSession();
  startCartBadge();
  const badge = document.querySelector<HTMLElement>('[data-cart-count]');
  const label = document.querySelector<HTMLElement>('[data-cart-label]');
  if (badge) bindCartBadge(badge);
  if (label) {
    const plural = new Intl.PluralRules(document.documentElement.lang);
    $cartBadgeCount.subscribe((count) => {
      const template = (plural.select(count) === 'one' ? label.dataset.one : label.dataset.other) ?? '{count}';
      label.textContent = template.replace('{count}', String(count));
    });
  }
  // The language switcher remembers the shopper's choice (SPEC §9 locale cookie).
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.switcher a[data-locale]')) {
    link.addEventListener('click', () => { document.cookie = localeCookie(link.dataset.locale!); });
  }
  const toggle = document.querySelector<HTMLButtonElement>('[data-mini-cart-toggle]');
  const root = document.querySelector<HTMLElement>('[data-mini-cart-root]');
  if (toggle && root) {
    toggle.hidden = false;
    toggle.addEventListener('click', async () => {
      const { toggleMiniCartPanel } = await import('../islands/cart/mount-mini-cart.tsx');
      toggleMiniCartPanel();
    });
  }
}

startHeader();
