/**
 * The language switcher's links (src/layouts/parts/LanguageSwitcher.astro) take the page's query along,
 * on the pages whose address holds one (the search, a category's filters): the page is static, its links
 * were drawn without it. Only those pages call this: every other page's scripts are within a few bytes of
 * their budget (tests/e2e/js-budgets.spec.ts).
 */
export function switcherKeepsQuery(): void {
  for (const switcher of document.querySelectorAll('details.switcher')) {
    // Read at once (the list may be open already), when the list opens (the address a link shows, a new tab,
    // a copied link) and again when a link is followed: these pages write the query in the address as the
    // shopper types or filters.
    const keep = () => {
      for (const link of switcher.querySelectorAll('a')) link.search = location.search;
    };
    keep();
    switcher.addEventListener('toggle', keep);
    switcher.addEventListener('click', keep);
  }
}
