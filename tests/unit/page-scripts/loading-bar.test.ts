/**
 * The loading bar's timing (SPEC §9: throttle 200 ms, duration 2000 ms, hide delay 500 ms, reset delay
 * 400 ms), on fake timers: a fast page shows nothing, a slow one trickles without reaching the end, fills
 * when it arrives, fades and empties; a page restored from the back-forward cache never keeps a bar.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BarState, loadingBar, trickle } from '../../../src/page-scripts/loading-bar-timing.ts';

let states: BarState[];
const last = () => states.at(-1);
const make = () => loadingBar((state) => states.push(state));
/** A bar whose navigation started `ms` ago. */
function startedFor(ms: number) {
  const bar = make();
  bar.start();
  vi.advanceTimersByTime(ms);
  return bar;
}
/** No timer is left to draw anything. */
function expectNothingLeft() {
  const count = states.length;
  vi.advanceTimersByTime(60_000);
  expect(states).toHaveLength(count);
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  states = [];
});
afterEach(() => vi.useRealTimers());

describe('loading bar', () => {
  it('never shows for a page that arrives within the throttle', () => {
    const bar = startedFor(199);
    bar.finish();
    vi.advanceTimersByTime(5000);
    expect(states).toEqual([]);
  });

  it('appears after 200 ms and trickles over the duration without reaching the end', () => {
    startedFor(200);
    expect(last()).toEqual({ visible: true, progress: trickle(200) });
    vi.advanceTimersByTime(1800);
    expect(last()!.progress).toBeCloseTo(trickle(2000));
    expect(trickle(2000)).toBeCloseTo(0.705, 2);
    vi.advanceTimersByTime(60_000);
    const progresses = states.map((s) => s.progress);
    expect(progresses).toEqual([...progresses].sort((a, b) => a - b));
    expect(last()!.progress).toBeLessThan(1);
    expect(last()!.visible).toBe(true);
  });

  it('fills when the page arrives, hides 500 ms later and is empty 400 ms after that', () => {
    const bar = startedFor(700);
    bar.finish();
    expect(last()).toEqual({ visible: true, progress: 1 });
    vi.advanceTimersByTime(499);
    expect(last()).toEqual({ visible: true, progress: 1 });
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: false, progress: 1 });
    vi.advanceTimersByTime(399);
    expect(last()).toEqual({ visible: false, progress: 1 });
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: false, progress: 0 });
    expectNothingLeft();
  });

  it('starts over on a second navigation while the first was still showing', () => {
    const bar = startedFor(1500);
    bar.start();
    const count = states.length;
    vi.advanceTimersByTime(199);
    expect(states).toHaveLength(count);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: true, progress: trickle(200) });
  });

  it('is hidden and empty at once on reset, with nothing left to fire', () => {
    const bar = startedFor(900);
    bar.reset();
    expect(last()).toEqual({ visible: false, progress: 0 });
    expectNothingLeft();
    // A reset before the throttle cancels the bar to come, and draws nothing.
    states = [];
    bar.start();
    vi.advanceTimersByTime(100);
    bar.reset();
    vi.advanceTimersByTime(10_000);
    expect(states).toEqual([]);
  });
});
