/**
 * What every island shares: its locale and the message sections the page passed it (never the whole
 * catalogue), a translator over them, the price format (minor units, the word for free at zero), and the
 * page's stores (useShop).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { treeTranslator, type MessageTree, type Translator } from '../../lib/translator.ts';
import { intlLocaleOf, languageOf, type LocaleCode } from '../../lib/channels.ts';
import { formatPrice } from '../../lib/catalogue/money.ts';
import { PUBLIC_SHOP_API_URL } from 'astro:env/client';
import { configureShop, getShop, type Shop } from '../../stores/shop.ts';

export interface IslandProps {
  locale: LocaleCode;
  messages: MessageTree[];
}

interface IslandContext {
  locale: LocaleCode;
  t: Translator;
  price: (minor: unknown) => string;
}

const Context = createContext<IslandContext | null>(null);

export function Island({ locale, messages, children }: IslandProps & { children: ReactNode }) {
  // Every island of the page configures the same shared stores; the first call wins.
  configureShop({ apiUrl: PUBLIC_SHOP_API_URL, locale });
  const value = useMemo<IslandContext>(() => {
    const language = languageOf(locale);
    const t = treeTranslator(language, ...messages);
    const intl = intlLocaleOf(language);
    return { locale, t, price: (minor) => formatPrice(minor, intl, t('generic.free')) };
  }, [locale, messages]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useIsland(): IslandContext {
  const value = useContext(Context);
  if (!value) throw new Error('useIsland() outside an <Island>');
  return value;
}

/**
 * The page's stores as islands hand them on: each part is got (getShop) when it is read, not when the island
 * renders. In a browser that is the page's one set, built on the first read with the configuration the
 * <Island> set, so an island that reads none starts none; on the server (Astro rendering an island at build
 * time) a read builds fresh, idle stores, most of a millisecond each, which a page whose island reads none
 * at render (a product page's add to cart) does not pay.
 */
const pageShop: Shop = {
  get config() {
    return getShop().config;
  },
  get client() {
    return getShop().client;
  },
  get session() {
    return getShop().session;
  },
  get customer() {
    return getShop().customer;
  },
  get cart() {
    return getShop().cart;
  },
};

/**
 * The page's stores (session, customer, cart and their shop API client). A component takes them here and
 * hands the functions it calls what they need; it reads a part where it uses it (see pageShop).
 */
export function useShop(): Shop {
  useIsland(); // outside an <Island>, the stores would be built before the page's configuration
  return pageShop;
}
