/**
 * What every page owes the shopper, measured in the page: it does not move once drawn (the layout shifts
 * the browser reports, summed from the first paint), it is no wider than the screen, and its islands
 * have hydrated. Shared by the page-type pass and the specs that look at one page closely.
 */
import type { Page } from '@playwright/test';
import { expect } from './helpers.ts';

/** The most a page may move from its HTML to its settled state (the budget; 0.1 is Google's "good"). */
const MAX_LAYOUT_SHIFT = 0.01;

interface ShiftWindow {
  __shifts: Array<{ value: number; sources: string[] }>;
  __takeShifts: () => void;
}

/** Records every layout shift of the page's documents from their first paint (an init script: call before goto). */
export async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as ShiftWindow;
    w.__shifts = [];
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> };
    const record = (entries: PerformanceEntry[]) => {
      for (const entry of entries as Shift[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const node = s.node;
          return node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName);
        });
        w.__shifts.push({ value: entry.value, sources });
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // Entries of the last frames not delivered yet are taken when the test reads the sum.
    w.__takeShifts = () => record(observer.takeRecords());
  });
}

/** The page's layout shift so far, once two more frames were painted; the shifts' elements say where. */
async function layoutShift(page: Page): Promise<{ total: number; shifts: ShiftWindow['__shifts'] }> {
  return page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const w = window as unknown as ShiftWindow;
    w.__takeShifts();
    return { total: w.__shifts.reduce((sum, s) => sum + s.value, 0), shifts: w.__shifts };
  });
}

/** The page has not moved more than the budget since its first paint (`label` names the page in a failure). */
export async function expectStill(page: Page, label: string): Promise<void> {
  const { total, shifts } = await layoutShift(page);
  expect(total, `${label}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
}

/** How many pixels the page is wider than the screen (0 when it fits). */
export async function overflowWidth(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/**
 * The shown elements whose text is written in their own background's colour: axe leaves a 1:1 contrast
 * aside as text hidden on purpose (an "incomplete" result, not a violation), so a button whose label took
 * a link colour equal to its fill passed its scan unseen.
 */
export async function textsInTheirBackgroundColour(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()))
      .filter((el) => {
        const style = getComputedStyle(el);
        return el.checkVisibility() && style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.color === style.backgroundColor;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ${el.textContent?.trim().slice(0, 40)}`),
  );
}

/**
 * Once every island has hydrated (Astro removes `ssr` from an island once it has rendered in the browser),
 * but those that wait to be seen (`client:visible`, such as the product page's ration calculator inside its
 * closed disclosure) or to be reached for (`client:intent`, the product page's purchase form): they
 * hydrate only when the shopper opens what holds them, or points at them.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]:not([client="visible"]):not([client="intent"])')).toHaveCount(0);
}

/**
 * The product page's purchase form, hydrated: its island loads when the shopper reaches for it
 * (`client:intent`, src/islands/shared/intent.ts), here by pointing at it.
 */
export async function purchaseFormReady(page: Page): Promise<void> {
  await page.locator('form[data-purchase]').hover();
  await page.locator('astro-island:not([ssr]) [data-purchase]').waitFor();
}
