/**
 * Exit intent, the marketing popups, the top header and the A/B test on the built sites' pages, in French on
 * the FR site and in Dutch on the BE site (src/page-scripts/marketing.ts, src/islands/marketing/): what needs
 * a real browser or pages of the built sites — the offer's sign-up that mails a confirmation, the switcher's
 * link to the shop's other site, the offer within a phone's screen without moving the page, consent and the
 * marketing service's campaigns across pages, the walls, axe. When the offer shows and when not (the second
 * before it, once per visit, the quiet pages, the run-time switch, a link leaving the site), the dialog's
 * focus and the markdown modal are tested once on the DOM: tests/components/exit-intent.test.tsx.
 *
 * Exit intent's 1 second is Playwright's clock, never a wait. The mouse leaving the window at the top is the
 * browser's `mouseout` without a related target at clientY 0, dispatched as the browser sends it. Nothing is
 * sent to the marketing service before consent (the helpers store a refusal in every context): the tests
 * that need consent store it first. The walls come from the service's answers, routed in the test (the
 * seeded campaigns hold none of them); their reports are answered there too.
 */
import type { Page, Request, Response, TestInfo } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import {
  expect,
  expectNoSeriousViolation,
  homeOf,
  languageOf,
  openFirstProduct,
  pathOf,
  test,
  textsOf,
  uniqueEmail,
  EACH_SITE,
} from './helpers.ts';
import { mailsTo } from './offer-helpers.ts';
import { expectStill, overflowWidth, watchShifts } from './page-checks.ts';

/**
 * Exit intent on, as on the sites: the suite's contexts start with it switched off (helpers.ts), unless a
 * switch is set already (init scripts run in no set order); anything but false leaves it on.
 */
const exitIntentOn = () => {
  (window as unknown as { __mgExitIntent?: boolean }).__mgExitIntent = true;
};
test.beforeEach(async ({ context }) => {
  await context.addInitScript(exitIntentOn);
});

const isMarketingEvent = (url: URL) => url.pathname.endsWith('/marketing');
const isMarketingReport = (url: URL) => /\/marketing\/report\/[^/]+$/.test(url.pathname);

/** The marketing service's calls the page makes: events with their bodies, and the campaigns reported. */
function watchMarketing(page: Page) {
  const events: Array<{ event: string; abtests: Record<string, string>; product_code?: string }> = [];
  const reports: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() !== 'POST') return;
    if (isMarketingEvent(url)) events.push(request.postDataJSON());
    else if (isMarketingReport(url)) reports.push(decodeURIComponent(url.pathname.split('/').at(-1)!));
  });
  return { events, reports };
}

/** The shopper accepted everything (on every page this test opens). */
async function consent(page: Page) {
  await page.addInitScript((key) => {
    localStorage.setItem(key, JSON.stringify({ analytics: true, marketing: true, at: '2026-01-01T00:00:00.000Z' }));
  }, STORAGE_KEYS.consent);
}

/** The mouse leaves the window at its top edge, as the browser reports it. */
async function mouseLeavesAtTop(page: Page) {
  await page.evaluate(() =>
    document.documentElement.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientX: 400, clientY: 0, relatedTarget: null })),
  );
}

/**
 * Stops the page's clock where it is: an installed clock otherwise flows with real time, and a busy machine
 * could let a second pass between two steps of a test. From here only runFor moves it.
 */
async function holdClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/**
 * Scrolls to a position and waits for the page to see it: the browser sends one scroll event per frame,
 * so two scrolls within a frame reach the page as one (on a busy machine, a scroll down and back up would
 * look like no scroll up at all).
 */
async function scrollSeen(page: Page, to: { y: number } | { pageFraction: number } | { by: number }) {
  await page.evaluate(
    (to) =>
      new Promise<void>((resolve) => {
        window.addEventListener('scroll', () => resolve(), { once: true });
        const y = 'y' in to ? to.y : 'by' in to ? window.scrollY + to.by : document.documentElement.scrollHeight * to.pageFraction;
        window.scrollTo(0, y);
      }),
    to,
  );
}

