/**
 * What the header shows that is the same on every page of a locale (the menu's links): worked out once per
 * locale, not on each of a build's thousands of pages. The mini cart's and the search box's texts are not in
 * the page: they come with their code (src/i18n/on-demand.ts).
 */
import type { LocaleCode } from '../lib/channels.ts';
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
}

async function partsOf(header: LocaleContent['header'], locale: LocaleCode): Promise<HeaderParts> {
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
  return { links };
}

// Keyed by the menu the content store read: a new read (another build in the same process) is worked out again.
const known = new WeakMap<LocaleContent['header'], Promise<HeaderParts>>();

export async function headerPartsOf(locale: LocaleCode): Promise<HeaderParts> {
  const { header } = await contentOf(locale);
  const parts = known.get(header) ?? partsOf(header, locale);
  known.set(header, parts);
  return parts;
}
