/**
 * Every page's header, without React: the cart badge (the count the cart store last published), the
 * session classes on <body> (from the stored token's expiry, no library; is-subscriber from the flag the
 * account's islands keep), and the mini cart. The mini cart opens and closes through its store
 * ($miniCartOpen), from the toggle here or from an island (an add to cart); its React island is loaded
 * only the first time it opens (./on-demand.ts). The phone menu is a <details>
 * that works alone; here it also closes on Escape (the focus back on its button) and on a tap outside it.
 */
import { bindCartBadge, startCartBadge, $cartBadgeCount } from '../stores/cart/badge.ts';
import { $miniCartOpen, toggleMiniCart } from '../stores/mini-cart.ts';
import type { LocaleCode } from '../lib/channels.ts';
import { localeCookie, STORAGE_KEYS } from '../lib/constants.ts';
import { tokenExpiresAt } from '../lib/session-token.ts';
import { loginWithRedirect } from '../lib/routes/redirect.ts';

function isLogged(): boolean {
  let token: string | null = null;
  try {
    token = localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    /* storage refused: anonymous */
  }
  return tokenExpiresAt(token) > Date.now();
}

/** A subscriber's flag is their customer IRI, kept by the account's islands once the shop API said so (stores/subscriptions.ts). */
function isSubscriber(): boolean {
  try {
    const flag = localStorage.getItem(STORAGE_KEYS.subscriber);
    return flag !== null && flag === localStorage.getItem(STORAGE_KEYS.customerUri);
  } catch {
    return false;
  }
}

function markSession(): void {
  const logged = isLogged();
  document.body.classList.toggle('is-logged', logged);
  document.body.classList.toggle('is-anonymous', !logged);
  document.body.classList.toggle('is-subscriber', logged && isSubscriber());
}

/**
 * Signing in from the header's account link brings the shopper back to this page, not to the account: for
 * an anonymous shopper the link is the login page remembering this page. Decided again when it is followed
 * (a login in another tab since makes it the account's link again).
 */
function followAccountLink(link: HTMLAnchorElement): void {
  const account = link.getAttribute('href');
  const login = link.dataset.login;
  if (!login || !account) return;
  const decide = () => {
    link.href = isLogged() ? account : loginWithRedirect(login, location);
  };
  decide();
  link.addEventListener('click', decide);
  link.addEventListener('auxclick', decide);
}

/** The toggle says whether the panel is open; the panel's island is mounted on the first opening. */
function followMiniCart(toggle: HTMLButtonElement, root: HTMLElement): void {
  let mounted = false;
  toggle.hidden = false;
  toggle.addEventListener('click', toggleMiniCart);
  $miniCartOpen.subscribe((open) => {
    toggle.setAttribute('aria-expanded', String(open));
    if (!open) {
      // Closing with the focus inside the panel (Escape, its close button) gives it back to the toggle.
      if (root.contains(document.activeElement)) toggle.focus();
    } else if (!mounted) {
      mounted = true;
      // Not loaded (the network): the next opening tries again.
      import('./on-demand.ts')
        .then(({ loadMiniCart }) => loadMiniCart(root.dataset.locale as LocaleCode))
        .then(
          ([{ mountMiniCart }, messages]) => mountMiniCart(root, messages),
          () => {
            mounted = false;
          },
        );
    }
  });
}

/** What a shopper expects of a menu besides its button: Escape and a tap elsewhere close it. */
function enhanceMenu(menu: HTMLDetailsElement): void {
  const summary = menu.querySelector('summary');
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    summary?.focus();
  });
  document.addEventListener('click', (event) => {
    if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
  });
}

function startHeader(): void {
  markSession();
  const account = document.querySelector<HTMLAnchorElement>('a[data-account-link]');
  if (account) followAccountLink(account);
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
  // The language switcher remembers the shopper's choice in the locale cookie.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.switcher a[data-locale]')) {
    link.addEventListener('click', () => {
      // biome-ignore lint/suspicious/noDocumentCookie: the write must be done before the link's navigation starts; cookieStore.set is asynchronous (and missing from older Safari and Firefox).
      document.cookie = localeCookie(link.dataset.locale!);
    });
  }
  const menu = document.querySelector<HTMLDetailsElement>('details[data-menu]');
  if (menu) enhanceMenu(menu);
  const toggle = document.querySelector<HTMLButtonElement>('[data-mini-cart-toggle]');
  const root = document.querySelector<HTMLElement>('[data-mini-cart-root]');
  if (toggle && root) followMiniCart(toggle, root);
}

startHeader();
