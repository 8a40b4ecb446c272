/**
 * @vitest-environment happy-dom
 *
 * The phone's buy bar on a product page (src/page-scripts/buy-bar.ts): it shows once the purchase form's button
 * has scrolled up out of the screen, not while the button is in view nor before the shopper has reached it,
 * and goes when the button comes back. The observer is played here; the bar's place on a phone (above the
 * marketing's bar, room kept at the page's end) is the view's styles.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyBarShown, followBuyBar } from '../../../src/page-scripts/buy-bar.ts';

type Seen = (entries: Array<{ isIntersecting: boolean; boundingClientRect: { bottom: number } }>) => void;

afterEach(() => vi.unstubAllGlobals());

describe('the buy bar', () => {
  it('shows only once the button is out of the screen above it', () => {
    expect(buyBarShown({ isIntersecting: true, boundingClientRect: { bottom: 400 } })).toBe(false);
    expect(buyBarShown({ isIntersecting: false, boundingClientRect: { bottom: -10 } })).toBe(true);
    // Below the screen (a page opened scrolled up, or a short screen): the button is still to come.
    expect(buyBarShown({ isIntersecting: false, boundingClientRect: { bottom: 1200 } })).toBe(false);
  });

  it('slides in and out as the observer sees the form’s button go and come back', () => {
    let seen: Seen = () => {};
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: Seen) {
          seen = callback;
        }
        observe(target: Element) {
          observed.push(target);
        }
      },
    );
    const bar = document.createElement('div');
    const button = document.createElement('button');
    followBuyBar(bar, button);
    expect(observed).toEqual([button]);
    seen([{ isIntersecting: false, boundingClientRect: { bottom: -20 } }]);
    expect(bar.classList.contains('is-shown')).toBe(true);
    seen([{ isIntersecting: true, boundingClientRect: { bottom: 30 } }]);
    expect(bar.classList.contains('is-shown')).toBe(false);
  });
});
