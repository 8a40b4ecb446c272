/**
 * @vitest-environment happy-dom
 *
 * The home carousel's page script (src/page-scripts/carousel.ts) on its markup, in a DOM in this process with
 * fake timers: what the shopper sees and uses of its rules (carousel-logic.ts, tested alone in
 * carousel.test.ts) once wired to the page: the slide shown and the others inert, the pause control's name,
 * the live region quiet while it turns by itself, held by the mouse or the focus in it, moved by its buttons and
 * the arrow keys with the focus following, still for a shopper who asks for less motion. None of it needs a
 * layout; the swipe on a touch screen, the 320 px screen, the page kept still, axe and the markup without
 * JavaScript stay in tests/e2e/carousel.spec.ts, on the built home page.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../../../src/i18n/translate.ts';
import { CAROUSEL } from '../../../src/lib/constants.ts';

const t = translator('nl');
const COUNT = 4;

/** The carousel as src/components/home/Carousel.astro writes it (pictures left out: the script never reads them). */
function carouselMarkup(): string {
  const slides = Array.from(
    { length: COUNT },
    (_, i) => `
      <div class="carousel-slide" role="group" aria-roledescription="slide" aria-label="${t('pages.home.carousel.slide', { index: i + 1, count: COUNT })}">
        <div class="slide-text"><a class="slide-link" href="/nl/slide-${i}/">Slide ${i}</a><p>Tekst ${i}</p></div>
      </div>`,
  ).join('');
  return `
    <h1>Maison Gamelle</h1>
    <section class="carousel" data-carousel aria-roledescription="carousel" aria-label="${t('pages.home.carousel.label')}">
      <div class="carousel-controls" data-carousel-controls hidden>
        <button type="button" class="carousel-button carousel-toggle" data-carousel-toggle aria-controls="home-carousel-slides"
          data-pause="${t('pages.home.carousel.pause')}" data-play="${t('pages.home.carousel.play')}">${t('pages.home.carousel.pause')}</button>
        <button type="button" class="carousel-button" data-carousel-previous aria-controls="home-carousel-slides" aria-label="${t('pages.home.carousel.previous')}">‹</button>
        <button type="button" class="carousel-button" data-carousel-next aria-controls="home-carousel-slides" aria-label="${t('pages.home.carousel.next')}">›</button>
      </div>
      <div class="carousel-viewport">
        <div class="carousel-track" id="home-carousel-slides" data-carousel-track>${slides}</div>
      </div>
    </section>`;
}

