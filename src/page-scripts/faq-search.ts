/**
 * FAQ search in the browser: a query typed in the box, or the optional segment of /faq/{query}/ when
 * it is not a category (such addresses are served the FAQ page by a rewrite). The questions matching it
 * come from the search service (its articles index, FAQ questions only), so a typo, a plural or a missing
 * accent still finds them; the service's code (the lite client) is loaded the first time the shopper
 * searches, and the FAQ page never loads a framework. Without JavaScript every question is on the page.
 *
 * SPEC §8: no question found says so with suggestions (the categories beside it, the whole site's search
 * for the same words, the customer service). When the service cannot answer, the questions containing
 * the shopper's words are shown, and the page says the search is not the full one.
 */
import type { LocaleCode } from '../lib/channels.ts';
import { withQuery } from '../lib/search/query.ts';

/** The service's code, imported the first time a shopper searches. */
const loadService = () => import('../islands/search/faq-answers.ts');
type FaqAnswer = Awaited<ReturnType<Awaited<ReturnType<typeof loadService>>['askFaq']>>;

const normalise = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The questions of the page containing every word of the query (the fallback when the service fails). */
function containingWords(entries: readonly HTMLDetailsElement[], query: string): Set<string> {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  return new Set(entries.filter((entry) => words.every((w) => normalise(entry.textContent ?? '').includes(w))).map((entry) => entry.id));
}

interface Texts {
  results: { one: string; other: string };
  noResults: string;
  elsewhere: string;
  site: string;
  contact: string;
  fallback: string;
}

export function enhanceFaq(root: HTMLElement): void {
  const box = root.querySelector<HTMLElement>('[data-search]');
  const input = root.querySelector<HTMLInputElement>('[data-query]');
  const status = root.querySelector<HTMLElement>('[data-status]');
  const more = root.querySelector<HTMLElement>('[data-faq-more]');
  if (!box || !input || !status || !more) return;
  const entries = [...root.querySelectorAll<HTMLDetailsElement>('[data-entry]')];
  const locale = root.dataset.locale as LocaleCode;
  const texts = JSON.parse(root.dataset.texts ?? '{}') as Texts;
  const plural = new Intl.PluralRules(document.documentElement.lang);
  const fill = (template: string, values: Record<string, string | number>) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  box.hidden = false;
  let service: ReturnType<typeof loadService> | undefined;
  let asked = 0;

  const link = (href: string, text: string) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    const li = document.createElement('li');
    li.append(a);
    return li;
  };

  /** Shows the questions of `ids` (those on this page), lists the others found, and says what was found. */
  const show = (query: string, ids: Set<string>, elsewhere: Array<{ title: string; url: string }>, fallback: boolean) => {
    let shown = 0;
    for (const entry of entries) {
      const match = query === '' || ids.has(entry.id);
      entry.hidden = !match;
      entry.open = query !== '' && match;
      if (match) shown += 1;
    }
    for (const section of root.querySelectorAll<HTMLElement>('[data-faq-category]')) {
      section.hidden = !section.querySelector('[data-entry]:not([hidden])');
    }
    more.replaceChildren();
    if (query === '') {
      status.textContent = '';
      return;
    }
    const found = shown + elsewhere.length;
    const count = fill(plural.select(found) === 'one' ? texts.results.one : texts.results.other, { count: found, query });
    status.textContent = found === 0 ? fill(texts.noResults, { query }) : fallback ? `${texts.fallback} ${count}` : count;
    if (elsewhere.length > 0) {
      const heading = document.createElement('h2');
      heading.textContent = texts.elsewhere;
      const list = document.createElement('ul');
      list.append(...elsewhere.map((q) => link(q.url, q.title)));
      more.append(heading, list);
    }
    if (found === 0) {
      const list = document.createElement('ul');
      list.append(link(withQuery(root.dataset.searchPage ?? '/', query), fill(texts.site, { query })));
      if (root.dataset.contact) list.append(link(root.dataset.contact, texts.contact));
      more.append(list);
    }
  };

  const apply = async (typed: string) => {
    const query = typed.replace(/\s+/g, ' ').trim();
    const mine = ++asked;
    if (query === '') {
      show('', new Set(), [], false);
      return;
    }
    service ??= loadService();
    let answer: FaqAnswer;
    try {
      answer = await (await service).askFaq(locale, query);
    } catch {
      // The service's code did not load (the network): the page's own questions still answer.
      service = undefined;
      answer = { failure: 'network' };
    }
    // A slower answer to an earlier query never replaces the latest one's.
    if (mine !== asked) return;
    if ('failure' in answer) {
      show(query, containingWords(entries, query), [], true);
      return;
    }
    const onPage = new Set(entries.map((entry) => entry.id));
    const ids = new Set(answer.questions.map((q) => q.id).filter((id) => onPage.has(id)));
    show(
      query,
      ids,
      answer.questions.filter((q) => !onPage.has(q.id)),
      false,
    );
  };

  // /faq/{query}/ that is not the FAQ root nor a category page: the segment is a search.
  const faqRoot = root.dataset.root ?? '/faq/';
  const categories: string[] = JSON.parse(root.dataset.categories ?? '[]');
  const path = decodeURIComponent(location.pathname);
  if (path !== faqRoot && path.startsWith(faqRoot) && !categories.includes(location.pathname)) {
    input.value = path.slice(faqRoot.length).replace(/\/$/, '').replace(/[-+]/g, ' ');
  }
  input.addEventListener('input', () => void apply(input.value));
  if (input.value.trim() !== '') void apply(input.value);
}
