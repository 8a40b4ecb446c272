import { describe, expect, it, vi } from 'vitest';
import {
  exitIntentStep,
  initialExitIntent,
  leavesSiteInSameTab,
  type ExitIntentState,
  type ExitSignal,
} from '../../../src/lib/marketing/exit-intent.ts';
import { addTest, assignedSegment, inSegment, parseSegments } from '../../../src/lib/marketing/abtests.ts';
import { InvalidTagManagerIdError, tagManagerId } from '../../../src/lib/marketing/tag-manager.ts';
import { shopperClasses } from '../../../src/lib/marketing/analytics.ts';
import { allows, consentAnswer, parseConsent } from '../../../src/lib/marketing/consent.ts';
import { campaignReporter } from '../../../src/lib/marketing/reports.ts';
import { marketingClient } from '../../../src/lib/marketing/client.ts';
import { beginCheckout, pushCheckoutEvent } from '../../../src/lib/analytics/items.ts';
import { pagePolicy, servicesFromEnv } from '../../../src/lib/security-headers.ts';

const PAGE = 'https://www.maison-gamelle.fr/chien/';
/** Runs signals in order; returns the triggers fired with the time they fired. */
function run(signals: ExitSignal[], state: ExitIntentState = initialExitIntent()) {
  const fired: { trigger: string; at: number }[] = [];
  for (const signal of signals) {
    const step = exitIntentStep(state, signal);
    state = step.state;
    if (step.trigger) fired.push({ trigger: step.trigger, at: signal.at });
  }
  return { fired, state };
}
const ticks = (from: number, to: number, every = 100) =>
  Array.from({ length: Math.floor((to - from) / every) + 1 }, (_, i) => ({ type: 'tick' as const, at: from + i * every }));

describe('exit intent', () => {
  it('a mouse leaving at the top (clientY below 5) fires softly after exactly 1 second', () => {
    const { fired } = run([{ type: 'mouseleave', clientY: 4, at: 10_000 }, ...ticks(10_000, 12_000)]);
    expect(fired).toEqual([{ trigger: 'soft', at: 11_000 }]);
  });
  it('a mouse leaving lower than the top, or at clientY 5, does not fire', () => {
    expect(run([{ type: 'mouseleave', clientY: 5, at: 0 }, { type: 'mouseleave', clientY: 300, at: 0 }, ...ticks(0, 3000)]).fired).toEqual(
      [],
    );
  });
  it('a mouse coming back within the second cancels the soft trigger', () => {
    expect(run([{ type: 'mouseleave', clientY: 0, at: 0 }, { type: 'mouseenter', at: 900 }, ...ticks(0, 3000)]).fired).toEqual([]);
  });
  it('an external link in the same tab fires hard, at once', () => {
    const { fired } = run([{ type: 'link', href: 'https://www.facebook.com/maisongamelle', target: null, pageUrl: PAGE, at: 5 }]);
    expect(fired).toEqual([{ trigger: 'hard', at: 5 }]);
  });
  it('links inside the site, in another tab, or not http(s) do not fire', () => {
    expect(leavesSiteInSameTab('/chat/', null, PAGE)).toBe(false);
    expect(leavesSiteInSameTab('https://www.maison-gamelle.fr/panier/', '_self', PAGE)).toBe(false);
    expect(leavesSiteInSameTab('https://www.facebook.com/', '_blank', PAGE)).toBe(false);
    expect(leavesSiteInSameTab('mailto:bonjour@maison-gamelle.fr', null, PAGE)).toBe(false);
    expect(leavesSiteInSameTab('https://www.facebook.com/', '_self', PAGE)).toBe(true);
    // The switcher's link to the shop's other channel site is no exit.
    const own = ['https://www.maison-gamelle.fr', 'https://www.maison-gamelle.be'];
    expect(leavesSiteInSameTab('https://www.maison-gamelle.be/nl/', null, PAGE, own)).toBe(false);
    expect(leavesSiteInSameTab('https://www.facebook.com/', null, PAGE, own)).toBe(true);
  });
  const page = { viewportHeight: 800, pageHeight: 4000 };
  it('on a phone, scrolling up more than 80 pixels after passing half the page fires softly after 1 second', () => {
    const { fired } = run([
      { type: 'scroll', scrollY: 1500, ...page, at: 0 },
      { type: 'scroll', scrollY: 1419, ...page, at: 100 },
      { type: 'scroll', scrollY: 1419, ...page, at: 150 },
      ...ticks(100, 1100),
    ]);
    expect(fired).toEqual([{ trigger: 'soft', at: 1100 }]);
  });
  it('scrolling up exactly 80 pixels, or before half the page, does not fire', () => {
    expect(
      run([{ type: 'scroll', scrollY: 1500, ...page, at: 0 }, { type: 'scroll', scrollY: 1420, ...page, at: 10 }, ...ticks(0, 3000)]).fired,
    ).toEqual([]);
    // 1000 + 800 is below half of 4000: the shopper has not passed half the page.
    expect(
      run([{ type: 'scroll', scrollY: 1000, ...page, at: 0 }, { type: 'scroll', scrollY: 500, ...page, at: 10 }, ...ticks(0, 3000)]).fired,
    ).toEqual([]);
  });
  it('fires once per page, and never when switched off', () => {
    const link = { type: 'link' as const, href: 'https://example.org/', target: null, pageUrl: PAGE };
    expect(
      run([
        { ...link, at: 0 },
        { ...link, at: 1 },
      ]).fired,
    ).toHaveLength(1);
    expect(run([{ ...link, at: 0 }, { type: 'mouseleave', clientY: 0, at: 0 }, ...ticks(0, 2000)], initialExitIntent(false)).fired).toEqual(
      [],
    );
  });
  it('starts switched on', () => {
    expect(initialExitIntent().enabled).toBe(true);
  });
});

