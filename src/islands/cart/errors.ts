/**
 * What the shopper reads when a cart operation fails: the store gives a code (stores/cart/errors.ts),
 * the island says it in the page's language. A refusal the shop API explained is told in the API's own
 * words (already in the shopper's language: a stock or coupon reason); a coupon refusal's first
 * violation is the most precise of them.
 */
import type { Translator } from '../../i18n/core.ts';
import { isCartError } from '../../stores/cart/index.ts';

export function cartErrorText(error: unknown, t: Translator, options: { violation?: boolean } = {}): string {
  if (!isCartError(error)) return t('cart.errors.generic');
  const reason = (options.violation ? error.violations[0]?.message : undefined) || error.description;
  if (reason) return reason;
  if (error.code === 'network') return t('cart.errors.network');
  if (error.code === 'cart_not_found') return t('cart.errors.notFound');
  return t('cart.errors.generic');
}
