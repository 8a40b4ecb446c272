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
 * The page's stores (session, customer, cart and their shop API client), built on the first use by an
 * island of the page, with the configuration its <Island> set, so that an island that needs none starts none.
 * A component takes them here and hands the functions it calls what they need.
 */
export function useShop(): Shop {
  useIsland(); // outside an <Island>, the stores would be built before the page's configuration
  return getShop();
}
