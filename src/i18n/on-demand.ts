/**
 * The messages of the islands a page loads on demand (the mini cart, the header's search suggestions),
 * fetched with their code rather than written into every page that may open them: they were 6.4 KB of
 * every page's HTML (1.7 KB gzip). An island names the message files it reads; it gets them as
 * translate.ts's catalogue has them, the language's then French's for what Dutch lacks (`treeTranslator`).
 * Whole files: they are fetched whole anyway, and picking sections here would put that code in the
 * chunk every page loads.
 */
import type { Language } from '../lib/channels.ts';
import type { MessageTree } from '../lib/translator.ts';

type Loaded = Promise<{ default: MessageTree }>;
/** `common` holds the top-level sections (site, islands, generic), the others the section of their name. */
const files = {
  fr: {
    common: () => import('./messages/fr/common.ts') as Loaded,
    cart: () => import('./messages/fr/cart.ts') as Loaded,
    catalogue: () => import('./messages/fr/catalogue.ts') as Loaded,
    search: () => import('./messages/fr/search.ts') as Loaded,
  },
  nl: {
    common: () => import('./messages/nl/common.ts') as Loaded,
    cart: () => import('./messages/nl/cart.ts') as Loaded,
    catalogue: () => import('./messages/nl/catalogue.ts') as Loaded,
    search: () => import('./messages/nl/search.ts') as Loaded,
  },
} satisfies Record<Language, Record<string, () => Loaded>>;
type MessageFile = keyof (typeof files)['fr'];

/** The files each on-demand island reads. */
export const ON_DEMAND_MESSAGES = {
  miniCart: ['common', 'cart', 'catalogue'],
  searchSuggestions: ['common', 'search'],
} as const satisfies Record<string, readonly MessageFile[]>;

/** One language's messages from the files named, shaped as translate.ts's catalogue. */
async function treeOf(language: Language, names: readonly MessageFile[]): Promise<MessageTree> {
  const loaded = await Promise.all(names.map((name) => files[language][name]()));
  const tree: MessageTree = {};
  names.forEach((name, i) => {
    const messages = loaded[i]!.default;
    if (name === 'common') Object.assign(tree, messages);
    else tree[name] = messages;
  });
  return tree;
}

export function loadMessages(language: Language, names: readonly MessageFile[]): Promise<MessageTree[]> {
  const languages: Language[] = language === 'fr' ? ['fr'] : [language, 'fr'];
  return Promise.all(languages.map((l) => treeOf(l, names)));
}
