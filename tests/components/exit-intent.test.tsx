/**
 * Exit intent and the marketing popups on a page, without a browser: the marketing page script
 * (src/page-scripts/marketing.ts) started on the markup Marketing.astro writes, in a DOM in this process, with
 * the page's clock faked (the 1 second is the fake clock's, never a wait) and the marketing service answered
 * on fetch. What is proved here is the script's wiring of its rules (src/lib/marketing/exit-intent.ts and
 * src/page-scripts/marketing/rules.ts, unit-tested in tests/unit/lib/marketing.test.ts and
 * tests/unit/page-scripts/marketing.test.ts) to the page's events, the visit's storage and the popup island
 * (src/islands/marketing/MarketingPopup.tsx): when the offer shows and when not, a link leaving the site, the
 * dialog's focus and the markdown modal. What needs a real browser (the popup within a phone's screen, the page
 * kept still, axe, the sign-up that mails a confirmation, consent and the service's campaigns across pages)
 * stays in tests/e2e/exit-intent.spec.ts.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { translator } from '../../src/i18n/translate.ts';
import { intlLocaleOf } from '../../src/lib/channels.ts';
import { EXIT_INTENT_DISCOUNT, STORAGE_KEYS } from '../../src/lib/constants.ts';
import { shopApiOnFetch } from './support/island.tsx';
import { until } from './support/until.ts';

// Each test starts the page's script afresh (resetModules), which the first pays with the transform of the script and
// of the popup it loads: paid here instead, so a loaded machine's first test does not run out of its time (a CI failure).
beforeAll(async () => {
  await Promise.all([import('../../src/page-scripts/marketing.ts'), import('../../src/islands/marketing/MarketingPopup.tsx')]);
});

const t = translator('nl');
const amount = new Intl.NumberFormat(intlLocaleOf('nl'), { style: 'currency', currency: 'EUR', minimumFractionDigits: 0 }).format(
  EXIT_INTENT_DISCOUNT / 100,
);
const offerTitle = t('marketing.exitIntent.title', { amount });
const offer = () => screen.queryByRole('dialog', { name: offerTitle });

/**
 * A page of the BE site in Dutch (`page`: its kind as Marketing.astro writes it, `quiet` on the checkout funnel and
 * the account pages), its marketing script started as the page starts it. The visit's storage is kept between
 * two calls of one test, as between two pages of a visit.
 */
async function openPage(page = 'other') {
  leavePage();
  document.documentElement.lang = 'nl-BE';
  document.body.innerHTML = `
    <main id="main"><h1>Maison Gamelle</h1></main>
    <div id="marketing-root" hidden data-locale="nl_BE" data-page="${page}" data-alternates="{}"
      data-own-origins="https://www.maison-gamelle.fr https://www.maison-gamelle.be"></div>
    <aside class="top-header" id="top-header" hidden><p data-top-header-text></p><button type="button" data-top-header-close>x</button></aside>`;
  vi.resetModules();
  // The listeners the script puts on the document and the window go with its page (one document serves every page here).
  const added: Array<() => void> = [];
  const spies = [document, document.documentElement, window].map((target: EventTarget) => {
    const add = target.addEventListener.bind(target);
    return vi
      .spyOn(target, 'addEventListener')
      .mockImplementation(
        (type: string, listener: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean) => {
          added.push(() => target.removeEventListener(type, listener, options));
          add(type, listener, options);
        },
      );
  });
  await import('../../src/page-scripts/marketing.ts');
  for (const spy of spies) spy.mockRestore();
  leaving = added;
}
let leaving: Array<() => void> = [];
function leavePage() {
  for (const remove of leaving) remove();
  leaving = [];
}

/** The mouse leaves the window at `clientY` (0: its top edge), or comes back, as the browser reports it (no related target). */
const mouseLeaves = (clientY = 0) =>
  document.documentElement.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientX: 400, clientY, relatedTarget: null }));
const mouseComesBack = () =>
  document.documentElement.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, clientX: 400, clientY: 10, relatedTarget: null }));