/** The home page with the carousel, its script run as the page runs it; `reduce`: the shopper asks for less motion. */
async function home({ reduce = false } = {}) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('prefers-reduced-motion: reduce'), media: query }));
  document.body.innerHTML = carouselMarkup();
  vi.resetModules();
  await import('../../../src/page-scripts/carousel.ts');
  const root = document.querySelector<HTMLElement>('[data-carousel]')!;
  const track = root.querySelector<HTMLElement>('[data-carousel-track]')!;
  const slides = [...track.children] as HTMLElement[];
  const button = (name: string) =>
    [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
  return {
    root,
    track,
    slides,
    /** The slide shown: the only one not inert. */
    shown: () => {
      const live = slides.flatMap((slide, i) => (slide.inert ? [] : [i]));
      expect(live).toHaveLength(1);
      return live[0];
    },
    toggle: root.querySelector<HTMLButtonElement>('[data-carousel-toggle]')!,
    button,
    click: (name: string) => button(name)!.click(),
    key: (key: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })),
    link: (index: number) => slides[index]!.querySelector('a')!,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the home carousel on the page', () => {
  it('is written with the hooks its script reads (the markup this file builds)', () => {
    const markup = readFileSync('src/components/home/Carousel.astro', 'utf8');
    for (const hook of [
      'data-carousel ',
      'data-carousel-controls hidden',
      'data-carousel-toggle',
      "data-pause={t('pages.home.carousel.pause')}",
      "data-play={t('pages.home.carousel.play')}",
      'data-carousel-previous',
      'data-carousel-next',
      'data-carousel-track',
      'role="group"',
    ])
      expect(markup).toContain(hook);
  });

  it('shows its controls and one slide, turns by itself every 10 s, is paused and played from its control, and speaks only while still', async () => {
    const { root, track, shown, toggle } = await home();
    expect(root.classList.contains('is-enhanced')).toBe(true);
    expect(root.querySelector<HTMLElement>('[data-carousel-controls]')!.hidden).toBe(false);
    expect(shown()).toBe(0);
    expect(toggle.textContent).toBe(t('pages.home.carousel.pause'));
    expect(track.getAttribute('aria-live')).toBe('off');

    vi.advanceTimersByTime(CAROUSEL.autoAdvanceMs - 1);
    expect(shown()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(1);
    expect(track.style.transform).toBe('translateX(-100%)');

    // Paused: named for playing, the live region speaks, nothing turns.
    toggle.click();
    expect(toggle.textContent).toBe(t('pages.home.carousel.play'));
    expect(track.getAttribute('aria-live')).toBe('polite');
    vi.advanceTimersByTime(30_000);
    expect(shown()).toBe(1);

    // Played again: a full period later it turns.
    toggle.click();
    expect(toggle.textContent).toBe(t('pages.home.carousel.pause'));
    expect(track.getAttribute('aria-live')).toBe('off');
    vi.advanceTimersByTime(CAROUSEL.autoAdvanceMs - 1);
    expect(shown()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(2);
  });

  it('holds still while the mouse is over it or the focus is in it (not the focus left on its pause control), and turns a full 10 s after', async () => {
    const { root, track, shown, toggle, link } = await home();
    // The mouse over it holds it; a finger's touch does not.
    root.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    expect(track.getAttribute('aria-live')).toBe('polite');
    vi.advanceTimersByTime(30_000);
    expect(shown()).toBe(0);
    root.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    expect(track.getAttribute('aria-live')).toBe('off');
    vi.advanceTimersByTime(CAROUSEL.autoAdvanceMs - 1);
    expect(shown()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(1);
    root.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'touch' }));
    expect(track.getAttribute('aria-live')).toBe('off');
    root.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'touch' }));

    // The focus on the shown slide's link holds it; out of the carousel, it turns again a full period later.
    link(1).focus();
    expect(track.getAttribute('aria-live')).toBe('polite');
    vi.advanceTimersByTime(30_000);
    expect(shown()).toBe(1);
    document.querySelector<HTMLElement>('h1')!.tabIndex = -1;
    document.querySelector<HTMLElement>('h1')!.focus();
    expect(track.getAttribute('aria-live')).toBe('off');
    vi.advanceTimersByTime(CAROUSEL.autoAdvanceMs);
    expect(shown()).toBe(2);

    // The focus on the pause control, just pressed to play it, holds nothing.
    toggle.focus();
    expect(track.getAttribute('aria-live')).toBe('off');
    vi.advanceTimersByTime(CAROUSEL.autoAdvanceMs);
    expect(shown()).toBe(3);
  });

  it('moves from its buttons and the arrow keys, one move a second, and a keyboard user’s focus follows to the slide shown', async () => {
    const { shown, click, key, link } = await home();
    const next = t('pages.home.carousel.next');
    const previous = t('pages.home.carousel.previous');
    click(next);
    expect(shown()).toBe(1);
    // Within the move lock a second press does nothing.
    vi.advanceTimersByTime(CAROUSEL.moveLockMs - 1);
    click(next);
    expect(shown()).toBe(1);
    vi.advanceTimersByTime(1);
    click(previous);
    expect(shown()).toBe(0);
    vi.advanceTimersByTime(CAROUSEL.moveLockMs);
    click(previous);
    expect(shown()).toBe(COUNT - 1);

    // From the shown slide's link the arrows move it, and the focus goes to the new slide's link (the others are inert).
    vi.advanceTimersByTime(CAROUSEL.moveLockMs);
    link(COUNT - 1).focus();
    key('ArrowLeft');
    expect(shown()).toBe(COUNT - 2);
    expect(document.activeElement).toBe(link(COUNT - 2));
    vi.advanceTimersByTime(CAROUSEL.moveLockMs);
    key('ArrowRight');
    expect(shown()).toBe(COUNT - 1);
    vi.advanceTimersByTime(CAROUSEL.moveLockMs);
    key('ArrowRight');
    expect(shown()).toBe(0);
    expect(document.activeElement).toBe(link(0));
    // A key the carousel does not use is left to the page.
    vi.advanceTimersByTime(CAROUSEL.moveLockMs);
    key('ArrowDown');
    expect(shown()).toBe(0);
  });

  it('stays still for a shopper who asks for less motion, who can still play it or move it', async () => {
    const { track, shown, toggle, click } = await home({ reduce: true });
    expect(toggle.textContent).toBe(t('pages.home.carousel.play'));
    expect(track.getAttribute('aria-live')).toBe('polite');
    vi.advanceTimersByTime(60_000);
    expect(shown()).toBe(0);
    click(t('pages.home.carousel.next'));
    expect(shown()).toBe(1);
    toggle.click();
    expect(toggle.textContent).toBe(t('pages.home.carousel.pause'));
    vi.advanceTimersByTime(CAROUSEL.autoAdvanceMs);
    expect(shown()).toBe(2);
  });
});
