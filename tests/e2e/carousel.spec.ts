/**
 * The home carousel (SPEC §9) on the built home page, in Dutch on the BE site: named as a carousel of slides,
 * moved by a swipe past 50 px on a touch screen, fitting a 320 px screen, moving nothing on the page, and axe
 * finds nothing; with JavaScript off, every slide's link is there and reachable by scrolling. Its rules
 * (turning every 10 s, pause and play, held by the mouse or the focus, buttons and arrow keys one move a
 * second, the focus following, still for less motion) are tested once without a browser:
 * tests/unit/page-scripts/carousel.test.ts (the rules) and carousel-script.test.ts (the script on the DOM).
 */
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { expect, expectNoSeriousViolation, homeOf, test, textsOf } from './helpers.ts';
import { expectStill, overflowWidth, watchShifts } from './page-checks.ts';

const carouselOf = (page: Page) => page.locator('[data-carousel]');
const slidesOf = (page: Page) => carouselOf(page).getByRole('group');

/** The slide shown: the only one not inert, and the one in the carousel's frame. */
async function shown(page: Page): Promise<number> {
  const states = await slidesOf(page).evaluateAll((slides) => slides.map((s) => (s as HTMLElement).inert));
  expect(states.filter((inert) => !inert)).toHaveLength(1);
  return states.indexOf(false);
}

/** Waits for the slide shown to be `index`. */
const expectShown = (page: Page, index: number) => expect.poll(() => shown(page)).toBe(index);

/** Stops the page's clock where it is: from here only runFor moves it (a busy machine cannot move a slide). */
async function holdClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

async function openHome(page: Page, info: TestInfo) {
  await page.clock.install();
  await page.goto(homeOf(info));
  await expect(carouselOf(page)).toHaveClass(/is-enhanced/);
  await holdClock(page);
}

/** A phone's context (a touch screen), JavaScript on or off. */
function phone(browser: Browser, info: TestInfo, options: { javaScriptEnabled?: boolean } = {}) {
  return browser.newContext({
    viewport: { width: 320, height: 640 },
    hasTouch: true,
    isMobile: true,
    baseURL: info.project.use.baseURL,
    ...options,
  });
}

/** A finger sliding `dx` pixels sideways across the carousel, as the browser receives touches. */
async function swipe(page: Page, carousel: Locator, dx: number) {
  const box = (await carousel.boundingBox())!;
  const x = box.x + box.width / 2 - dx / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: at, y }] });
  await touch('touchStart', x);
  for (let step = 1; step <= 5; step++) await touch('touchMove', x + (dx * step) / 5);
  await touch('touchEnd', x + dx);
  await cdp.detach();
}

test('is named as a carousel of slides, follows a swipe past 50 px on a touch screen, fits a 320 px screen, moves nothing on the page, and axe finds nothing', async ({
  browser,
}, info) => {
  const t = textsOf(info);
  const context = await phone(browser, info);
  const page = await context.newPage();
  await watchShifts(page);
  await openHome(page, info);
  expect(await overflowWidth(page)).toBe(0);
  const carousel = carouselOf(page);
  // The built markup's names, in the page's language.
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  await expect(carousel).toHaveAttribute('aria-label', t('pages.home.carousel.label'));
  const count = await slidesOf(page).count();
  expect(count).toBeGreaterThanOrEqual(3);
  await expect(slidesOf(page).first()).toHaveAttribute('aria-roledescription', 'slide');
  await expect(slidesOf(page).first()).toHaveAttribute('aria-label', t('pages.home.carousel.slide', { index: 1, count }));
  await expect(carousel.getByRole('button', { name: t('pages.home.carousel.pause') })).toBeVisible();
  await expect(carousel.locator('.carousel-viewport')).toHaveCSS('height', '320px');
  await carousel.scrollIntoViewIfNeeded();
  await swipe(page, carousel, -40);
  await page.clock.runFor(1_000);
  expect(await shown(page)).toBe(0);
  await swipe(page, carousel, -90);
  await expectShown(page, 1);
  await page.clock.runFor(1_000);
  await swipe(page, carousel, 90);
  await expectShown(page, 0);
  await page.clock.resume();
  await expectStill(page, 'home with its carousel');
  await expectNoSeriousViolation(page, 'home carousel');
  await context.close();
});

test('with JavaScript off, shows the first slide and every slide’s link, reachable by scrolling', async ({ browser }, info) => {
  const context = await phone(browser, info, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(homeOf(info));
  const carousel = carouselOf(page);
  await expect(carousel.locator('[data-carousel-controls]')).toBeHidden();
  const slides = slidesOf(page);
  const count = await slides.count();
  expect(count).toBeGreaterThanOrEqual(3);
  await carousel.scrollIntoViewIfNeeded();
  await expect(slides.first().getByRole('link')).toBeInViewport();
  await expect(slides.nth(1).getByRole('link')).not.toBeInViewport();
  expect(await overflowWidth(page)).toBe(0);
  for (let i = 0; i < count; i++) {
    const link = slides.nth(i).getByRole('link');
    await expect(link).toHaveAttribute('href', /^\//);
    await link.focus();
    await expect(link).toBeInViewport();
  }
  // Each link leads to a page of the site.
  const href = (await slides.last().getByRole('link').getAttribute('href'))!;
  expect((await page.request.get(href)).status()).toBe(200);
  await context.close();
});