/**
 * The page's clock moves on by `ms`; then whatever a popup loads (its island, its parser) has loaded and is
 * drawn, its effects run (React's scheduler, on the real event loop: the island is the page script's, not
 * React Testing Library's, so no act() here).
 */
async function clockRuns(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.dynamicImportSettled();
  for (let turn = 0; turn < 5; turn++) await new Promise((done) => setImmediate(done));
}

/**
 * What `check` returns once it passes, the page's work let through meanwhile (the event loop's turns, never
 * the page's clock: React Testing Library's waitFor would wait on the faked timers).
 */
const settle = <T,>(check: () => T): Promise<T> => until(check, () => new Promise((done) => setImmediate(done)));

/** Escape in an open modal dialog, as the browser handles it: the key, then the dialog's `cancel` (it closes unless that is refused). */
function pressEscape(dialog: HTMLElement) {
  if (!fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' })) return;
  if (fireEvent(dialog, new Event('cancel', { cancelable: true }))) (dialog as HTMLDialogElement).close();
}

/**
 * Clicks a link as the shopper does: true when the page left it for the browser to follow (looked at last,
 * on the window, then stopped: the test's document never leaves).
 */
function clickFollows(link: HTMLAnchorElement): boolean {
  let follows = false;
  const last = (event: Event) => {
    follows = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', last, { once: true });
  fireEvent.click(link);
  return follows;
}

/** Tab or Shift+Tab from the focused element: the page's handlers first, then the browser's move, here left to the test. */
const pressTab = (shift = false) => fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: shift });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date('2031-03-02T10:00:00Z') });
  shopApiOnFetch();
});
afterEach(async () => {
  document.querySelector<HTMLButtonElement>('.marketing-popup-close')?.click();
  await clockRuns(0);
  leavePage();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window.__mgExitIntent;
  document.body.innerHTML = '';
});

it('the mouse leaving at the top shows the 5 € offer after 1 second, not when it comes back within the second nor when it leaves lower', async () => {
  await openPage();
  mouseLeaves();
  await clockRuns(500);
  mouseComesBack();
  await clockRuns(2000);
  expect(offer()).toBeNull();
  // Lower than the top edge is no exit.
  mouseLeaves(300);
  await clockRuns(2000);
  expect(offer()).toBeNull();

  mouseLeaves();
  await clockRuns(999);
  expect(offer()).toBeNull();
  await clockRuns(1);
  const popup = await settle(() => screen.getByRole('dialog', { name: offerTitle }));
  within(popup).getByLabelText(t('newsletter.form.label'));
  pressEscape(popup);
  await settle(() => expect(offer()).toBeNull());
});

it('the offer shows once per visit, and never where the shopper pays or manages an account', async () => {
  await openPage();
  mouseLeaves();
  await clockRuns(1000);
  pressEscape(await settle(() => screen.getByRole('dialog', { name: offerTitle })));
  await settle(() => expect(offer()).toBeNull());

  // The next page of the visit does not show it again.
  await openPage('other');
  mouseLeaves();
  await clockRuns(2000);
  expect(offer()).toBeNull();

  // A quiet page (the checkout funnel, the account pages) never shows it, even on a new visit.
  sessionStorage.clear();
  await openPage('quiet');
  mouseLeaves();
  await clockRuns(2000);
  expect(offer()).toBeNull();
  // The same new visit on any other page does.
  await openPage('other');
  mouseLeaves();
  await clockRuns(1000);
  await settle(() => screen.getByRole('dialog', { name: offerTitle }));
});

it('switched off at run time (window.__mgExitIntent = false, set once the page runs), no trigger shows the offer', async () => {
  await openPage();
  // As a tag manager would: read at each trigger, it still counts.
  window.__mgExitIntent = false;
  mouseLeaves();
  await clockRuns(3000);
  const link = document.createElement('a');
  link.href = 'https://partner.example/';
  document.getElementById('main')!.prepend(link);
  expect(clickFollows(link)).toBe(true);
  await clockRuns(0);
  expect(offer()).toBeNull();
  expect(sessionStorage.getItem(STORAGE_KEYS.exitIntentShown)).toBeNull();
});

