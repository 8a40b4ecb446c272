/**
 * The header's search icon. Without JavaScript it is a link to the search page. With it, the icon opens a
 * search box under the header (a plain form to the search page: Enter searches the whole site) and the
 * suggestions' code is imported the first time the box opens, so a page where nobody searches loads none
 * of it. The box closes on Escape (the focus back on the icon), on its close button and on a click
 * elsewhere. A click with a modifier key (new tab, new window) still follows the link.
 */
import type { LocaleCode } from '../lib/channels.ts';

function enhanceHeaderSearch(toggle: HTMLAnchorElement, panel: HTMLElement): void {
  const input = panel.querySelector<HTMLInputElement>('input[role="combobox"]');
  if (!input) return;
  let suggesting = false;
  toggle.setAttribute('role', 'button');
  toggle.setAttribute('aria-controls', panel.id);
  toggle.setAttribute('aria-expanded', 'false');

  const open = () => {
    panel.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    // At once, in the click: a phone shows its keyboard only for a focus the shopper's gesture gave.
    input.focus();
    if (!suggesting) {
      suggesting = true;
      // Not loaded (the network): the box stays a plain form, and the next opening tries again.
      import('./on-demand.ts')
        .then(({ loadSearchSuggestions }) => loadSearchSuggestions(panel.dataset.locale as LocaleCode))
        .then(
          ([{ startSuggestions }, messages]) => startSuggestions(panel, messages),
          () => {
            suggesting = false;
          },
        );
    }
  };
  const close = (focusToggle: boolean) => {
    if (panel.hidden) return;
    if (focusToggle || panel.contains(document.activeElement)) toggle.focus();
    panel.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
  };

  toggle.addEventListener('click', (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (panel.hidden) open();
    else close(true);
  });
  // A button opens with Space too (the link's role says button).
  toggle.addEventListener('keydown', (event) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    toggle.click();
  });
  panel.querySelector('[data-header-search-close]')?.addEventListener('click', () => close(true));
  // Escape inside the suggestions closes them first (header-box.ts stops it there); the next one closes the box.
  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Closing keeps what was typed (a search field's Escape would also empty it).
    event.preventDefault();
    close(true);
  });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Node && !panel.contains(event.target) && !toggle.contains(event.target)) close(false);
  });
}

const toggle = document.querySelector<HTMLAnchorElement>('a[data-search-toggle]');
const panel = document.querySelector<HTMLElement>('[data-header-search]');
if (toggle && panel) enhanceHeaderSearch(toggle, panel);
