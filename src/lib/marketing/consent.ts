/**
 * The shopper's cookie consent, answered in one click (accept all, refuse all) or per purpose, stored in the
 * browser and changeable later. Until an answer is stored, nothing that needs consent loads or is sent: the
 * tag manager and the analytics events (analytics), the marketing service's reports (marketing).
 */
import { STORAGE_KEYS } from '../constants.ts';

export const CONSENT_STORAGE_KEY = STORAGE_KEYS.consent;

export interface Consent {
  analytics: boolean;
  marketing: boolean;
  at: string;
}

/**
 * The stored answer, or null when the shopper has not answered (or storage holds something else). Checked
 * by hand rather than with zod: the consent script runs on every page and stays a few hundred bytes.
 */
export function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { analytics, marketing, at } = value as Record<string, unknown>;
    if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean' || typeof at !== 'string' || at.length > 40) return null;
    if (Object.keys(value).length !== 3) return null;
    return { analytics, marketing, at };
  } catch {
    return null;
  }
}

export const consentAnswer = (choice: 'all' | 'none' | { analytics: boolean; marketing: boolean }, now: Date): Consent => ({
  ...(choice === 'all' ? { analytics: true, marketing: true } : choice === 'none' ? { analytics: false, marketing: false } : choice),
  at: now.toISOString(),
});

/** Whether a purpose may run: only with a stored answer that says yes to it. */
export const allows = (consent: Consent | null, purpose: 'analytics' | 'marketing'): boolean => consent?.[purpose] === true;
