/**
 * Exit-intent detection as pure functions over the page's events, with the time given by the caller (the
 * page script passes Date.now(), the tests a fixed clock), so every trigger is unit-tested without a browser.
 *
 * Rules: a soft signal (the mouse leaving the window at the top, clientY below 5 pixels; on a phone, scrolling
 * up more than 80 pixels after passing half the page) fires after 1 second, and is dropped if the mouse comes
 * back within that second; a hard signal (a click on a link to another site opening in the same tab) fires at
 * once. Detection can be switched off and starts on; it fires at most once per page.
 */

const SOFT_DELAY_MS = 1000;
const TOP_LEAVE_MAX_Y = 5;
const SCROLL_UP_MIN_PX = 80;

export type ExitSignal =
  | { type: 'mouseleave'; clientY: number; at: number }
  | { type: 'mouseenter'; at: number }
  | { type: 'scroll'; scrollY: number; viewportHeight: number; pageHeight: number; at: number }
  | { type: 'link'; href: string; target: string | null; pageUrl: string; ownOrigins?: readonly string[]; at: number }
  | { type: 'tick'; at: number };

export interface ExitIntentState {
  enabled: boolean;
  fired: boolean;
  /** When a soft signal is due to fire, if one is pending. */
  softDueAt: number | null;
  /** Whether the shopper has passed half the page, and the deepest scroll position since. */
  passedHalf: boolean;
  deepestY: number;
}

export type ExitTrigger = 'soft' | 'hard';

export const initialExitIntent = (enabled = true): ExitIntentState => ({
  enabled,
  fired: false,
  softDueAt: null,
  passedHalf: false,
  deepestY: 0,
});

/**
 * A link that leaves the shop in the same tab: an http(s) address, no other target, an origin that is
 * neither the page's nor one of the shop's own sites (`ownOrigins`: the language and country switcher
 * leads from one channel's site to the other's, and that shopper is not leaving).
 */
export function leavesSiteInSameTab(href: string, target: string | null, pageUrl: string, ownOrigins: readonly string[] = []): boolean {
  if (target && target !== '_self') return false;
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.origin !== new URL(pageUrl).origin && !ownOrigins.includes(url.origin);
}

/** The next state and, when the popup is to be shown now, the trigger that showed it. */
export function exitIntentStep(state: ExitIntentState, signal: ExitSignal): { state: ExitIntentState; trigger: ExitTrigger | null } {
  if (!state.enabled || state.fired) return { state, trigger: null };
  const fire = (trigger: ExitTrigger) => ({ state: { ...state, fired: true, softDueAt: null }, trigger });
  const soft = (at: number) => ({ state: { ...state, softDueAt: state.softDueAt ?? at + SOFT_DELAY_MS }, trigger: null });
  switch (signal.type) {
    case 'link':
      return leavesSiteInSameTab(signal.href, signal.target, signal.pageUrl, signal.ownOrigins) ? fire('hard') : { state, trigger: null };
    case 'mouseleave':
      return signal.clientY < TOP_LEAVE_MAX_Y ? soft(signal.at) : { state, trigger: null };
    case 'mouseenter':
      return { state: { ...state, softDueAt: null }, trigger: null };
    case 'tick':
      return state.softDueAt !== null && signal.at >= state.softDueAt ? fire('soft') : { state, trigger: null };
    case 'scroll': {
      const passedHalf = state.passedHalf || signal.scrollY + signal.viewportHeight >= signal.pageHeight / 2;
      const deepestY = passedHalf ? Math.max(state.deepestY, signal.scrollY) : 0;
      const next = { ...state, passedHalf, deepestY };
      if (passedHalf && deepestY - signal.scrollY > SCROLL_UP_MIN_PX)
        return { state: { ...next, deepestY: signal.scrollY, softDueAt: state.softDueAt ?? signal.at + SOFT_DELAY_MS }, trigger: null };
      return { state: next, trigger: null };
    }
  }
}
