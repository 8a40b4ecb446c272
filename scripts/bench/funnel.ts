/**
 * The checkout page's layout stability (CLS) in Chromium: a signed-in shopper with a favourite address
 * and a filled cart opens `/commande/{order}/` (FR site, in French) and `/nl/volgorde/{order}/` (BE site,
 * in Dutch), on a phone's screen and on a desktop's, and a PerformanceObserver adds up every layout shift
 * not caused by input, from the first paint until the page is loaded, its first step open and the
 * network quiet. The sum is at least the CLS (which counts the worst burst of shifts only); 0 is the
 * budget, and any shift is listed with the elements that moved.
 *
 * It serves a build made for known ports (the built pages name their site and shop API): the build's
 * two sites as the CDN would (scripts/lib/static-server.ts), and the embedded platform on a fresh
 * in-memory database. Debian's Chromium, launched as playwright.config.ts launches it.
 * `node scripts/bench/funnel.ts <dist folder> <platform port> <FR port> <BE port>` prints the table;
 * `npm run bench` imports benchFunnelLayout after its build.
 */
import { chromium, type Browser } from '@playwright/test';
import { z } from 'zod';
import type { ChannelCode, LocaleCode } from '../../src/lib/channels.ts';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { BENCH_SHOPPERS, type BuildPorts, CHROMIUM_PATH, sellableVariant, serveBuild } from './shared.ts';

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 720 },
} as const;
const SHOPPERS = BENCH_SHOPPERS;

/** A shift as the browser reports it, with what moved. */
interface Shift {
  value: number;
  sources: string[];
}

const session = z.object({ token: z.string(), refresh_token: z.string(), customer: z.string() });
const created = z.object({ tokenValue: z.string() });

/** The shop API of the platform started here, JSON in and out; throws on an unexpected answer. */
function shopApi(platform: string, channel: ChannelCode) {
  const locale = SHOPPERS[channel].locale;
  return async <T>(
    method: string,
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
    { token, expect = 200 } = {} as { token?: string; expect?: number },
  ) => {
    const res = await fetch(`${platform}/api/v2/shop${path}?channelCode=${channel}&locale=${locale}`, {
      method,
      headers: {
        accept: 'application/ld+json',
        'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/ld+json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== expect) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return schema.parse(JSON.parse(text));
  };
}

/** A signed-in customer with a favourite address in the site's country, and a way to fill a new cart. */
export async function shopper(platform: string, channel: ChannelCode, variant: string) {
  const call = shopApi(platform, channel);
  const email = `funnel.bench.${channel.toLowerCase()}.${Date.now()}@example.com`;
  const password = 'croquettes-42';
  await call(
    'POST',
    '/customers',
    { firstName: SHOPPERS[channel].address.firstName, lastName: SHOPPERS[channel].address.lastName, email, password, acceptTerms: true },
    z.unknown(),
    {
      expect: 201,
    },
  );
  const signedIn = await call('POST', '/authentication-token', { email, password }, session);
  await call('POST', '/addresses', { ...SHOPPERS[channel].address, isDefault: true }, z.unknown(), { token: signedIn.token, expect: 201 });
  const cart = async () => {
    const { tokenValue } = await call('POST', '/orders', { localeCode: SHOPPERS[channel].locale, channelCode: channel }, created, {
      token: signedIn.token,
      expect: 201,
    });
    await call(
      'PATCH',
      `/orders/${tokenValue}/items`,
      { productVariant: iri.variant(variant), quantity: 1, subscriptionInterval: 0 },
      z.unknown(),
      { token: signedIn.token },
    );
    return tokenValue;
  };
  return { session: signedIn, cart };
}

/** Opens the checkout page of a new cart as the site would (the session and the cart in localStorage) and adds up its layout shifts. */
async function checkoutShifts(
  browser: Browser,
  site: string,
  locale: LocaleCode,
  viewport: { width: number; height: number },
  who: Awaited<ReturnType<typeof shopper>>,
): Promise<Shift[]> {
  const token = await who.cart();
  const context = await browser.newContext({ viewport, locale: locale.replace('_', '-') });
  try {
    const page = await context.newPage();
    await page.addInitScript(
      ([keys, session, cartToken]) => {
        localStorage.setItem(keys.refreshToken, session.refresh_token);
        localStorage.setItem(keys.customerUri, session.customer);
        localStorage.setItem(keys.token, session.token);
        localStorage.setItem(keys.cartToken, cartToken);
        const shifts: { value: number; sources: string[] }[] = [];
        (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
        type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShift[]) {
            if (entry.hadRecentInput) continue;
            const sources = entry.sources.map((s) => {
              const element = s.node instanceof Element ? s.node : s.node?.parentElement;
              return element
                ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`
                : '?';
            });
            shifts.push({ value: entry.value, sources });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      },
      [STORAGE_KEYS, who.session, token] as const,
    );
    await page.goto(`${site}${pathTo('checkout', locale, { order: token })}`, { waitUntil: 'load' });
    await page.locator('[data-step="address"].is-open').waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // Two frames, so shifts of the last render are reported before they are read.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  } finally {
    await context.close();
  }
}

export async function benchFunnelLayout(distDir: string, ports: BuildPorts): Promise<Record<string, number | string>> {
  const served = await serveBuild(distDir, ports);
  let browser: Browser | undefined;
  try {
    const variant = await sellableVariant(served.db);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      // As the end-to-end suite runs it, less its background services' flags: root needs --no-sandbox.
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const results: Record<string, number | string> = {};
    for (const channel of ['FR', 'BE'] as const) {
      const who = await shopper(served.platform, channel, variant);
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const shifts = await checkoutShifts(browser, served.sites[channel], SHOPPERS[channel].locale, viewport, who);
        const total = shifts.reduce((sum, s) => sum + s.value, 0);
        const label = `checkout page CLS (${channel} site, ${SHOPPERS[channel].locale}, ${name})`;
        results[label] = Number(total.toFixed(4));
        if (total > 0)
          console.warn(
            `${label}: ${total.toFixed(4)} > 0 — ${shifts.map((s) => `${s.value.toFixed(4)} (${s.sources.join(', ')})`).join('; ')}`,
          );
      }
    }
    return results;
  } finally {
    await browser?.close();
    await served.close();
  }
}

if (import.meta.main) {
  const [distDir, platform, fr, be] = process.argv.slice(2);
  if (!distDir || !platform || !fr || !be) {
    console.error(
      'Usage: node scripts/bench/funnel.ts <dist folder> <platform port> <FR port> <BE port> (the ports the build was made for)',
    );
    process.exit(2);
  }
  console.log(`\nCheckout page layout stability (${new Date().toISOString().slice(0, 10)}):`);
  console.table(await benchFunnelLayout(distDir, { platform: Number(platform), fr: Number(fr), be: Number(be) }));
}
