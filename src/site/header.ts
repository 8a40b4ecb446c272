/**
 * What the header shows that is the same on every page of a locale (the menu's links, the texts of the
 * mini cart and of the search box): worked out once per locale, not on each of a build's thousands of pages.
 */
import { languageOf, type LocaleCode } from '../lib/channels.ts';
import { messagesFor } from '../i18n/translate.ts';
import { contentOf, type LocaleContent } from './content.ts';
import { menuHref } from './pages.ts';

interface HeaderLink {
  label: string;
  href: string;
  children: Array<{ label: string; href: string }>;
}

interface HeaderParts {
  /** The menu's links whose route the site has (a placeholder's link is left out). */
  links: HeaderLink[];
  /** The texts the mini cart and the search box's suggestions say, as their data-messages attributes carry them. */
  miniCartMessages: string;
  searchMessages: string;
}

async function partsOf(header: LocaleContent['header'], locale: LocaleCode): Promise<HeaderParts> {
  const language = languageOf(locale);
  const links: HeaderLink[] = [];
  for (const item of header.items) {
    const href = await menuHref(item, locale);
    if (!href) continue;
    const children = [];
    for (const child of item.children) {
      const childHref = await menuHref(child, locale);
      if (childHref) children.push({ label: child.label, href: childHref });
    }
    links.push({ label: item.label, href, children });
  }
  return {
    links,
    miniCartMessages: JSON.stringify(messagesFor(language, ['cart', 'generic', 'catalogue.frequencies', 'catalogue.price'])),
    searchMessages: JSON.stringify(messagesFor(language, ['search.box', 'search.groups', 'search.failure', 'generic.free'])),
  };
}

// Keyed by the menu the content store read: a new read (another build in the same process) is worked out again.
const known = new WeakMap<LocaleContent['header'], Promise<HeaderParts>>();

export async function headerPartsOf(locale: LocaleCode): Promise<HeaderParts> {
  const { header } = await contentOf(locale);
  const parts = known.get(header) ?? partsOf(header, locale);
  known.set(header, parts);
  return parts;
}
