import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPlatform, type TestPlatform } from './platform.ts';
import { eventAnswer } from '../../src/lib/marketing/wire.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { languageOf, type LocaleCode } from '../../src/lib/channels.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await testPlatform({ clock: () => new Date('2026-11-23T10:00:00Z') });
});
afterAll(async () => {
  await platform.db.close();
});

const json = { 'content-type': 'application/json' };
const event = (body: unknown, locale = 'fr_FR', raw?: string) =>
  platform.request(`/marketing?locale=${locale}`, { method: 'POST', headers: json, body: raw ?? JSON.stringify(body) });
const report = (campaign: string, body: unknown = { app_name: 'site-fr' }) =>
  platform.request(`/marketing/report/${campaign}`, { method: 'POST', headers: json, body: JSON.stringify(body) });

describe('marketing events', () => {
  it('a page view answers the actions of the active campaigns in the page language, one per action', async () => {
    const res = await event({ event: 'page_view', app_name: 'site-fr', abtests: {}, path: '/' });
    expect(res.status).toBe(200);
    const answer = eventAnswer.parse(res.body);
    expect(Object.keys(answer).sort()).toEqual(['abtest', 'page_view_done', 'top_header']);
    expect(answer.top_header).toMatchObject({ campaign: 'livraison-offerte-fr', text: "Livraison offerte dès 49 € d'achat" });
    expect(['control', 'b']).toContain(answer.abtest?.segment);
  });

  it('speaks Dutch to the Dutch-language site', async () => {
    const res = await event({ event: 'page_view', app_name: 'site-be' }, 'nl_BE');
    expect(res.body.top_header.campaign).toBe('livraison-offerte-nl');
  });

  it('the top header links to a page the sites build (delivery and returns), in the page language', async () => {
    const pages = loadFixtures().pages;
    for (const locale of ['fr_FR', 'fr_BE', 'nl_BE'] as LocaleCode[]) {
      const answer = eventAnswer.parse((await event({ event: 'page_view', app_name: 'site-be' }, locale)).body);
      const built = pages.map((page) => pathTo('page', locale, { page: page.slug[languageOf(locale)] }));
      expect(built, locale).toContain(answer.top_header?.link);
    }
  });

  it('exit intent answers the newsletter popup with 5 € off the first order', async () => {
    const fr = await event({ event: 'exit_intent', app_name: 'site-fr' });
    expect(fr.body).toEqual({
      popup: expect.objectContaining({
        campaign: 'exit-newsletter-fr',
        popup_type: 'exit_intent',
        title: '5 € offerts sur votre première commande',
      }),
    });
    const nl = await event({ event: 'exit_intent', app_name: 'site-be' }, 'nl_BE');
    expect(nl.body.popup.title).toBe('€ 5 korting op je eerste bestelling');
  });

  it('keeps the segment a shopper already holds for a test', async () => {
    for (const segment of ['control', 'b']) {
      for (let i = 0; i < 5; i++) {
        const res = await event({ event: 'page_view', app_name: 'site-fr', abtests: { 'bandeau-accueil': segment } });
        expect(res.body.abtest).toMatchObject({ test: 'bandeau-accueil', segment });
      }
    }
  });

  it('an event without campaigns answers an empty object', async () => {
    const res = await event({ event: 'view_cart', app_name: 'site-fr' });
    expect(res).toMatchObject({ status: 200, body: {} });
  });

  it('answers the sites with CORS and credentials', async () => {
    const res = await platform.request('/marketing?locale=fr_FR', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await platform.request('/marketing?locale=fr_FR', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });

  it.each([
    ['no locale', '', { event: 'page_view', app_name: 'a' }],
    ['an unknown locale', 'en_GB', { event: 'page_view', app_name: 'a' }],
    ['an unknown event', 'fr_FR', { event: 'purchase', app_name: 'a' }],
    ['no app_name', 'fr_FR', { event: 'page_view' }],
    ['an unknown field', 'fr_FR', { event: 'page_view', app_name: 'a', admin: true }],
    ['abtests not an object of strings', 'fr_FR', { event: 'page_view', app_name: 'a', abtests: { x: 1 } }],
    ['an array', 'fr_FR', []],
    ['null', 'fr_FR', null],
  ])('refuses %s with a 400', async (_, locale, body) => {
    const res = await event(body, locale);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
  });

  it('refuses a body that is not JSON, or too large', async () => {
    expect((await event(undefined, 'fr_FR', '{not json')).status).toBe(400);
    expect((await event(undefined, 'fr_FR', JSON.stringify({ event: 'page_view', app_name: 'a', path: 'x'.repeat(20_000) }))).status).toBe(
      413,
    );
  });
});

describe('campaign reports', () => {
  const counts = async () =>
    platform.db.query<{ count: number; reported_on: unknown }>(
      `SELECT count, reported_on::text AS reported_on FROM marketing.reports WHERE campaign = 'exit-newsletter-fr' AND app_name = 'site-fr'`,
    );
  it('counts each report per campaign, app and day', async () => {
    expect((await report('exit-newsletter-fr')).status).toBe(204);
    expect((await report('exit-newsletter-fr')).status).toBe(204);
    expect(await counts()).toEqual([{ count: 2, reported_on: '2026-11-23' }]);
  });
  it('answers 404 for an unknown campaign and 400 for bad input', async () => {
    expect((await report('inconnue')).status).toBe(404);
    expect((await report('NOT_A_CODE')).status).toBe(400);
    expect((await report('exit-newsletter-fr', {})).status).toBe(400);
    expect((await report('exit-newsletter-fr', { app_name: 'site-fr', extra: 1 })).status).toBe(400);
  });
});
