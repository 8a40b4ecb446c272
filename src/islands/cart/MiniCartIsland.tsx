/**
 * The mini cart's island, mounted by the header's script (src/page-scripts/header.ts) the first time the mini
 * cart opens (its toggle, or an add to cart): a page where nobody opens it never loads React for it.
 * It is told nothing but its place in the header; it follows the page's stores like any other island.
 */
import { createRoot } from 'react-dom/client';
import type { MessageTree } from '../../lib/translator.ts';
import type { LocaleCode } from '../../lib/channels.ts';
import { Island } from '../shared/island.tsx';
import { MiniCart } from './MiniCart.tsx';
import './cart.css';

/** Renders the mini cart into the header's root, in the locale the page wrote on it, with its messages (src/i18n/on-demand.ts). */
export function mountMiniCart(root: HTMLElement, messages: MessageTree[]): void {
  const locale = root.dataset.locale as LocaleCode;
  createRoot(root).render(
    <Island locale={locale} messages={messages}>
      <MiniCart />
    </Island>,
  );
}
