/**
 * Which products a shopper may see: a product the editor marks as not viewable is hidden everywhere
 * (its pages, the lists, the redirects), though the content service still serves it.
 */
export const isListed = (product: { viewable: boolean }): boolean => product.viewable;
