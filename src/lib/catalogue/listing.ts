/**
 * Which products a shopper may see: a product the editor marks as not viewable is hidden everywhere
 * (its pages, the lists, the redirects), though the content service still serves it.
 */
export const isListed = (product: { viewable: boolean }): boolean => product.viewable;

interface Listable {
  viewable: boolean;
  isSample: boolean;
  best_seller_rank: number;
}

/** What lists show: listed products, samples apart (they are offered on their own pages only). */
export const forLists = <P extends Listable>(products: readonly P[]): P[] => products.filter((p) => isListed(p) && !p.isSample);

/** The samples a list may link to: listed, offered on their own pages (a list shows no sample among its products). */
export const samplesOf = <P extends Listable>(products: readonly P[]): P[] => products.filter((p) => isListed(p) && p.isSample);

/** The `count` best sellers among the products a list may show. */
export const bestSellers = <P extends Listable>(products: readonly P[], count: number): P[] =>
  forLists(products)
    .sort((a, b) => a.best_seller_rank - b.best_seller_rank)
    .slice(0, count);

/**
 * What a product page cross-sells: the `count` products ranked right after `product` among its category's
 * best sellers (`ranked`, best first), wrapping round to the top; a product outside the ranking (a sample's
 * page) gets the top ones. Only what lists show is offered: a sample, free and sold once on its own page,
 * or a product taken off the shop never is, whatever list it is handed.
 */
export function crossSellAmong<P extends Listable & { sku: string }>(ranked: readonly P[], product: { sku: string }, count: number): P[] {
  const offered = forLists(ranked);
  const at = offered.findIndex((p) => p.sku === product.sku);
  const length = Math.min(count, at < 0 ? offered.length : offered.length - 1);
  return Array.from({ length }, (_, i) => offered[(at + 1 + i) % offered.length]!);
}
