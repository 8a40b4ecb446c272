/**
 * FAQ search in the browser: a query typed in the box, or the optional segment of /faq/{query}/ when
 * it is not a category (such addresses are served the FAQ page by a rewrite).
 */
const normalise = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function enhanceFaq(root: HTMLElement): void {
  const box = root.querySelector<HTMLElement>('[data-search]');
  const input = root.querySelector<HTMLInputElement>('[data-query]');
  const status = root.querySelector<HTMLElement>('[data-status]');
  if (!box || !input || !status) return;
  const entries = [...root.querySelectorAll<HTMLDetailsElement>('[data-entry]')];
  box.hidden = false;

  const apply = (query: string): void => {
    const words = normalise(query).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const entry of entries) {
      const match = words.every((w) => normalise(entry.textContent ?? '').includes(w));
      entry.hidden = !match;
      entry.open = words.length > 0 && match;
      if (match) shown += 1;
    }
    for (const section of root.querySelectorAll<HTMLElement>('[data-faq-category]')) {
      section.hidden = !section.querySelector('[data-entry]:not([hidden])');
    }
    const template = words.length === 0 ? '' : shown ? root.dataset.results : root.dataset.noResults;
    status.textContent = (template ?? '').replace('{query}', query);
  };

  // /faq/{query}/ that is not the FAQ root nor a category page: the segment is a search.
  const faqRoot = root.dataset.root ?? '/faq/';
  const categories: string[] = JSON.parse(root.dataset.categories ?? '[]');
  const path = decodeURIComponent(location.pathname);
  if (path !== faqRoot && path.startsWith(faqRoot) && !categories.includes(location.pathname)) {
    input.value = path.slice(faqRoot.length).replace(/\/$/, '').replace(/[-+]/g, ' ');
  }
  input.addEventListener('input', () => apply(input.value));
  apply(input.value);
}
