/**
 * What the shopper reads when a cart operation fails: the store gives a code (stores/cart/errors.ts),
 * the island says it in the page's language. A refusal the shop API explained is told in the API's own
 * words (its violations' messages, already in the shopper's language: a stock or coupon reason), never
 * with the field names of its description ("productVariant: …"); other answers (a bare 404, a malformed
 * request) get the cart's own texts.
 */
import type { Translator } from '../../lib/translator.ts';
import { isCartError } from '../../stores/cart/index.ts';

/** The failure's text; with `fields`, only the violations of those fields (null when it has none of them). */
export function cartErrorText(error: unknown, t: Translator): string;
export function cartErrorText(error: unknown, t: Translator, fields: readonly string[]): string | null;
export function cartErrorText(error: unknown, t: Translator, fields?: readonly string[]): string | null {
  const violations = isCartError(error) ? error.violations.filter((v) => !fields || fields.includes(v.propertyPath)) : [];
  if (violations.length > 0) return violations.map((v) => v.message).join(' ');
  if (fields) return null;
  if (!isCartError(error)) return t('cart.errors.generic');
  // A refusal without violations (another shop API's) or a rate limit's answer is written for the shopper.
  if ((error.status === 422 || error.status === 429) && error.description) return error.description;
  if (error.code === 'network') return t('cart.errors.network');
  if (error.code === 'cart_not_found') return t('cart.errors.notFound');
  return t('cart.errors.generic');
}
