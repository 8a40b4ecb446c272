/**
 * Progressive enhancement of a category page: the filters already work with CSS; this keeps the
 * address bar in sync (shareable ?lifeStage=adult&sort=best_sellers), restores it on load, puts the
 * cards in DOM order for assistive technology, and updates the count (the category's total until a filter
 * is chosen, then the products of this page it leaves) and the empty state; the links to a
 * paginated category's other pages carry the choices (filters apply page by page). On a phone, the
 * button at the panel's foot counts the products left ("Voir les 12 produits") and folds the panel away,
 * bringing the shopper to them; each folded group's summary says the choice made in it.
 */

/** The words of a count from its one/other templates (data-one, data-other), in the page's plural rules. */
export function countText(
  templates: { one?: string | undefined; other?: string | undefined },
  plural: Intl.PluralRules,
  count: number,
): string {
  const template = (plural.select(count) === 'one' ? templates.one : templates.other) ?? '{count}';
  return template.replace('{count}', String(count));
}

/**
 * What a folded group's summary says of the choice in it: the chosen label's words, or nothing while the
 * group keeps the choice the page came with ("Tous", "Pertinence"), which filters nothing.
 */
export function groupChoiceText(group: ParentNode): string {
  const chosen = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((input) => input.checked);
  if (!chosen || chosen.defaultChecked) return '';
  return chosen.closest('label')?.textContent?.trim() ?? '';
}

export function enhanceCatalogue(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('[data-filters]');
  const grid = root.querySelector<HTMLElement>('[data-grid]');
  const count = root.querySelector<HTMLElement>('[data-count]');
  const empty = root.querySelector<HTMLElement>('[data-empty]');
  if (!form || !grid || !count || !empty) return;
  const cards = [...grid.children] as HTMLElement[];
  const pageLinks = [...root.querySelectorAll<HTMLAnchorElement>('[data-pages] a')].map((link) => ({ link, path: link.pathname }));
  const showResults = form.querySelector<HTMLElement>('[data-show-results]');
  const groups = [...form.querySelectorAll<HTMLElement>('[data-filter-group]')];
  const plural = new Intl.PluralRules(document.documentElement.lang);
  // The page's count is the whole category's (every page says the same); the cards are this page's only.
  const total = Number(count.dataset.total) || 0;

  const params = new URLSearchParams(location.search);
  for (const [name, value] of params) {
    const input = form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"][value="${CSS.escape(value)}"]`);
    if (input) input.checked = true;
  }

  const update = (): void => {
    const data = new FormData(form);
    const sort = String(data.get('sort') ?? 'relevancy');
    const rank = (card: HTMLElement) => Number(card.style.getPropertyValue(`--${sort}`)) || 0;
    grid.append(...[...cards].sort((a, b) => rank(a) - rank(b)));
    const shown = cards.filter((c) => getComputedStyle(c).display !== 'none').length;
    const filtered = [...data].some(([name, value]) => name !== 'sort' && value !== '');
    const counted = filtered ? shown : total;
    count.textContent = countText(count.dataset, plural, counted);
    if (showResults) showResults.textContent = countText(showResults.dataset, plural, counted);
    for (const group of groups) {
      const choice = group.querySelector<HTMLElement>('[data-group-choice]');
      if (choice) choice.textContent = groupChoiceText(group);
    }
    empty.hidden = shown > 0;
    const query = new URLSearchParams();
    for (const [name, value] of data) if (value && !(name === 'sort' && value === 'relevancy')) query.set(name, String(value));
    const search = query.toString();
    history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
    for (const { link, path } of pageLinks) link.href = `${path}${search ? `?${search}` : ''}`;
  };
  form.addEventListener('change', update);
  // The filters apply as they are chosen; the button showing the products (where the panel folds) closes it and lands on the count.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const panel = form.closest('details');
    if (panel) panel.open = false;
    count.tabIndex = -1;
    count.focus({ preventScroll: true });
    count.scrollIntoView({ block: 'nearest' });
  });
  // A reset changes the inputs after the event: read them on the next frame.
  form.addEventListener('reset', () => requestAnimationFrame(update));
  update();
}
