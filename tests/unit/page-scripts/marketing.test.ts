/**
 * The marketing script runs on every page: before the shopper consented it loads no framework, no zod and
 * no service client (those come with the dynamic imports of the consented part and of the popup island),
 * and its own rules (when the exit-intent popup may show, where a campaign's link may lead) hold.
 */
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../support/static-closure.ts';
import {
  abAttributeOf,
  campaignHref,
  exitIntentOn,
  mayShowExitPopup,
  pageKindOf,
  parseClosedCampaigns,
  storedSegments,
  type ExitPopupContext,
} from '../../../src/page-scripts/marketing/rules.ts';

describe('marketing script', () => {
  it('loads no framework, no zod and no service client before consent or a popup', { timeout: 30_000 }, async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/marketing.ts');
    expect(modules).toContain('src/lib/marketing/exit-intent.ts');
    const heavy = modules.filter((path) =>
      /node_modules\/(react|react-dom|react-markdown|zod|nanostores)\/|src\/(islands|stores)\/|src\/lib\/(zod|marketing\/(wire|client|abtests))/.test(
        path,
      ),
    );
    expect(heavy).toEqual([]);
    expect(dynamic.sort()).toEqual(['src/page-scripts/marketing/consented.ts', 'src/page-scripts/on-demand.ts']);
  });
});

const ok: ExitPopupContext = {
  siteSwitch: true,
  pageSwitch: undefined,
  page: 'other',
  shownThisVisit: false,
  signedUp: false,
  dialogOpen: false,
};

describe('exit-intent popup rules', () => {
  it('is on by default, off when the site or the page turns it off (only false turns the page switch off)', () => {
    expect(exitIntentOn(true, undefined)).toBe(true);
    expect(exitIntentOn(true, 'false')).toBe(true);
    expect(exitIntentOn(true, 0)).toBe(true);
    expect(exitIntentOn(true, false)).toBe(false);
    expect(exitIntentOn(false, true)).toBe(false);
  });

  it('shows once per visit, never after a sign-up, never on a quiet page or over another dialog', () => {
    expect(mayShowExitPopup(ok)).toBe(true);
    expect(mayShowExitPopup({ ...ok, page: 'product' })).toBe(true);
    expect(mayShowExitPopup({ ...ok, page: 'cart' })).toBe(true);
    expect(mayShowExitPopup({ ...ok, shownThisVisit: true })).toBe(false);
    expect(mayShowExitPopup({ ...ok, signedUp: true })).toBe(false);
    expect(mayShowExitPopup({ ...ok, page: 'quiet' })).toBe(false);
    expect(mayShowExitPopup({ ...ok, dialogOpen: true })).toBe(false);
    expect(mayShowExitPopup({ ...ok, pageSwitch: false })).toBe(false);
    expect(mayShowExitPopup({ ...ok, siteSwitch: false })).toBe(false);
  });
});

describe('campaign links and stored values', () => {
  const page = 'https://www.maison-gamelle.fr/chien/';
  it('keeps a path of the site (as a path) and another http(s) site, drops anything else', () => {
    expect(campaignHref('/livraison/', page)).toBe('/livraison/');
    expect(campaignHref('https://www.maison-gamelle.fr/livraison/?a=1#b', page)).toBe('/livraison/?a=1#b');
    expect(campaignHref('https://www.maison-gamelle.be/nl/levering/', page)).toBe('https://www.maison-gamelle.be/nl/levering/');
    expect(campaignHref('javascript:alert(1)', page)).toBeNull();
    expect(campaignHref('data:text/html,hi', page)).toBeNull();
    expect(campaignHref('', page)).toBeNull();
    expect(campaignHref(42, page)).toBeNull();
    expect(campaignHref(undefined, page)).toBeNull();
  });

  it('reads the closed campaigns back, anything tampered as none', () => {
    expect(parseClosedCampaigns(null)).toEqual([]);
    expect(parseClosedCampaigns('["livraison-offerte-fr",3]')).toEqual(['livraison-offerte-fr']);
    expect(parseClosedCampaigns('{')).toEqual([]);
    expect(parseClosedCampaigns('{"a":1}')).toEqual([]);
  });

  it('reads the page kind and names the A/B attribute', () => {
    expect(pageKindOf('product')).toBe('product');
    expect(pageKindOf('quiet')).toBe('quiet');
    expect(pageKindOf('<script>')).toBe('other');
    expect(pageKindOf(undefined)).toBe('other');
    expect(abAttributeOf('bandeau-accueil')).toBe('data-ab-bandeau-accueil');
    expect(abAttributeOf('Home Banner!')).toBe('data-ab-home-banner');
    expect(abAttributeOf('***')).toBeNull();
  });

  it('reads the kept A/B segments back by hand, as the schema would: anything else is none', () => {
    expect(storedSegments('{"bandeau-accueil":"b"}')).toEqual([['bandeau-accueil', 'b']]);
    expect(storedSegments(null)).toEqual([]);
    expect(storedSegments('["b"]')).toEqual([]);
    expect(storedSegments('{"bandeau-accueil":3}')).toEqual([]);
    expect(storedSegments('{"bandeau-accueil":""}')).toEqual([]);
    expect(storedSegments(JSON.stringify({ test: 'x'.repeat(65) }))).toEqual([]);
    expect(storedSegments('not json')).toEqual([]);
  });
});
