import { describe, expect, it } from 'vitest';
import { analyticsAllowed, type DataLayerHost, pushWithConsent, storedShopper } from '../../../../src/lib/analytics/data-layer.ts';
import { STORAGE_KEYS } from '../../../../src/lib/constants.ts';
import { memoryStorage } from '../../../../src/stores/browser.ts';

const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);
const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenUntil = (ms: number) => `${b64({ alg: 'HS256' })}.${b64({ exp: ms / 1000, username: 'camille@example.fr' })}.sig`;
const CAMILLE = '/api/v2/shop/customers/7';
const answer = (analytics: boolean) => JSON.stringify({ analytics, marketing: false, at: '2026-11-27T08:00:00.000Z' });

describe('the consent to the audience measure', () => {
  it('is a stored yes only: no answer, a refusal or anything else is a no', () => {
    expect(analyticsAllowed(memoryStorage())).toBe(false);
    expect(analyticsAllowed(memoryStorage({ [STORAGE_KEYS.consent]: answer(false) }))).toBe(false);
    expect(analyticsAllowed(memoryStorage({ [STORAGE_KEYS.consent]: '{"analytics":true}' }))).toBe(false);
    expect(analyticsAllowed(memoryStorage({ [STORAGE_KEYS.consent]: answer(true) }))).toBe(true);
  });
});

describe('the shopper as the browser keeps them', () => {
  it('is a guest without a token, or with an expired one', () => {
    expect(storedShopper(memoryStorage(), NOW)).toEqual({ signedIn: false });
    expect(storedShopper(memoryStorage({ [STORAGE_KEYS.token]: tokenUntil(NOW) }), NOW)).toEqual({ signedIn: false });
    expect(storedShopper(memoryStorage({ [STORAGE_KEYS.token]: 'not-a-jwt' }), NOW)).toEqual({ signedIn: false });
  });

  it('is signed in while the token lasts: a new client unless the old-client flag names this customer', () => {
    const session = { [STORAGE_KEYS.token]: tokenUntil(NOW + 60_000), [STORAGE_KEYS.customerUri]: CAMILLE };
    expect(storedShopper(memoryStorage(session), NOW)).toEqual({ signedIn: true, newCustomer: true });
    expect(storedShopper(memoryStorage({ ...session, [STORAGE_KEYS.oldClient]: CAMILLE }), NOW)).toEqual({
      signedIn: true,
      newCustomer: false,
    });
    // Another customer's flag (signed in as someone else since) says nothing of this one.
    expect(storedShopper(memoryStorage({ ...session, [STORAGE_KEYS.oldClient]: '/api/v2/shop/customers/8' }), NOW)).toEqual({
      signedIn: true,
      newCustomer: true,
    });
  });
});

describe('the data layer', () => {
  const event = { event: 'view_item', ecommerce: { items: [] } };

  it('is left alone without consent: not even made', () => {
    const host: DataLayerHost = {};
    expect(pushWithConsent([event], host, memoryStorage({ [STORAGE_KEYS.consent]: answer(false) }))).toBe(false);
    expect(host).toEqual({});
  });

  it('is made when missing (no tag manager yet) and gets the events in order, an ecommerce event after a reset', () => {
    const host: DataLayerHost = {};
    const consent = memoryStorage({ [STORAGE_KEYS.consent]: answer(true) });
    expect(pushWithConsent([{ event: 'page_view' }, event], host, consent)).toBe(true);
    expect(host.dataLayer).toEqual([{ event: 'page_view' }, { ecommerce: null }, event]);
    // The tag manager's own array is kept.
    const layer: unknown[] = [{ 'gtm.start': 1, event: 'gtm.js' }];
    pushWithConsent([{ event: 'page_view' }], { dataLayer: layer }, consent);
    expect(layer).toEqual([{ 'gtm.start': 1, event: 'gtm.js' }, { event: 'page_view' }]);
  });
});