const offerTitle = (info: TestInfo) =>
  languageOf(info) === 'nl' ? '€ 5 korting op je eerste bestelling' : '5 € offerts sur votre première commande';
const exitPopup = (page: Page, info: TestInfo) => page.getByRole('dialog', { name: offerTitle(info) });

test('the mouse leaving at the top shows the 5 € offer after 1 second; a sign-up from it mails the confirmation and the offer never shows again', async ({
  page,
}, info) => {
  const t = textsOf(info);
  const { events } = watchMarketing(page);
  await page.clock.install();
  await page.goto(homeOf(info));
  await holdClock(page);
  await mouseLeavesAtTop(page);
  await page.clock.runFor(999);
  await expect(exitPopup(page, info)).toHaveCount(0);
  await page.clock.runFor(1);
  const popup = exitPopup(page, info);
  await expect(popup).toBeVisible();
  // Without consent the shop's own offer shows: nothing went to the marketing service.
  expect(events).toEqual([]);
  // axe works on timers: the clock flows again.
  await page.clock.resume();
  await expectNoSeriousViolation(page, 'exit-intent popup');
  // The dialog opens on its e-mail field.
  const field = popup.getByLabel(t('newsletter.form.label'));
  await expect(field).toBeFocused();

  const email = uniqueEmail();
  await field.fill(email);
  await popup.getByRole('button', { name: t('newsletter.form.submit') }).click();
  await expect(popup.getByRole('status')).toContainText(t('newsletter.sent.text', { email }));
  const [mail] = await mailsTo(page.request, email);
  expect(mail?.subject).toBe(
    languageOf(info) === 'nl' ? 'Bevestig je inschrijving op de nieuwsbrief' : 'Confirmez votre inscription à la newsletter',
  );
  await popup.getByRole('button', { name: t('marketing.popup.close') }).click();
  await expect(popup).toHaveCount(0);

  // Signed up: not on another visit either.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await mouseLeavesAtTop(page);
  await page.clock.runFor(2000);
  await expect(exitPopup(page, info)).toHaveCount(0);
});

test(
  'the switcher offers the Netherlands, served by the Dutch-language site; its link is no exit: the shopper goes there without the offer',
  EACH_SITE,
  async ({ page }, info) => {
    await page.goto(homeOf(info));
    await page.locator('.switcher summary').click();
    // On the FR site the Netherlands are served by the BE site: another origin, but the shop's own.
    const netherlands = page.locator('.switcher a[data-country="NL"]');
    await expect(netherlands).toHaveText(languageOf(info) === 'nl' ? 'Nederland · NL' : 'Pays-Bas · NL');
    await netherlands.click();
    await expect(page).toHaveURL(/\/nl\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  },
);

test('on a phone, scrolling back up after half the page shows the offer after 1 second, within the screen and without moving the page', async ({
  browser,
  cspGuard,
}, info) => {
  const t = textsOf(info);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // The suite’s init scripts (the shopper’s refusal; exit intent off unless switched already), and exit intent on.
  await cspGuard.watching(context);
  await context.addInitScript(exitIntentOn);
  const page = await context.newPage();
  await watchShifts(page);
  await page.clock.install();
  await page.goto(homeOf(info));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeGreaterThan(844 * 2);
  // Scrolling up before half the page is reading, not leaving.
  await scrollSeen(page, { y: 300 });
  await scrollSeen(page, { y: 100 });
  await page.clock.runFor(2000);
  await expect(exitPopup(page, info)).toHaveCount(0);

  await scrollSeen(page, { pageFraction: 0.6 });
  await scrollSeen(page, { by: -200 });
  await page.clock.runFor(1000);
  const popup = exitPopup(page, info);
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: t('newsletter.form.submit') })).toBeInViewport({ ratio: 1 });
  await expect(popup.getByRole('button', { name: t('marketing.popup.close') })).toBeInViewport({ ratio: 1 });
  expect(await overflowWidth(page)).toBe(0);
  await expectStill(page, 'exit-intent popup on a phone');
  await expectNoSeriousViolation(page, 'exit-intent popup on a phone');
  await context.close();
});

