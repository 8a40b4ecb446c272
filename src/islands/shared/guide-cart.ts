/**
 * The guides' one-click add to cart: each offer (a format, how many, the frequency it fits) goes into the
 * cart once or as a subscription at its frequency. The kibble guide adds one recipe, the bi-nutrition guides a
 * whole menu. The guides' pages have no header cart to open: their result says what was added, with a link to
 * the cart (AddedToCart.tsx).
 */
import type { GuideOffer } from '../../lib/nutrition/kibble-guide.ts';
import type { CartStore } from '../../stores/cart/index.ts';

export type GuidePurchase = 'once' | 'subscription';

/** Adds the offers to the page's cart (the island's, useShop().cart), one after the other. */
export async function addGuideOffers(
  cart: Pick<CartStore, 'add'>,
  offers: readonly GuideOffer[],
  kind: GuidePurchase,
  sourceItemList: string,
): Promise<void> {
  for (const offer of offers)
    await cart.add({
      variantCode: offer.code,
      quantity: offer.quantity,
      interval: kind === 'subscription' ? offer.interval : 0,
      sourceItemList,
    });
}