describe('A/B segments', () => {
  it('a test with no stored segment matches only the default segment', () => {
    expect(inSegment({}, 'bandeau', 'control')).toBe(true);
    expect(inSegment({}, 'bandeau', 'b')).toBe(false);
    expect(inSegment({}, 'bandeau', 'b', 'b')).toBe(true);
  });
  it('a stored segment matches only itself', () => {
    expect(inSegment({ bandeau: 'b' }, 'bandeau', 'b')).toBe(true);
    expect(inSegment({ bandeau: 'b' }, 'bandeau', 'control')).toBe(false);
  });
  it('a test is added once per name: the first segment stays', () => {
    const once = addTest({}, 'bandeau', 'b');
    expect(addTest(once, 'bandeau', 'control')).toEqual({ bandeau: 'b' });
    expect(addTest(once, 'autre', 'control')).toEqual({ bandeau: 'b', autre: 'control' });
  });
  it('stored segments survive a round trip and tampered storage counts as none', () => {
    expect(parseSegments(JSON.stringify({ bandeau: 'b' }))).toEqual({ bandeau: 'b' });
    expect(parseSegments('{"bandeau": 3}')).toEqual({});
    expect(parseSegments('not json')).toEqual({});
    expect(parseSegments(null)).toEqual({});
  });
  it('an unconfigured test is a warning and the control', () => {
    const warn = vi.fn();
    expect(assignedSegment('bandeau', undefined, warn)).toBe('control');
    expect(assignedSegment('bandeau', { segment: 'z', variants: ['control', 'b'] }, warn)).toBe('control');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(assignedSegment('bandeau', { segment: 'b', variants: ['control', 'b'] }, warn)).toBe('b');
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('tag-manager id', () => {
  it('takes GTM- or G- followed by uppercase letters and digits', () => {
    expect(tagManagerId('GTM-ABC123')).toBe('GTM-ABC123');
    expect(tagManagerId('G-1X2Y3Z')).toBe('G-1X2Y3Z');
    expect(tagManagerId(undefined)).toBeUndefined();
    expect(tagManagerId('')).toBeUndefined();
  });
  it.each(['GTM-abc', 'UA-12345', 'GTM-', 'G-', 'gtm-ABC', 'GTM-AB C', 'GTM-AB"><script>'])('refuses %s with an error', (id) => {
    expect(() => tagManagerId(id)).toThrow(InvalidTagManagerIdError);
  });
});

describe('shopper classes', () => {
  it('Non-connected Guest, Connected New client, Connected Old client (newCustomer false)', () => {
    expect(shopperClasses({ signedIn: false })).toEqual({ user_connection: 'Non-connected', user_type: 'Guest' });
    expect(shopperClasses({ signedIn: false, newCustomer: false })).toEqual({ user_connection: 'Non-connected', user_type: 'Guest' });
    expect(shopperClasses({ signedIn: true, newCustomer: true })).toEqual({ user_connection: 'Connected', user_type: 'New client' });
    expect(shopperClasses({ signedIn: true, newCustomer: false })).toEqual({ user_connection: 'Connected', user_type: 'Old client' });
  });
});

describe('consent', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('nothing is allowed before an answer', () => {
    expect(allows(parseConsent(null), 'analytics')).toBe(false);
    expect(allows(parseConsent('{"analytics":"yes"}'), 'marketing')).toBe(false);
    expect(allows(parseConsent('garbage'), 'marketing')).toBe(false);
  });
  it('accept all, refuse all and a choice per purpose round-trip through storage', () => {
    const all = parseConsent(JSON.stringify(consentAnswer('all', now)));
    expect([allows(all, 'analytics'), allows(all, 'marketing')]).toEqual([true, true]);
    const none = parseConsent(JSON.stringify(consentAnswer('none', now)));
    expect([allows(none, 'analytics'), allows(none, 'marketing')]).toEqual([false, false]);
    const some = parseConsent(JSON.stringify(consentAnswer({ analytics: true, marketing: false }, now)));
    expect([allows(some, 'analytics'), allows(some, 'marketing')]).toEqual([true, false]);
    expect(some?.at).toBe('2026-11-23T10:00:00.000Z');
  });
});

describe('campaign reports', () => {
  it('reports each campaign once per tracked event', async () => {
    const send = vi.fn(async () => {});
    const report = campaignReporter(send);
    expect(await report('page_view#1', 'exit-newsletter-fr')).toBe(true);
    expect(await report('page_view#1', 'exit-newsletter-fr')).toBe(false);
    expect(await report('page_view#2', 'exit-newsletter-fr')).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
  });
  it('a failed report is logged and ignored', async () => {
    const log = vi.fn();
    const report = campaignReporter(async () => {
      throw new TypeError('Failed to fetch');
    }, log);
    await expect(report('e', 'c')).resolves.toBe(true);
    expect(log).toHaveBeenCalledWith('Marketing report of campaign "c" failed', expect.any(TypeError));
  });
});

describe('marketing client', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  it('posts the event to the root with credentials and the locale, and reads the actions', async () => {
    const fetcher = vi.fn(async (_input: string, _init: RequestInit) => answer(200, { top_header: { campaign: 'c', text: 'Bonjour' } }));
    const client = marketingClient('https://marketing.example/', 'site-fr', fetcher);
    expect(await client.track('nl_BE', { event: 'page_view', abtests: { t: 'b' } })).toEqual({
      top_header: { campaign: 'c', text: 'Bonjour' },
    });
    expect(fetcher).toHaveBeenCalledWith(
      'https://marketing.example?locale=nl_BE',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    expect(JSON.parse(fetcher.mock.calls[0]![1].body as string)).toEqual({ event: 'page_view', abtests: { t: 'b' }, app_name: 'site-fr' });
  });
  it('a failing or malformed service counts as no action', async () => {
    expect(await marketingClient('x', 'a', async () => answer(500, {})).track('fr_FR', { event: 'page_view' })).toEqual({});
    expect(await marketingClient('x', 'a', async () => answer(200, { popup: 'nope' })).track('fr_FR', { event: 'page_view' })).toEqual({});
    expect(
      await marketingClient('x', 'a', async () => Promise.reject(new TypeError('Failed to fetch'))).track('fr_FR', { event: 'page_view' }),
    ).toEqual({});
  });
  it('reports a campaign with app_name, and a refused report is an error the reporter logs', async () => {
    const fetcher = vi.fn(async () => new Response(null, { status: 204 }));
    await marketingClient('https://m.example', 'site-fr', fetcher).report('exit-newsletter-fr');
    expect(fetcher).toHaveBeenCalledWith(
      'https://m.example/report/exit-newsletter-fr',
      expect.objectContaining({ body: '{"app_name":"site-fr"}' }),
    );
    const log = vi.fn();
    const report = campaignReporter(marketingClient('x', 'a', async () => answer(404, {})).report, log);
    await report('e', 'gone');
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('the tag manager in the build', () => {
  const env = { SHOP_API_URL: 'https://api.maison-gamelle.fr' };
  const scriptsOf = (extra: Record<string, string>) => pagePolicy(servicesFromEnv({ ...env, ...extra })).scriptResources;
  it('a malformed PUBLIC_GTM_ID stops the build', () => {
    expect(() => servicesFromEnv({ ...env, PUBLIC_GTM_ID: 'GTM-abc' })).toThrow(InvalidTagManagerIdError);
    expect(() => servicesFromEnv({ ...env, PUBLIC_GTM_ID: 'UA-1234-1' })).toThrow(InvalidTagManagerIdError);
  });
  it('the CSP allows the tag manager only when one is configured', () => {
    expect(scriptsOf({}).join(' ')).not.toContain('googletagmanager');
    expect(scriptsOf({ PUBLIC_GTM_ID: '' }).join(' ')).not.toContain('googletagmanager');
    expect(scriptsOf({ PUBLIC_GTM_ID: 'GTM-K7X2M9' })).toContain('https://*.googletagmanager.com');
    const connect = pagePolicy(servicesFromEnv({ ...env, PUBLIC_GTM_ID: 'G-ABC123' })).directives.find((d) => d.startsWith('connect-src'));
    expect(connect).toContain('https://*.google-analytics.com');
  });
  it('a marketing service elsewhere is a connect source', () => {
    const connect = pagePolicy(servicesFromEnv({ ...env, PUBLIC_MARKETING_API_URL: 'https://events.maison-gamelle.fr/' })).directives.find(
      (d) => d.startsWith('connect-src'),
    );
    expect(connect).toContain('https://events.maison-gamelle.fr');
  });
});

describe('checkout analytics follow the consent', () => {
  const order = { items: [], total: 0, taxTotal: 0, shippingTotal: 0, tokenValue: 't' } as unknown as Parameters<typeof beginCheckout>[0];
  const withStored = (value: string | null) => vi.stubGlobal('localStorage', { getItem: () => value });
  it('pushes nothing without an answer or after a refusal, and pushes after consent to the audience measure', () => {
    const layer: unknown[] = [];
    withStored(null);
    expect(pushCheckoutEvent(layer, beginCheckout(order))).toBe(false);
    withStored(JSON.stringify(consentAnswer('none', new Date())));
    expect(pushCheckoutEvent(layer, beginCheckout(order))).toBe(false);
    withStored(JSON.stringify(consentAnswer({ analytics: true, marketing: false }, new Date())));
    expect(pushCheckoutEvent(layer, beginCheckout(order))).toBe(true);
    expect(layer).toHaveLength(2);
    vi.unstubAllGlobals();
  });
});
