/**
 * The header search box's suggestions, imported by src/page-scripts/header-search.ts the first time the
 * box opens. As the shopper types, a few products, categories and articles of the locale's indices appear
 * under the box (one query over the three indices), the matched words marked; Enter goes to the search
 * page with the query (the box is a form), or to the suggestion chosen with the arrow keys.
 *
 * WAI-ARIA's combobox pattern: the input owns a listbox (aria-controls, aria-expanded), the arrows move the
 * active option (aria-activedescendant, aria-selected) while the focus stays in the input, Escape closes
 * the list, and a polite live region says how many suggestions there are. Options are links, so a click
 * (or a middle click) opens them as any link does. No framework: plain DOM, the lite client and the
 * checked hits.
 */
import { treeTranslator, type MessageTree, type Translator } from '../../lib/translator.ts';
import { intlLocaleOf, languageOf, type LocaleCode } from '../../lib/channels.ts';
import { formatPrice } from '../../lib/catalogue/money.ts';
import { createSearchClient, searchFailure } from '../../lib/search/client.ts';
import { HIGHLIGHT_TAGS, highlightParts } from '../../lib/search/highlight.ts';
import {
  articleHit,
  categoryHit,
  productHit,
  validHits,
  type ArticleHit,
  type CategoryHit,
  type ProductHit,
} from '../../lib/search/hits.ts';
import { withQuery } from '../../lib/search/query.ts';
import { indexName } from '../../lib/search/records.ts';
import { searchSettings } from './settings.ts';
import './suggestions.css';

/** How many suggestions of each kind the box shows: enough to choose from on a phone's screen. */
const SUGGESTIONS = { products: 4, categories: 3, articles: 3 } as const;

interface Suggestion {
  href: string;
  /** The highlighted value (the service's tags around the matched words). */
  label: string;
  /** A product's picture and price (minor units, or none). */
  image?: string | null;
  price?: number | null;
}

interface Group {
  kind: 'products' | 'categories' | 'articles';
  items: Suggestion[];
}

