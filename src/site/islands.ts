/**
 * Which routes show something today. A route either has a pre-rendered view of its own (a content kind or
 * one of `routesWithView`, the views of src/components/views/View.astro), or it is an island's page, drawn
 * by its island family's page (src/components/views/islands/) in the frame of IslandShell. An island's page
 * whose island does not exist yet is a placeholder: an empty shell that stays out of search engines (noindex,
 * out of the sitemaps) and behind no menu link or main button until its issue fills it. `islandFamilies` is
 * the one list to extend when an island's mount lands in its family's page.
 */
import { routes, type RouteName } from '../lib/routes/routes.ts';

/**
 * The routes whose island exists, by island family (src/islands/<family>/). Each family has a page file of its own
 * (src/pages/[...<family>].astro) that imports that family alone: Astro links to a page the style sheets of everything
 * its page file imports, and one file for every island once linked all their CSS to each island page.
 */
const islandFamilies = {
  auth: ['login', 'register', 'forgotPassword'],
  account: ['account', 'accountWelcome', 'personalData', 'addresses', 'orders', 'order'],
  subscriptions: ['subscriptions', 'subscription', 'subscriptionHistory', 'subscriptionHistoryOrder', 'webViewPayment', 'webViewDemo'],
  cart: ['cart'],
  checkout: ['checkout', 'orderConfirmation'],
  pets: ['animals', 'animal', 'animalAdd', 'animalEdit'],
  guides: ['kibbleGuide', 'kibbleGuideNew', 'kibbleGuideAnimal', 'kibbleGuideResults'],
  nutritionGuide: ['nutritionGuideFull', 'nutritionGuideShort'],
  biNutrition: ['biNutritionGuide', 'biNutritionResults', 'miniBiNutritionGuide', 'miniBiNutritionResults'],
  newsletter: ['newsletter'],
  contact: ['contact'],
  sponsorships: ['sponsorships'],
  search: ['search'],
} as const satisfies Record<string, readonly RouteName[]>;
export type IslandFamily = keyof typeof islandFamilies;
export const islandFamilyNames = Object.keys(islandFamilies) as IslandFamily[];
/** The routes of a family, to narrow a family page's route by. */
export type IslandRoute<F extends IslandFamily> = (typeof islandFamilies)[F][number];

const familyOfRoute = new Map<RouteName, IslandFamily>(
  (Object.entries(islandFamilies) as [IslandFamily, readonly RouteName[]][]).flatMap(([family, names]) =>
    names.map((route) => [route, family] as const),
  ),
);

/** Routes whose island exists. */
export const routesWithIsland: ReadonlySet<RouteName> = new Set(familyOfRoute.keys());

/** The island family whose page draws a route, if its island exists. */
export function islandFamilyOf(route: RouteName): IslandFamily | undefined {
  return familyOfRoute.get(route);
}

/** Routes (besides the content kinds) with a view of their own: View.astro's map names exactly these. */
const routesWithView = ['home', 'shops', 'error', 'maintenance', 'subscriptionLandingDog', 'subscriptionLandingCat'] as const;
export type ViewRoute = (typeof routesWithView)[number];

/** A route whose page is only a shell today: no view of its own and no island yet. */
export function isPlaceholder(route: RouteName): boolean {
  return !('content' in routes[route]) && !(routesWithView as readonly string[]).includes(route) && !routesWithIsland.has(route);
}
