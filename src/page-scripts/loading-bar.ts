/**
 * The thin bar at the top of the screen between a click on one of the site's links (or a search form
 * sent) and the next page, so a slow page never looks like a dead click. No framework: it runs on every
 * page. Its timing is loading-bar-timing.ts; its height and colour are the shop's (LOADING_BAR). It is
 * fixed over the page (nothing moves), hidden from screen readers (the browser announces the navigation),
 * and without motion when the shopper asks for less. A page the browser brings back from its
 * back-forward cache starts with no bar, whatever the state it was left in.
 */
import { LOADING_BAR } from '../lib/constants.ts';
import { type BarState, loadingBar } from './loading-bar-timing.ts';

const still = matchMedia('(prefers-reduced-motion: reduce)');
let element: HTMLElement | undefined;

function barElement(): HTMLElement {
  if (element) return element;
  element = document.createElement('div');
  element.className = 'loading-bar';
  element.setAttribute('aria-hidden', 'true');
  Object.assign(element.style, {
    position: 'fixed',
    inset: '0 0 auto 0',
    height: `${LOADING_BAR.height}px`,
    background: LOADING_BAR.colour,
    transformOrigin: '0 0',
    transform: 'scaleX(0)',
    opacity: '0',
    pointerEvents: 'none',
    zIndex: '2147483647',
  });
  document.body.append(element);
  return element;
}

function render({ visible, progress }: BarState): void {
  const bar = barElement();
  // Under reduced motion the bar is shown whole and still while the page loads, and simply goes.
  bar.style.transition = still.matches ? 'none' : `transform ${LOADING_BAR.throttleMs}ms linear, opacity ${LOADING_BAR.resetDelayMs}ms`;
  bar.style.transform = `scaleX(${still.matches && visible ? 1 : progress})`;
  bar.style.opacity = visible ? '1' : '0';
}

const bar = loadingBar(render);

/** Whether following this link loads another page of this site in this tab. */
function leadsToAnotherPage(link: HTMLAnchorElement): boolean {
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return false;
  // A jump within the page (same address, another fragment) loads nothing.
  return !(url.hash && url.pathname === location.pathname && url.search === location.search);
}

// On window, in the bubbling phase: an island that handles a click itself has called preventDefault by now.
addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (link instanceof HTMLAnchorElement && leadsToAnotherPage(link)) bar.start();
});

addEventListener('submit', (event) => {
  if (event.defaultPrevented) return;
  const form = event.target as HTMLFormElement;
  const submitter = event.submitter as HTMLButtonElement | HTMLInputElement | null;
  const method = submitter?.getAttribute('formmethod') ?? form.method;
  const target = submitter?.getAttribute('formtarget') ?? form.target;
  const action = new URL(submitter?.formAction || form.action, location.href);
  if (method.toLowerCase() === 'get' && (!target || target === '_self') && action.origin === location.origin) bar.start();
});

addEventListener('pageshow', (event) => {
  if (event.persisted) bar.reset();
});