/** Makes the header's search box suggest, in the locale the page wrote on it, with its messages (src/i18n/on-demand.ts). */
export function startSuggestions(panel: HTMLElement, messages: MessageTree[]): void {
  const form = panel.querySelector<HTMLFormElement>('form');
  const input = panel.querySelector<HTMLInputElement>('input[role="combobox"]');
  const list = panel.querySelector<HTMLElement>('[role="listbox"]');
  const message = panel.querySelector<HTMLElement>('[data-header-search-message]');
  const status = panel.querySelector<HTMLElement>('[data-header-search-status]');
  if (!form || !input || !list || !message || !status) return;
  const locale = panel.dataset.locale as LocaleCode;
  const language = languageOf(locale);
  const t = treeTranslator(language, ...messages);
  const price = (minor: number | null) => formatPrice(minor, intlLocaleOf(language), t('generic.free'));
  const client = createSearchClient(searchSettings);
  const searchPage = form.getAttribute('action') ?? '/';
  let asked = 0;
  let options: HTMLAnchorElement[] = [];
  let active = -1;

  const setActive = (index: number) => {
    options[active]?.setAttribute('aria-selected', 'false');
    active = index;
    const option = options[active];
    if (option) {
      option.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const showList = (shown: boolean) => {
    list.hidden = !shown;
    input.setAttribute('aria-expanded', String(shown));
    if (!shown) setActive(-1);
  };
  const clear = () => {
    options = [];
    list.replaceChildren();
    showList(false);
    message.hidden = true;
    message.replaceChildren();
    status.textContent = '';
  };

  const show = (query: string, groups: Group[]) => {
    const count = groups.reduce((sum, g) => sum + g.items.length, 0);
    options = [];
    active = -1;
    list.replaceChildren(
      ...groups.filter((g) => g.items.length > 0).map((group) => groupElement(group, t, options, price)),
      ...(count > 0 ? [allResults(query, withQuery(searchPage, query), t, options)] : []),
    );
    showList(count > 0);
    message.hidden = count > 0;
    message.replaceChildren(...(count > 0 ? [] : [paragraph(t('search.box.none', { query }))]));
    status.textContent = count > 0 ? t.plural('search.box.count', count) : t('search.box.none', { query });
  };

  const failed = (query: string, error: unknown) => {
    clear();
    const text = t(`search.failure.${searchFailure(error)}`);
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'button secondary';
    retry.textContent = t('search.failure.retry');
    retry.addEventListener('click', () => {
      input.focus();
      void suggest(query);
    });
    message.replaceChildren(paragraph(text), retry);
    message.hidden = false;
    status.textContent = text;
  };

  const suggest = async (typed: string) => {
    const query = typed.trim();
    const mine = ++asked;
    if (query === '') {
      clear();
      return;
    }
    const common = { query, ...HIGHLIGHT_TAGS };
    try {
      const { results } = await client.search({
        requests: [
          { indexName: indexName('products', locale), hitsPerPage: SUGGESTIONS.products, attributesToHighlight: ['name'], ...common },
          { indexName: indexName('categories', locale), hitsPerPage: SUGGESTIONS.categories, attributesToHighlight: ['name'], ...common },
          // An article is suggested for what its title says: a word deep in its text ("croquettes" in the 1 %
          // page) made an unrelated page the answer to "croqettes chaton"; the search page still reads the texts.
          {
            indexName: indexName('articles', locale),
            hitsPerPage: SUGGESTIONS.articles,
            attributesToHighlight: ['title'],
            restrictSearchableAttributes: ['title'],
            ...common,
          },
        ],
      });
      // A slower answer to an earlier query never replaces the latest one's.
      if (mine !== asked) return;
      const hits = (i: number): unknown[] => {
        const result = results[i];
        return result && 'hits' in result ? result.hits : [];
      };
      show(query, [
        { kind: 'products', items: validHits(productHit, hits(0)).map(productSuggestion) },
        { kind: 'categories', items: validHits(categoryHit, hits(1)).map(categorySuggestion) },
        { kind: 'articles', items: validHits(articleHit, hits(2)).map(articleSuggestion) },
      ]);
    } catch (error) {
      if (mine === asked) failed(query, error);
    }
  };

  input.addEventListener('input', () => void suggest(input.value));
  input.addEventListener('keydown', (event) => {
    const open = !list.hidden && options.length > 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active === -1 ? (step === 1 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault();
      options[active]!.click();
    } else if (event.key === 'Escape' && open) {
      // The list closes first; the panel's own Escape (header-search.ts) waits for the next one.
      event.preventDefault();
      showList(false);
    }
  });
  // Text typed while this module was loading is searched at once.
  if (input.value.trim() !== '') void suggest(input.value);
}

const productSuggestion = (hit: ProductHit): Suggestion => ({
  href: hit.url,
  label: hit._highlightResult?.name?.value ?? hit.name,
  image: hit.image,
  price: hit.price,
});
const categorySuggestion = (hit: CategoryHit): Suggestion => ({
  href: hit.url,
  label: hit._highlightResult?.name?.value ?? hit.name,
});
const articleSuggestion = (hit: ArticleHit): Suggestion => ({
  href: hit.url,
  label: hit._highlightResult?.title?.value ?? hit.title,
});

let nextId = 0;

function paragraph(text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.textContent = text;
  return p;
}

/** The matched words as <mark>s, the rest as text: nothing of an answer is parsed as HTML. */
function marked(value: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const part of highlightParts(value)) {
    if (part.highlighted) {
      const mark = document.createElement('mark');
      mark.textContent = part.text;
      fragment.append(mark);
    } else fragment.append(part.text);
  }
  return fragment;
}

function option(href: string, options: HTMLAnchorElement[]): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = href;
  link.id = `header-search-option-${++nextId}`;
  link.setAttribute('role', 'option');
  link.setAttribute('aria-selected', 'false');
  link.tabIndex = -1;
  link.className = 'search-suggestion';
  options.push(link);
  return link;
}

function groupElement(group: Group, t: Translator, options: HTMLAnchorElement[], price: (minor: number | null) => string): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('role', 'group');
  element.className = `search-suggestion-group search-suggestion-${group.kind}`;
  const title = document.createElement('div');
  title.id = `header-search-group-${++nextId}`;
  title.className = 'search-suggestion-title';
  title.setAttribute('role', 'presentation');
  title.textContent = t(`search.groups.${group.kind}`);
  element.setAttribute('aria-labelledby', title.id);
  element.append(title);
  for (const item of group.items) {
    const link = option(item.href, options);
    if (group.kind === 'products') {
      const image = document.createElement('img');
      image.alt = '';
      image.width = 40;
      image.height = 40;
      image.decoding = 'async';
      if (item.image) image.src = item.image;
      else image.hidden = true;
      const name = document.createElement('span');
      name.className = 'search-suggestion-name';
      name.append(marked(item.label));
      const amount = document.createElement('span');
      amount.className = 'search-suggestion-price';
      amount.textContent = price(item.price ?? null);
      link.append(image, name, amount);
    } else {
      // One box for the words and their marks: the link lays its parts out in a row.
      const name = document.createElement('span');
      name.className = 'search-suggestion-name';
      name.append(marked(item.label));
      link.append(name);
    }
    element.append(link);
  }
  return element;
}

function allResults(query: string, href: string, t: Translator, options: HTMLAnchorElement[]): HTMLElement {
  const link = option(href, options);
  link.classList.add('search-suggestion-all');
  link.textContent = t('search.box.all', { query });
  return link;
}