test('with consent: the page view is sent with the segments, the top header shows and each campaign is reported once; the service’s exit popup shows', async ({
  page,
}, info) => {
  const nl = languageOf(info) === 'nl';
  await consent(page);
  const { events, reports } = watchMarketing(page);
  await watchShifts(page);
  await page.clock.install();
  await page.goto(homeOf(info));
  const bar = page.getByRole('complementary', { name: nl ? 'Informatie' : 'Information' });
  await expect(bar).toContainText(nl ? 'Gratis levering vanaf € 49' : "Livraison offerte dès 49 € d'achat");
  // The delivery and returns page (tests/api/marketing.test.ts: the link is a page the sites build).
  await expect(bar.getByRole('link')).toHaveAttribute(
    'href',
    pathOf(info, 'page', { page: nl ? 'levering-en-retour' : 'livraison-et-retours' }),
  );
  await expect(page.locator('html')).toHaveAttribute('data-ab-bandeau-accueil', /^(control|b)$/);
  expect(events.map((e) => e.event)).toEqual(['page_view']);
  const campaigns = [nl ? 'livraison-offerte-nl' : 'livraison-offerte-fr', 'page-vue', 'test-bandeau-accueil'];
  await expect.poll(() => [...reports].sort()).toEqual(campaigns.sort());
  await expectStill(page, 'home with the top header');

  await mouseLeavesAtTop(page);
  await page.clock.runFor(1000);
  await expect(exitPopup(page, info)).toBeVisible();
  expect(events.map((e) => e.event)).toEqual(['page_view', 'exit_intent']);
  await expect
    .poll(() => reports.filter((c) => c.startsWith('exit-newsletter')))
    .toEqual([nl ? 'exit-newsletter-nl' : 'exit-newsletter-fr']);
  await page.keyboard.press('Escape');

  // The top header closed stays closed for the visit; the service is asked again, its campaigns reported again.
  await bar.getByRole('button').click();
  await expect(bar).toBeHidden();
  await page.reload();
  await expect.poll(() => reports.length).toBe(6);
  expect(events.map((e) => e.event)).toEqual(['page_view', 'exit_intent', 'page_view']);
  await expect(page.locator('html')).toHaveAttribute('data-ab-bandeau-accueil', /^(control|b)$/);
  await expect(bar).toBeHidden();
});

test('with consent, when the marketing service fails, exit intent shows the shop’s own offer and the page goes on', async ({
  page,
}, info) => {
  await consent(page);
  await page.route(
    (url) => isMarketingEvent(url),
    (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }),
  );
  await page.clock.install();
  await page.goto(homeOf(info));
  await mouseLeavesAtTop(page);
  await page.clock.runFor(1000);
  await expect(exitPopup(page, info)).toBeVisible();
  await expect(page.locator('#top-header')).toBeHidden();
});

test('a product page sends view_item with its product code, the cart view_cart', async ({ page }, info) => {
  await consent(page);
  const { events } = watchMarketing(page);
  await openFirstProduct(page, homeOf(info));
  const sku = await page.locator('article[data-sku]').getAttribute('data-sku');
  await expect.poll(() => events.filter((e) => e.event === 'view_item').map((e) => e.product_code)).toEqual([sku]);
  await page.goto(pathOf(info, 'cart'));
  await expect.poll(() => events.at(-1)?.event).toBe('view_cart');
});

test('the top header on a phone: within the screen, its link and close button reachable, the page unmoved and its end still visible', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await consent(page);
  await watchShifts(page);
  await page.goto(homeOf(info));
  const bar = page.locator('#top-header');
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link')).toBeInViewport({ ratio: 1 });
  await expect(bar.getByRole('button')).toBeInViewport({ ratio: 1 });
  expect(await overflowWidth(page)).toBe(0);
  await expectStill(page, 'home with the top header (phone)');
  // The page's end scrolls clear of the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerEnd = await page.getByRole('contentinfo').evaluate((footer) => footer.getBoundingClientRect().bottom);
  const barTop = await bar.evaluate((element) => element.getBoundingClientRect().top);
  expect(footerEnd).toBeLessThanOrEqual(barTop + 1);
});

