/**
 * The home carousel's rules (SPEC §9: auto-advance 10,000 ms, one item per slide, swipe threshold 50 px,
 * move lock 1,000 ms), on fake timers, and its sizes' sheet (heights 320/329/401/500 px from the
 * 768/1024/1260 px breakpoints up).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carousel, swipeStep } from '../../../src/page-scripts/carousel-logic.ts';
import { carouselCss } from '../../../src/site/carousel.ts';

let shown: number[];
let states: Array<[boolean, boolean]>;
const view = { show: (i: number) => shown.push(i), turning: (playing: boolean, turning: boolean) => states.push([playing, turning]) };

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  shown = [];
  states = [];
});
afterEach(() => vi.useRealTimers());

describe('swipe', () => {
  it('counts from 50 px sideways, and only when more sideways than upright', () => {
    expect(swipeStep(-50, 0)).toBe(1);
    expect(swipeStep(50, 10)).toBe(-1);
    expect(swipeStep(-49, 0)).toBe(0);
    expect(swipeStep(49, 0)).toBe(0);
    expect(swipeStep(-60, 80)).toBe(0);
    expect(swipeStep(0, 0)).toBe(0);
  });
});

describe('carousel', () => {
  it('turns by itself every 10 s, one slide at a time, round and round', () => {
    carousel(3, view, true);
    expect(states).toEqual([[true, true]]);
    vi.advanceTimersByTime(9_999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([1]);
    vi.advanceTimersByTime(20_000);
    expect(shown).toEqual([1, 2, 0]);
  });

  it('refuses a move within 1 s of the last one, and gives a moved slide its full period', () => {
    const c = carousel(4, view, true);
    vi.advanceTimersByTime(5_000);
    expect(c.move(1)).toBe(true);
    vi.advanceTimersByTime(999);
    expect(c.move(1)).toBe(false);
    expect(c.move(-1)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(c.move(-1)).toBe(true);
    expect(shown).toEqual([1, 0]);
    vi.advanceTimersByTime(9_999);
    expect(shown).toEqual([1, 0]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([1, 0, 1]);
  });

  it('goes back from the first slide to the last; a swipe too short is no move and takes no lock', () => {
    const c = carousel(3, view, false);
    expect(c.move(0)).toBe(false);
    expect(c.move(-1)).toBe(true);
    expect(shown).toEqual([2]);
  });

  it('stays still once paused, and turns again when played', () => {
    const c = carousel(3, view, true);
    c.toggle();
    expect(states.at(-1)).toEqual([false, false]);
    vi.advanceTimersByTime(60_000);
    expect(shown).toEqual([]);
    c.toggle();
    expect(states.at(-1)).toEqual([true, true]);
    vi.advanceTimersByTime(10_000);
    expect(shown).toEqual([1]);
  });

  it('holds still while the pointer or focus is in it, and counts a full period once they leave', () => {
    const c = carousel(3, view, true);
    vi.advanceTimersByTime(8_000);
    c.hold(true);
    expect(states.at(-1)).toEqual([true, false]);
    vi.advanceTimersByTime(30_000);
    expect(shown).toEqual([]);
    c.hold(false);
    vi.advanceTimersByTime(9_999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([1]);
  });

  it('starts still when the shopper asks for less motion (played false), and never turns with one slide', () => {
    carousel(3, view, false);
    vi.advanceTimersByTime(60_000);
    expect(shown).toEqual([]);
    expect(states).toEqual([[false, false]]);
    carousel(1, view, true);
    vi.advanceTimersByTime(60_000);
    expect(shown).toEqual([]);
    expect(states.at(-1)).toEqual([true, false]);
  });
});

describe('carousel sizes', () => {
  it('are written from the shop’s numbers: heights from each breakpoint up, travel for the move lock, none under reduced motion', () => {
    const css = carouselCss();
    expect(css).toContain('.carousel-viewport{height:320px}');
    expect(css).toContain('@media (min-width:768px){.carousel-viewport{height:329px}}');
    expect(css).toContain('@media (min-width:1024px){.carousel-viewport{height:401px}}');
    expect(css).toContain('@media (min-width:1260px){.carousel-viewport{height:500px}}');
    expect(css).toContain('transition:transform 1000ms');
    expect(css).toMatch(/@media \(prefers-reduced-motion:reduce\)\{[^}]*\{transition:none\}\}/);
  });
});
