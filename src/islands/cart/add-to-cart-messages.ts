/**
 * The messages the add-to-cart form reads (its labels, its errors, the toast), passed by the product page:
 * not the whole cart's and product page's sections, which made 10 KB of every product page's HTML. The
 * mini cart it opens has its own (the header's). tests/unit/islands/add-to-cart-messages.test.ts checks
 * every text the island asks for is among them.
 */
export const ADD_TO_CART_MESSAGES = [
  'cart.added',
  'cart.errors',
  'cart.mini.close',
  'catalogue.product.purchase',
  'catalogue.product.buyOnce',
  'catalogue.product.subscribe',
  'catalogue.product.subscribeHint',
  'catalogue.product.quantity',
  'catalogue.product.addToCart',
  'generic',
] as const;