// Nothing to the marketing service before consent, its page view once the banner is accepted: marketing.spec.ts.
test('the A/B segment stays the same across visits: the page sends it and the service answers it', async ({ page }, info) => {
  await consent(page);
  const html = page.locator('html');
  const pageView = (response: Response) =>
    isMarketingEvent(new URL(response.url())) && (response.request().postDataJSON() as { event: string }).event === 'page_view';
  let segment = '';
  for (const [visit, path] of [homeOf(info), pathOf(info, 'cart'), homeOf(info)].entries()) {
    const answered = page.waitForResponse(pageView);
    await page.goto(path);
    const response = await answered;
    const sent = response.request().postDataJSON() as { abtests: Record<string, string> };
    const answer = (await response.json()) as { abtest?: { segment?: string } };
    if (visit === 0) {
      // A first visit holds no segment: the service draws one, the browser keeps it.
      expect(sent.abtests).toEqual({});
      segment = answer.abtest?.segment ?? '';
      expect(segment).toMatch(/^(control|b)$/);
    } else {
      expect(sent.abtests).toEqual({ 'bandeau-accueil': segment });
      expect(answer.abtest?.segment).toBe(segment);
    }
    await expect(html).toHaveAttribute('data-ab-bandeau-accueil', segment);
  }
  expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORAGE_KEYS.abTests)).toEqual({
    'bandeau-accueil': segment,
  });
});

/** Answers the page's page_view with `popup`, and every report with 204. */
async function routePopup(page: Page, popup: Record<string, unknown>) {
  await page.route(
    (url) => isMarketingEvent(url),
    async (route) => {
      const body = route.request().postDataJSON() as { event: string };
      await route.fulfill({ json: body.event === 'page_view' ? { popup: { campaign: 'test-popup', ...popup } } : {} });
    },
  );
  await page.route(
    (url) => isMarketingReport(url),
    (route) => route.fulfill({ status: 204 }),
  );
}

test('the country wall offers BE, NL and FR, each to this page on its site', EACH_SITE, async ({ page }, info) => {
  const nl = languageOf(info) === 'nl';
  await page.setViewportSize({ width: 390, height: 844 });
  await consent(page);
  await routePopup(page, { popup_type: 'country_wall' });
  const { reports } = watchMarketing(page);
  await watchShifts(page);
  await page.goto(homeOf(info));
  const wall = page.getByRole('dialog', { name: nl ? 'Kies je land' : 'Choisissez votre pays' });
  await expect(wall).toBeVisible();
  const names = nl ? ['België', 'Nederland', 'Frankrijk'] : ['Belgique', 'Pays-Bas', 'France'];
  await expect(wall.getByRole('link')).toHaveText(names);
  await expect(wall.getByRole('link', { name: names[2] })).toHaveAttribute('href', /\/$/);
  for (const link of await wall.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
  await expectStill(page, 'country wall (phone)');
  await expectNoSeriousViolation(page, 'country wall');
  expect(reports).toEqual(['test-popup']);
  await wall.getByRole('link', { name: names[1] }).click();
  await expect(page).toHaveURL(/\/nl\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');
});

test('the language wall offers French and Dutch', EACH_SITE, async ({ page }, info) => {
  const nl = languageOf(info) === 'nl';
  await consent(page);
  await routePopup(page, { popup_type: 'lang_switcher_wall' });
  await page.goto(homeOf(info));
  const wall = page.getByRole('dialog', { name: nl ? 'Kies je taal' : 'Choisissez votre langue' });
  await expect(wall).toBeVisible();
  await expect(wall.getByRole('link')).toHaveText(['Français', 'Nederlands']);
  await expect(wall.locator('a[aria-current="true"]')).toHaveText(nl ? 'Nederlands' : 'Français');
  await expectNoSeriousViolation(page, 'language wall');
  await wall.getByRole('link', { name: 'Nederlands' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');
});
