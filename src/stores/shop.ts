/**
 * The page's shop stores, wired for the browser: one HTTP client (its token from the session, a 401
 * expiring the session), the session, the customer, the cart. Built on first use, never at import, so
 * Astro can import islands at build time; started (storage, timers, tab messages, body classes) only in a
 * browser. Islands call `configureShop` with the API URL and their locale before the first use (<Island>).
 */
import { STORAGE_KEYS } from '../lib/constants.ts';
import { localeCodes, type LocaleCode, channelOf } from '../lib/channels.ts';
import { shopClient, type ShopClient } from '../lib/shop-api/client.ts';
import { publishCartCount, startCartBadge } from './cart/badge.ts';
import { CART_CHANNEL, createCartStore, type CartStore } from './cart/index.ts';
import { createCustomerStore, type CustomerStore } from './customer.ts';
import { browserChannel, browserNavigation, browserStorage, browserStorageEvents, inBrowser } from './browser.ts';
import { LOCAL_SHOP_API_URL } from '../lib/local-defaults.ts';
import { bindBodyClasses, createSessionStore, type SessionStore } from './session/index.ts';
import { rememberSubscriber } from './subscriptions.ts';
import { rememberClientType, trackAddToCart } from './analytics.ts';

export interface ShopConfig {
  /** The shop API's origin: `import.meta.env.PUBLIC_SHOP_API_URL ?? LOCAL_SHOP_API_URL`. */
  apiUrl: string;
  locale: LocaleCode;
}
export interface Shop {
  config: ShopConfig;
  client: ShopClient;
  session: SessionStore;
  customer: CustomerStore;
  cart: CartStore;
}

let config: ShopConfig | null = null;
let shop: Shop | null = null;

/** The page's locale from `<html lang>` (fr-BE → fr_BE), French of France otherwise. */
function pageLocale(): LocaleCode {
  const lang = inBrowser() ? document.documentElement.lang.replace('-', '_') : '';
  return (localeCodes as readonly string[]).includes(lang) ? (lang as LocaleCode) : 'fr_FR';
}

/**
 * Sets the API URL and locale of the page's stores. Every island may call it (same values): the first
 * call before the stores are built wins.
 */
export function configureShop(next: Partial<ShopConfig>): void {
  if (shop) return; // built: the page's stores keep the configuration they started with
  config = { apiUrl: next.apiUrl ?? config?.apiUrl ?? LOCAL_SHOP_API_URL, locale: next.locale ?? config?.locale ?? pageLocale() };
}

function build(current: ShopConfig): Shop {
  const storage = browserStorage();
  const storageEvents = browserStorageEvents();
  // The client and the session need each other: the token comes from the session, a 401 ends it.
  const holder: { session: SessionStore | null } = { session: null };
  const client = shopClient({
    baseUrl: current.apiUrl,
    channelCode: channelOf(current.locale).code,
    locale: current.locale,
    token: () => holder.session?.currentToken() ?? null,
    onUnauthorized: () => holder.session?.expire(),
  });
  const session = createSessionStore({ client, locale: current.locale, storage, storageEvents, navigation: browserNavigation });
  holder.session = session;
  const customer = createCustomerStore({ client, session });
  const cart = createCartStore({
    client,
    storage,
    storageEvents,
    channel: browserChannel(CART_CHANNEL),
    locale: current.locale,
    onAdded: trackAddToCart,
  });
  session.onLogin((auth) => cart.onLogin(auth));
  // A guest's pets (made in a guide before signing in) become the customer's at sign-in. Their code is
  // loaded only for a shopper who has some, so no other page carries the animals client.
  session.onLogin(async () => {
    if (storage.getItem(STORAGE_KEYS.guestAnimals)) await (await import('./guest-animals.ts')).attachGuestAnimals(client.http, session);
  });
  session.onLogout(({ remote }) => cart.clear({ loggedOutElsewhere: remote }));
  if (inBrowser()) {
    session.start();
    customer.start();
    // The header badge follows this page's cart from its first load on.
    startCartBadge({ storage, storageEvents });
    cart.$status.listen((status) => {
      // A cart that could not be read is not an empty one: the badge keeps the last count it was told.
      if (status === 'ready' && !(cart.$cart.get() === null && cart.$unavailable.get() !== null))
        publishCartCount(cart.$count.get(), storage);
    });
    cart.$count.listen((count) => publishCartCount(count, storage));
    cart.start();
    // The header of a static page (no customer there) reads the subscriber flag this keeps.
    rememberSubscriber(customer, session.$loggedIn, storage);
    rememberClientType(customer, session.$loggedIn, storage);
    const bind = () => bindBodyClasses(document.body, session.$loggedIn, customer.$subscriber);
    if (document.body) bind();
    else document.addEventListener('DOMContentLoaded', bind, { once: true });
  }
  return { config: current, client, session, customer, cart };
}

/**
 * The page's stores, built (and started) on first use in a browser. On the server (Astro rendering an
 * island) each call gets fresh, idle stores: nothing is shared between pages or locales there. Islands take
 * them with useShop() (islands/shared/island.tsx) and hand on what the functions they call need; nothing
 * else looks them up.
 */
export function getShop(): Shop {
  if (!inBrowser()) return build({ apiUrl: config?.apiUrl ?? LOCAL_SHOP_API_URL, locale: config?.locale ?? 'fr_FR' });
  if (!shop) {
    configureShop({});
    shop = build(config!);
  }
  return shop;
}
