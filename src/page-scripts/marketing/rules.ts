/**
 * The page script's own rules, pure so they are unit-tested: when the exit-intent popup may show, where a
 * campaign's link may lead, and how the script reads what the page and the browser hand it. Nothing here
 * imports zod or a framework: the script runs on every page (tests/unit/page-scripts/marketing.test.ts).
 */
import type { MarketingPage } from '../../lib/marketing/pages.ts';

export interface ExitPopupContext {
  /** The site's setting (PUBLIC_EXIT_INTENT) and the page's run-time switch (window.__mgExitIntent). */
  siteSwitch: boolean;
  pageSwitch: unknown;
  page: MarketingPage;
  /** Already shown during this visit (sessionStorage). */
  shownThisVisit: boolean;
  /** The shopper signed up for the newsletter in this browser. */
  signedUp: boolean;
  /** Another dialog (or the consent banner) is open. */
  dialogOpen: boolean;
}

/** Exit intent is on unless the site or the page turns it off: only `false` turns the run-time switch off. */
export const exitIntentOn = (siteSwitch: boolean, pageSwitch: unknown): boolean => siteSwitch && pageSwitch !== false;

/** Whether the exit-intent popup may show now: at most once per visit, never after a sign-up, never on a quiet page or over another dialog. */
export const mayShowExitPopup = (context: ExitPopupContext): boolean =>
  exitIntentOn(context.siteSwitch, context.pageSwitch) &&
  context.page !== 'quiet' &&
  !context.shownThisVisit &&
  !context.signedUp &&
  !context.dialogOpen;

/**
 * Where a campaign's link may lead: a path of this site, or an http(s) address (another site of the shop).
 * Anything else (javascript:, data:, a malformed address) is dropped and the campaign shows without a link.
 */
export function campaignHref(link: unknown, pageUrl: string): string | null {
  if (typeof link !== 'string' || link.trim() === '' || link.length > 500) return null;
  let url: URL;
  try {
    url = new URL(link.trim(), pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === new URL(pageUrl).origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** The campaigns closed during this visit, as sessionStorage holds them: anything else counts as none. */
export function parseClosedCampaigns(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string' && code.length <= 60).slice(-50) : [];
  } catch {
    return [];
  }
}

/** The page's kind as its markup gives it (Marketing.astro writes it from marketingPageOf). */
export const pageKindOf = (value: string | undefined): MarketingPage =>
  value === 'product' || value === 'cart' || value === 'quiet' ? value : 'other';

/** The attribute an A/B test's segment is written to on <html>: data-ab-{test}, the test's name in lower-case letters, digits and dashes. */
export const abAttributeOf = (test: string): string | null => {
  const name = test
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return name ? `data-ab-${name}` : null;
};

/**
 * The A/B segments kept from earlier visits, checked by hand (the rule of abtests.ts's schema: names and
 * segments of 1 to 64 characters), so the page marks them on <html> at once, before the service answers.
 * Anything else counts as none.
 */
export function storedSegments(raw: string | null): Array<[string, string]> {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const entries = Object.entries(value);
    const fits = (text: unknown): text is string => typeof text === 'string' && text.length >= 1 && text.length <= 64;
    return entries.every(([name, segment]) => fits(name) && fits(segment)) ? (entries as Array<[string, string]>) : [];
  } catch {
    return [];
  }
}
