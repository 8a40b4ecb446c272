/** Cart failures: the store gives a code, the cart islands say it in the page's language. */
import { describe, expect, it } from 'vitest';
import { treeTranslator } from '../../../../src/lib/translator.ts';
import frCart from '../../../../src/i18n/messages/fr/cart.ts';
import nlCart from '../../../../src/i18n/messages/nl/cart.ts';
import { cartErrorText } from '../../../../src/islands/cart/errors.ts';
import { ShopApiError } from '../../../../src/lib/shop-api/http.ts';
import { CART_NOT_FOUND, cartErrorOf, cartNotFound } from '../../../../src/stores/cart/errors.ts';

const fr = treeTranslator('fr', { cart: frCart });
const nl = treeTranslator('nl', { cart: nlCart });
const api = (
  status: number,
  description: string,
  extra: { violations?: Array<{ propertyPath: string; message: string; code: string }>; code?: string } = {},
) => new ShopApiError({ status, description, method: 'PATCH', path: '/x', ...extra });

describe('cart errors', () => {
  it('give a code and no shopper text of their own', () => {
    expect(cartErrorOf(api(0, 'Network request failed'), null)).toMatchObject({ code: 'network', description: null, status: 0 });
    expect(cartErrorOf(api(500, 'Internal Server Error'), null)).toMatchObject({ code: 'failed', description: null, status: 500 });
    expect(cartErrorOf(api(422, 'Rupture de stock'), null)).toMatchObject({
      code: 'failed',
      description: 'Rupture de stock',
      message: 'Rupture de stock',
    });
    // An answer that did not match the wire format is no network failure, even at status 0.
    expect(cartErrorOf(api(0, 'Invalid response', { code: 'invalid_response' }), null).code).toBe('failed');
    expect(cartNotFound()).toMatchObject({ code: 'cart_not_found', message: CART_NOT_FOUND, cart: null });
  });
  it('are told in French and Dutch by the islands', () => {
    const network = cartErrorOf(api(0, 'Network request failed'), null);
    expect(cartErrorText(network, fr)).toBe('Connexion impossible. Vérifiez votre connexion internet et réessayez.');
    expect(cartErrorText(network, nl)).toBe('Geen verbinding. Controleer je internetverbinding en probeer het opnieuw.');
    const failed = cartErrorOf(api(503, 'Service Unavailable'), null);
    expect([cartErrorText(failed, fr), cartErrorText(failed, nl)]).toEqual(['Une erreur est survenue', 'Er is een fout opgetreden']);
    expect(cartErrorText(cartNotFound(), fr)).toBe(frCart.errors.notFound);
    expect(cartErrorText(new Error('anything'), nl)).toBe('Er is een fout opgetreden');
  });
  it('keep the API’s own reason in words: its violations’ messages, never the field names of its description', () => {
    const violations = [{ propertyPath: 'couponCode', message: 'Ce code promo n’est pas valide.', code: 'coupon_invalid' }];
    const coupon = cartErrorOf(api(422, 'couponCode: Ce code promo n’est pas valide.', { violations }), null);
    expect(cartErrorText(coupon, fr)).toBe('Ce code promo n’est pas valide.');
    expect(cartErrorText(cartErrorOf(api(422, 'Rupture de stock'), null), nl)).toBe('Rupture de stock');
    const variant = cartErrorOf(
      api(422, 'productVariant: Ce produit n’existe pas.', {
        violations: [{ propertyPath: 'productVariant', message: 'Ce produit n’existe pas.', code: 'VARIANT_NOT_FOUND' }],
      }),
      null,
    );
    expect(cartErrorText(variant, fr)).toBe('Ce produit n’existe pas.');
  });
  it('give the violations of a field, for the message next to it', () => {
    const violations = [{ propertyPath: 'quantity', message: 'Cette valeur doit être comprise entre 1 et 99.', code: 'OUT_OF_RANGE' }];
    const quantity = cartErrorOf(api(422, 'quantity: Cette valeur doit être comprise entre 1 et 99.', { violations }), null);
    expect(cartErrorText(quantity, fr, ['quantity'])).toBe('Cette valeur doit être comprise entre 1 et 99.');
    expect(cartErrorText(quantity, fr, ['productVariant'])).toBeNull();
    expect(cartErrorText(cartErrorOf(api(0, 'Network request failed'), null), fr, ['quantity'])).toBeNull();
    // A bare 404 says nothing the shopper can read: the cart's own words.
    expect(cartErrorText(cartErrorOf(api(404, 'Not Found'), null), fr)).toBe('Une erreur est survenue');
  });
});
