/**
 * Mounts the mini cart under the header on first need (the header's toggle, or an add to cart): pages
 * with no other island pay for React only then.
 */
import { createRoot } from 'react-dom/client';
import type { LocaleCode } from '../../lib/channels.ts';
import type { MessageTree } from '../../i18n/core.ts';
import { $miniCartOpen, openMiniCart, toggleMiniCart } from '../../stores/ui.ts';
import { Island } from '../shared/island.tsx';
import { MiniCart } from './MiniCart.tsx';
import './cart.css';

let mounted = false;

function ensureMounted(): boolean {
  const root = document.querySelector<HTMLElement>('[data-mini-cart-root]');
  const toggle = document.querySelector<HTMLButtonElement>('[data-mini-cart-toggle]');
  if (!root || !toggle) return false;
  if (!mounted) {
    mounted = true;
    const locale = root.dataset.locale as LocaleCode;
    const messages = JSON.parse(root.dataset.messages ?? '[]') as MessageTree[];
    createRoot(root).render(<Island locale={locale} messages={messages}><MiniCart /></Island>);
    $miniCartOpen.subscribe((open) => {
      toggle.setAttribute('aria-expanded', String(open));
      if (!open && root.contains(document.activeElement)) toggle.focus();
    });
  }
  return true;
}

export function toggleMiniCartPanel(): void {
  if (ensureMounted()) toggleMiniCart();
}

export function showMiniCart(): void {
  if (ensureMounted()) openMiniCart();
}
