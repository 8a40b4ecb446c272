/**
 * The messages of the islands a page loads on demand (the mini cart, the header's search suggestions),
 * fetched with their code rather than written into every page that may open them: they were 6.4 KB of
 * every page's HTML (1.7 KB gzip). The same trees as `messagesFor` gives at build time (translate.ts): the
 * language's sections, then French's for what Dutch lacks. Only the message files those sections live in
 * are fetched.
 */
import type { Language } from '../lib/channels.ts';
import { type MessageTree, pickSections } from './core.ts';

/** The sections each on-demand island reads. */
export const ON_DEMAND_SECTIONS = {
  miniCart: ['cart', 'generic', 'catalogue.frequencies', 'catalogue.price'],
  searchSuggestions: ['search.box', 'search.groups', 'search.failure', 'generic.free'],
} as const satisfies Record<string, readonly string[]>;

type Loaded = Promise<{ default: MessageTree }>;
/** The message files they live in: `common` holds the top-level sections (site, islands, generic), the others one section each. */
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

const fileOf = (section: string): MessageFile => {
  const first = section.split('.')[0]!;
  return first in files.fr ? (first as MessageFile) : 'common';
};

/** One language's messages, as translate.ts's catalogue has them, from the files named. */
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

export async function loadSections(language: Language, sections: readonly string[]): Promise<MessageTree[]> {
  const names = [...new Set(sections.map(fileOf))];
  const languages: Language[] = language === 'fr' ? ['fr'] : [language, 'fr'];
  return Promise.all(languages.map(async (l) => pickSections(await treeOf(l, names), sections)));
}
