/**
 * The products a page shows besides product and category pages: the home's best sellers, the error pages'
 * cross-sell, the subscription landing pages' choice and the treats the cart and a subscription offer.
 * The views draw these lists and the pages' cache keys (src/site/cache-keys.ts) name them, so a product
 * edit renders only the pages that show the product, from one definition of what each shows.
 */
import { bestSellers } from '../lib/catalogue/listing.ts';
import { canSubscribe } from '../lib/catalogue/pricing.ts';
import type { RouteName } from '../lib/routes/routes.ts';
import type { LocaleContent, Product } from './content.ts';
import { isPlaceholder, routesWithIsland } from './islands.ts';

type Animal = 'dog' | 'cat';

/** The home's best sellers. */
export const homeBestSellers = (content: LocaleContent): Product[] => bestSellers(content.products, 8);

/** The error pages' cross-sell. */
export const errorCrossSell = (content: LocaleContent): Product[] => bestSellers(content.products, 4);

/** A subscription landing page's products: the best-selling dry food of its species that can be subscribed to. */
export const subscriptionLandingProducts = (content: LocaleContent, animal: Animal): Product[] =>
  bestSellers(
    (content.productsByCategory.get(`${animal}-dry`) ?? content.productsByCategory.get(animal) ?? []).filter((p) =>
      canSubscribe(p.ProductVariants),
    ),
    4,
  );

/** The island pages that offer treats: the cart's upsells, and a subscription's next delivery. */
const routesOfferingTreats: ReadonlySet<RouteName> = new Set<RouteName>(['cart', 'subscription']);

/** The treats offered: the best sellers of each species, in a format that can be bought now, six of each. */
export function offeredTreats(
  content: LocaleContent,
): Array<{ product: Product; variant: Product['ProductVariants'][number]; animal: Animal }> {
  const treats = content.products.filter((p) => p.kind === 'treat');
  return (['dog', 'cat'] as const).flatMap((animal) =>
    bestSellers(
      treats.filter((p) => p.animal === animal),
      Infinity,
    )
      .flatMap((product) => {
        const variant = product.ProductVariants.find((v) => v.show_variant && v.in_stock);
        return variant ? [{ product, variant, animal }] : [];
      })
      .slice(0, 6),
  );
}

/** Views (src/components/views/View.astro) that show no product. */
const viewsWithoutProducts: ReadonlySet<RouteName> = new Set<RouteName>(['faq', 'shops', 'shop', 'page', 'landing', 'maintenance']);

/**
 * The products a page of `route` shows, for the routes this module knows; undefined for any other (product
 * and category pages, which cache-keys.ts keys itself, and a view added later: it keys on the catalogue).
 */
export function productsShownOn(route: RouteName | 'notFound', content: LocaleContent): Product[] | undefined {
  if (route === 'notFound' || viewsWithoutProducts.has(route)) return [];
  if (route === 'home') return homeBestSellers(content);
  if (route === 'error') return errorCrossSell(content);
  if (route === 'subscriptionLandingDog' || route === 'subscriptionLandingCat')
    return subscriptionLandingProducts(content, route === 'subscriptionLandingCat' ? 'cat' : 'dog');
  if (routesOfferingTreats.has(route)) return offeredTreats(content).map(({ product }) => product);
  // Any other island page (IslandShell) shows no product.
  if (routesWithIsland.has(route) || isPlaceholder(route)) return [];
  return undefined;
}
