/**
 * The marketing-event service's wire (src/lib/marketing/wire.ts), shared by the platform, which validates
 * the sites' events with it, and the sites' client, which reads the service's answer with it.
 */
import { describe, expect, it } from 'vitest';
import { campaignCode, eventAnswer, eventRequest, reportRequest } from '../../../../src/lib/marketing/wire.ts';

describe('an event sent by a site', () => {
  it('carries its name, the site’s app name and the shopper’s segments (none by default)', () => {
    expect(eventRequest.parse({ event: 'view_item', app_name: 'site-fr', product_code: 'DOG-DRY' })).toEqual({
      event: 'view_item',
      app_name: 'site-fr',
      abtests: {},
      product_code: 'DOG-DRY',
    });
    expect(eventRequest.parse({ event: 'page_view', app_name: 'site-be', abtests: { header: 'b' }, path: '/' }).abtests).toEqual({
      header: 'b',
    });
  });

  it('refuses an unknown event, a field it does not know, an app name or a segment of other signs or length', () => {
    for (const body of [
      { event: 'click', app_name: 'site-fr' },
      { event: 'page_view', app_name: 'site-fr', extra: 1 },
      { event: 'page_view', app_name: 'Site FR' },
      { event: 'page_view', app_name: 'x'.repeat(41) },
      { event: 'page_view', app_name: 'site-fr', abtests: { header: '' } },
      { event: 'page_view', app_name: 'site-fr', abtests: { header: 'x'.repeat(65) } },
      { event: 'page_view', app_name: 'site-fr', path: `/${'x'.repeat(500)}` },
    ])
      expect(eventRequest.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('reports a campaign by its code, with the app name alone', () => {
    expect(campaignCode.safeParse('exit-newsletter-fr').success).toBe(true);
    expect(campaignCode.safeParse('NOT_A_CODE').success).toBe(false);
    expect(reportRequest.safeParse({ app_name: 'site-fr' }).success).toBe(true);
    expect(reportRequest.safeParse({ app_name: 'site-fr', extra: 1 }).success).toBe(false);
  });
});

describe('the service’s answer', () => {
  it('gives some of the actions, each with its campaign and what else the campaign sends', () => {
    const answer = { popup: { campaign: 'exit-newsletter-fr', popup_type: 'exit_intent', title: 'Bienvenue', colour: 'green' } };
    expect(eventAnswer.parse(answer)).toEqual(answer);
    expect(eventAnswer.parse({})).toEqual({});
  });

  it('refuses an unknown action, an action without its campaign, an unknown popup', () => {
    for (const answer of [
      { banner: { campaign: 'summer' } },
      { top_header: { text: 'Livraison offerte' } },
      { popup: { campaign: 'summer', popup_type: 'fullscreen' } },
    ])
      expect(eventAnswer.safeParse(answer).success, JSON.stringify(answer)).toBe(false);
  });
});