it('a link to another site in the same tab shows the offer at once and keeps the shopper on the page; Escape closes it and gives the focus back', async () => {
  await openPage();
  const main = document.getElementById('main')!;
  const link = (text: string, href: string, target?: string) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    if (target) a.target = target;
    main.prepend(a);
    return a;
  };
  // A link opening a new tab is no exit: the browser follows it (the switcher's link to the shop's other site is
  // followed on the built sites, tests/e2e/exit-intent.spec.ts).
  expect(clickFollows(link('Partner (nieuw tabblad)', 'https://partner.example/', '_blank'))).toBe(true);
  await clockRuns(0);
  expect(offer()).toBeNull();

  const partner = link('Partner', 'https://partner.example/');
  partner.focus();
  // The click is cancelled: the browser does not leave the page.
  expect(clickFollows(partner)).toBe(false);
  await clockRuns(0);
  const popup = await settle(() => screen.getByRole('dialog', { name: offerTitle }));
  // The browser's showModal puts the focus on the dialog's first control (this DOM leaves it where it was).
  within(popup).getByLabelText(t('newsletter.form.label')).focus();
  pressEscape(popup);
  await settle(() => expect(offer()).toBeNull());
  expect(document.activeElement).toBe(partner);
});

it('the focus stays in the popup: Tab from its last control goes to its first, Shift+Tab from its first to its last', async () => {
  await openPage();
  mouseLeaves();
  await clockRuns(1000);
  const popup = await settle(() => screen.getByRole('dialog', { name: offerTitle }));
  const field = within(popup).getByLabelText(t('newsletter.form.label'));
  const close = within(popup).getByRole('button', { name: t('marketing.popup.close') });
  // The e-mail field is the dialog's first control, its close button its last (in the reading order).
  field.focus();
  expect(pressTab(true)).toBe(false);
  expect(document.activeElement).toBe(close);
  expect(pressTab()).toBe(false);
  expect(document.activeElement).toBe(field);
  // Between the two, the browser's own Tab is left alone.
  within(popup)
    .getByRole('button', { name: t('newsletter.form.submit') })
    .focus();
  expect(pressTab()).toBe(true);
  expect(pressTab(true)).toBe(true);
});

it('the markdown modal shows the service’s text as markdown, never its raw HTML, and once closed not again during the visit', async () => {
  localStorage.setItem(STORAGE_KEYS.consent, JSON.stringify({ analytics: true, marketing: true, at: '2031-01-01T00:00:00.000Z' }));
  const api = shopApiOnFetch();
  api.answer('POST', /\/marketing$/, ({ body }) => ({
    status: 200,
    body:
      (body as { event: string }).event === 'page_view'
        ? {
            popup: {
              campaign: 'test-popup',
              popup_type: 'markdown_modal',
              title: 'Nieuw recept',
              text: 'Onze brokken **zonder granen** komen eraan.\n\n[Bekijk het recept](/nl/hond/)\n\n<img src="x" data-raw="yes">',
            },
          }
        : {},
  }));
  api.answer('POST', /\/marketing\/report\/[^/]+$/, () => ({ status: 204 }));
  await openPage();
  await clockRuns(0);
  const modal = await settle(() => screen.getByRole('dialog', { name: 'Nieuw recept' }));
  expect(modal.querySelector('strong')?.textContent).toBe('zonder granen');
  expect(within(modal).getByRole('link', { name: 'Bekijk het recept' }).getAttribute('href')).toBe('/nl/hond/');
  expect(modal.querySelector('img')).toBeNull();
  expect(modal.innerHTML).not.toContain('data-raw');
  await settle(() => expect(api.count('POST', /\/marketing\/report\/test-popup$/)).toBe(1));

  fireEvent.click(within(modal).getByRole('button', { name: t('marketing.popup.close') }));
  await settle(() => expect(screen.queryByRole('dialog')).toBeNull());
  // The next page of the visit: the service answers the same popup, which stays closed.
  await openPage();
  await settle(() => expect(api.count('POST', /\/marketing$/)).toBe(2));
  await clockRuns(0);
  expect(screen.queryByRole('dialog')).toBeNull();
});
