/**
 * The home carousel (SPEC §9), in French on the FR site and in Dutch on the BE site: one slide at a time,
 * turning by itself every 10 s (Playwright's clock, never a wait) unless paused, held while the focus is
 * in it, moved by its buttons, the arrow keys and a swipe past 50 px on a touch screen, one move per
 * second; still for a shopper who asks for less motion; with JavaScript off, every slide's link is there
 * and reachable by scrolling. It fits a 320 px screen, moves nothing on the page, and axe finds nothing.
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

test('turns by itself every 10 s, is paused and played from its control, and holds still while the focus is in it', async ({
  page,
}, info) => {
  const t = textsOf(info);
  await watchShifts(page);
  await openHome(page, info);
  const carousel = carouselOf(page);
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  await expect(carousel).toHaveAttribute('aria-label', t('pages.home.carousel.label'));
  const count = await slidesOf(page).count();
  expect(count).toBeGreaterThanOrEqual(3);
  await expect(slidesOf(page).first()).toHaveAttribute('aria-roledescription', 'slide');
  await expect(slidesOf(page).first()).toHaveAttribute('aria-label', t('pages.home.carousel.slide', { index: 1, count }));
  const track = carousel.locator('[data-carousel-track]');
  await expect(track).toHaveAttribute('aria-live', 'off');
  expect(await shown(page)).toBe(0);

  // It turns by itself within 10 s of the page's start.
  await page.clock.runFor(10_000);
  await expectShown(page, 1);

  // The pause control: visible, named in the page's language; paused, the live region speaks.
  const toggle = carousel.getByRole('button', { name: t('pages.home.carousel.pause') });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect(carousel.getByRole('button', { name: t('pages.home.carousel.play') })).toBeVisible();
  await expect(track).toHaveAttribute('aria-live', 'polite');
  await page.clock.runFor(30_000);
  expect(await shown(page)).toBe(1);
  await carousel.getByRole('button', { name: t('pages.home.carousel.play') }).click();
  // The mouse over it holds it (the focus left on the control does not): away, it turns again, a full 10 s later.
  await expect(track).toHaveAttribute('aria-live', 'polite');
  await page.mouse.move(1, 1);
  await expect(track).toHaveAttribute('aria-live', 'off');
  await page.clock.runFor(9_999);
  expect(await shown(page)).toBe(1);
  await page.clock.runFor(1);
  await expectShown(page, 2);

  // The focus in it (on the shown slide's link) holds it still; out of it, it turns again a full period later.
  await slidesOf(page).nth(2).getByRole('link').focus();
  await expect(track).toHaveAttribute('aria-live', 'polite');
  await page.clock.runFor(30_000);
  expect(await shown(page)).toBe(2);
  await page.locator('h1').click();
  await expect(track).toHaveAttribute('aria-live', 'off');
  await page.clock.runFor(10_000);
  await expectShown(page, 3 % count);

  await page.clock.resume();
  await expectStill(page, 'home with its carousel');
  await expectNoSeriousViolation(page, 'home carousel');
});

test('moves from its buttons and the arrow keys, one move a second, and a keyboard user stays on the slide shown', async ({
  page,
}, info) => {
  const t = textsOf(info);
  await openHome(page, info);
  const carousel = carouselOf(page);
  const count = await slidesOf(page).count();
  await carousel.getByRole('button', { name: t('pages.home.carousel.next') }).click();
  await expectShown(page, 1);
  // Within the move lock a second press does nothing.
  await carousel.getByRole('button', { name: t('pages.home.carousel.next') }).click();
  expect(await shown(page)).toBe(1);
  await page.clock.runFor(1_000);
  await carousel.getByRole('button', { name: t('pages.home.carousel.previous') }).click();
  await expectShown(page, 0);
  await page.clock.runFor(1_000);
  await carousel.getByRole('button', { name: t('pages.home.carousel.previous') }).click();
  await expectShown(page, count - 1);

  // The keyboard: from the shown slide's link, the arrows move, and the focus follows to the new slide's link.
  const linkOf = (index: number) => slidesOf(page).nth(index).getByRole('link');
  await page.clock.runFor(1_000);
  await linkOf(count - 1).focus();
  await page.keyboard.press('ArrowLeft');
  await expectShown(page, count - 2);
  await expect(linkOf(count - 2)).toBeFocused();
  await page.clock.runFor(1_000);
  await page.keyboard.press('ArrowRight');
  await expectShown(page, count - 1);
  await page.clock.runFor(1_000);
  await page.keyboard.press('ArrowRight');
  await expectShown(page, 0);
  await expect(linkOf(0)).toBeFocused();
  // Tab leaves the carousel without visiting the hidden slides' links.
  await page.keyboard.press('Tab');
  await expect(carousel.locator(':focus')).toHaveCount(0);
});

/** A phone's context (a touch screen), JavaScript on or off, motion as asked. */
function phone(browser: Browser, info: TestInfo, options: { javaScriptEnabled?: boolean; reducedMotion?: 'reduce' } = {}) {
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

test('follows a swipe past 50 px on a touch screen, and fits a 320 px screen', async ({ browser }, info) => {
  const context = await phone(browser, info);
  const page = await context.newPage();
  await openHome(page, info);
  expect(await overflowWidth(page)).toBe(0);
  const carousel = carouselOf(page);
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
  await context.close();
});

test('stays still for a shopper who asks for less motion, who can still play it', async ({ browser }, info) => {
  const t = textsOf(info);
  const context = await phone(browser, info, { reducedMotion: 'reduce' });
  const page = await context.newPage();
  await openHome(page, info);
  const carousel = carouselOf(page);
  const track = carousel.locator('[data-carousel-track]');
  await expect(carousel.getByRole('button', { name: t('pages.home.carousel.play') })).toBeVisible();
  await expect(track).toHaveAttribute('aria-live', 'polite');
  await expect(track).toHaveCSS('transition-duration', '0s');
  await page.clock.runFor(60_000);
  expect(await shown(page)).toBe(0);
  await carousel.getByRole('button', { name: t('pages.home.carousel.next') }).click();
  await expectShown(page, 1);
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
