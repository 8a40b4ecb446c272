/**
 * The home carousel's rules, apart from the page (carousel.ts draws them) so they are tested with fake
 * timers: one slide at a time, round and round; a move is refused while the last one is still moving
 * (the move lock, which is also the slide's travel time); a swipe counts past the threshold, and only
 * when it is more sideways than upright (a page scroll is not a swipe). It turns by itself every
 * auto-advance period while playing, and holds still while the shopper's pointer or focus is in it
 * (WCAG 2.2.2); the pause control stops it for good, until the shopper plays it again.
 */
import { CAROUSEL } from '../lib/constants.ts';

/** The move a swipe asks for: 1 to the next slide (finger to the left), -1 to the previous, 0 none. */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < CAROUSEL.swipeThresholdPx || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

export interface CarouselView {
  /** Show slide `index` (it travels for the move lock's time). */
  show(index: number): void;
  /** Whether the carousel turns by itself now (its pause control and its live region follow). */
  turning(playing: boolean, turning: boolean): void;
}

export interface Carousel {
  /** A move by the shopper (buttons, arrow keys, swipe): false when the lock refused it. */
  move(step: number): boolean;
  /** The shopper's pause or play. */
  toggle(): void;
  /** The pointer or the focus came in (true) or left (false). */
  hold(held: boolean): void;
}

export function carousel(count: number, view: CarouselView, playing: boolean, now: () => number = Date.now): Carousel {
  let index = 0;
  let lastMove = Number.NEGATIVE_INFINITY;
  let held = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const go = (step: number): boolean => {
    if (step === 0 || now() - lastMove < CAROUSEL.moveLockMs) return false;
    lastMove = now();
    index = (((index + step * CAROUSEL.itemsPerSlide) % count) + count) % count;
    view.show(index);
    return true;
  };
  // One timer, restarted by every move and every change of state: a slide always gets its full period.
  const schedule = () => {
    clearTimeout(timer);
    const turning = playing && !held && count > 1;
    view.turning(playing, turning);
    if (turning)
      timer = setTimeout(() => {
        go(1);
        schedule();
      }, CAROUSEL.autoAdvanceMs);
  };
  schedule();

  return {
    move(step) {
      const moved = go(step);
      if (moved) schedule();
      return moved;
    },
    toggle() {
      playing = !playing;
      schedule();
    },
    hold(next) {
      if (next === held) return;
      held = next;
      schedule();
    },
  };
}
