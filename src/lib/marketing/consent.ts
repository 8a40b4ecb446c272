/**
 * The shopper's cookie consent, answered in one click (accept all, refuse all) or per purpose, stored in the
 * browser and changeable later. Until an answer is stored, nothing that needs consent loads or is sent: the
 * tag manager and the analytics events (analytics), the marketing service's reports (marketing).
 */
import { z } from 'zod';

export const CONSENT_STORAGE_KEY = 'mg-consent';

export const consentSchema = z.object({ analytics: z.boolean(), marketing: z.boolean(), at: z.string().max(40) }).strict();
export type Consent = z.infer<typeof consentSchema>;

/** The stored answer, or null when the shopper has not answered (or storage holds something else). */
export function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  try {
    const parsed = consentSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
