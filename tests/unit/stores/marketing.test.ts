import { describe, expect, it } from 'vitest';
import { createMarketingStore } from '../../../src/stores/marketing.ts';
import type { StorageLike } from '../../../src/stores/browser.ts';

const memoryStorage = (initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } => {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
};
const now = () => new Date('2026-11-23T10:00:00Z');

describe('marketing store', () => {
  it('starts without consent, and a stored answer comes back on the next visit', () => {
    const storage = memoryStorage();
    const first = createMarketingStore(storage, now);
    expect(first.$consent.get()).toBeNull();
    first.answerConsent('none');
    const next = createMarketingStore(storage, now);
    expect(next.$consent.get()).toEqual({ analytics: false, marketing: false, at: '2026-11-23T10:00:00.000Z' });
    next.answerConsent('all');
    expect(createMarketingStore(storage, now).$consent.get()).toMatchObject({ analytics: true, marketing: true });
  });

  it('A/B segments are stable across visits: the first assignment of a test stays', () => {
    const storage = memoryStorage();
    createMarketingStore(storage, now).keepSegment('bandeau-accueil', 'b');
    const again = createMarketingStore(storage, now);
    expect(again.keepSegment('bandeau-accueil', 'control')).toEqual({ 'bandeau-accueil': 'b' });
    expect(createMarketingStore(storage, now).$segments.get()).toEqual({ 'bandeau-accueil': 'b' });
  });

  it('tampered storage counts as no consent and no segment', () => {
    const storage = memoryStorage({ 'mg-consent': '{"analytics":1}', 'mg-abtests': '["b"]' });
    const store = createMarketingStore(storage, now);
    expect(store.$consent.get()).toBeNull();
    expect(store.$segments.get()).toEqual({});
  });
});
