/**
 * The shopper's marketing state in the browser: their cookie consent and their A/B segments, both kept in
 * localStorage and validated when read back (a tampered or old value counts as none: no consent, no
 * segment). The page scripts (consent banner, exit intent) and the islands read the same atoms.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { STORAGE_KEYS } from '../lib/constants.ts';
import { addTest, parseSegments, type Segments } from '../lib/marketing/abtests.ts';
import { CONSENT_STORAGE_KEY, consentAnswer, parseConsent, type Consent } from '../lib/marketing/consent.ts';
import { browserStorage, safeStorage, type StorageLike } from './browser.ts';

const SEGMENTS_KEY = STORAGE_KEYS.abTests;

export interface MarketingStore {
  $consent: ReadableAtom<Consent | null>;
  $segments: ReadableAtom<Segments>;
  answerConsent(choice: Parameters<typeof consentAnswer>[0]): Consent;
  /** Keeps a test's segment unless the shopper already holds one for it (the first assignment stays). */
  keepSegment(name: string, segment: string): Segments;
}

export function createMarketingStore(
  storage: StorageLike = safeStorage(browserStorage()),
  now: () => Date = () => new Date(),
): MarketingStore {
  const $consent = atom<Consent | null>(parseConsent(storage.getItem(CONSENT_STORAGE_KEY)));
  const $segments = atom<Segments>(parseSegments(storage.getItem(SEGMENTS_KEY)));
  return {
    $consent,
    $segments,
    answerConsent(choice) {
      const consent = consentAnswer(choice, now());
      storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
      $consent.set(consent);
      return consent;
    },
    keepSegment(name, segment) {
      const next = addTest($segments.get(), name, segment);
      if (next !== $segments.get()) {
        storage.setItem(SEGMENTS_KEY, JSON.stringify(next));
        $segments.set(next);
      }
      return next;
    },
  };
}
