/**
 * Which routes show something today. A route either has a pre-rendered view of its own (a content kind or
 * one of `routesWithView`, the views of src/components/views/View.astro), or it is an island's page, drawn
 * by IslandShell. An island's page whose island does not exist yet is a placeholder: an empty shell that
 * stays out of search engines (noindex, out of the sitemaps) and behind no menu link or main button until
 * its issue fills it. This is the one list to extend when an island's mount lands in IslandShell.
 */
import { routes, type RouteName } from '../lib/routes/routes.ts';

/** Routes whose island IslandShell mounts. */
export const routesWithIsland: ReadonlySet<RouteName> = new Set<RouteName>([
  'login',
  'register',
  'forgotPassword',
  'account',
  'accountWelcome',
  'personalData',
  'addresses',
  'cart',
  'checkout',
  'orderConfirmation',
  'orders',
  'order',
  'subscriptions',
  'subscription',
  'subscriptionHistory',
  'subscriptionHistoryOrder',
  'webViewPayment',
  'webViewDemo',
  'animals',
  'animal',
  'animalAdd',
  'animalEdit',
  'kibbleGuide',
  'kibbleGuideNew',
  'kibbleGuideAnimal',
  'kibbleGuideResults',
  'nutritionGuideFull',
  'nutritionGuideShort',
  'biNutritionGuide',
  'biNutritionResults',
  'miniBiNutritionGuide',
  'miniBiNutritionResults',
  'newsletter',
  'contact',
  'sponsorships',
  'search',
]);

/** Routes (besides the content kinds) with a view of their own: View.astro's map names exactly these. */
const routesWithView = ['home', 'shops', 'error', 'maintenance', 'subscriptionLandingDog', 'subscriptionLandingCat'] as const;
export type ViewRoute = (typeof routesWithView)[number];

/** A route whose page is only a shell today: no view of its own and no island yet. */
export function isPlaceholder(route: RouteName): boolean {
  return !('content' in routes[route]) && !(routesWithView as readonly string[]).includes(route) && !routesWithIsland.has(route);
}
