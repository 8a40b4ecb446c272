/**
 * When the loading bar between two pages shows, how far it has come, and when it goes (SPEC §9): it
 * appears only if the next page takes longer than the throttle (a fast page never flashes a bar), trickles
 * towards the end over the duration without ever reaching it (nobody knows how long the server takes),
 * fills when the wait is over, fades after the hide delay and is back at zero after the reset delay, ready
 * for the next wait. Kept apart from the page (no DOM here) so the timing is tested with fake timers.
 */
import { LOADING_BAR } from '../lib/constants.ts';

export interface BarState {
  visible: boolean;
  /** 0 to 1. */
  progress: number;
}

/** How often the trickle moves while waiting. */
const TICK_MS = 100;

/** The share of the bar filled after `elapsed` ms: 0 at the start, ≈ 0.7 after the duration, never 1. */
export const trickle = (elapsed: number): number => (2 / Math.PI) * Math.atan((2 * elapsed) / LOADING_BAR.durationMs);

export interface LoadingBar {
  /** A navigation started. */
  start(): void;
  /** The wait is over (or was cancelled): the bar fills and goes, if it was shown at all. */
  finish(): void;
  /** Back to hidden and empty at once, without the fill and fade (a page restored from the back-forward cache). */
  reset(): void;
}

export function loadingBar(render: (state: BarState) => void, now: () => number = Date.now): LoadingBar {
  let state: BarState = { visible: false, progress: 0 };
  let timers: Array<ReturnType<typeof setTimeout>> = [];
  let ticker: ReturnType<typeof setInterval> | undefined;
  const set = (next: BarState) => {
    state = next;
    render(state);
  };
  const clear = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
    clearInterval(ticker);
    ticker = undefined;
  };
  const later = (ms: number, fn: () => void) => timers.push(setTimeout(fn, ms));

  return {
    start() {
      clear();
      const started = now();
      later(LOADING_BAR.throttleMs, () => {
        set({ visible: true, progress: trickle(now() - started) });
        ticker = setInterval(() => set({ visible: true, progress: trickle(now() - started) }), TICK_MS);
      });
    },
    finish() {
      const shown = state.visible;
      clear();
      if (!shown) return;
      set({ visible: true, progress: 1 });
      later(LOADING_BAR.hideDelayMs, () => {
        set({ visible: false, progress: 1 });
        later(LOADING_BAR.resetDelayMs, () => set({ visible: false, progress: 0 }));
      });
    },
    reset() {
      clear();
      if (state.visible || state.progress !== 0) set({ visible: false, progress: 0 });
    },
  };
}
