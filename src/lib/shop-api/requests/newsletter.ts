/** The newsletter sign-up: an e-mail, confirmed by the link mailed to it (double opt-in). */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import { email, localeCode } from './fields.ts';

/** Where a sign-up came from: the footer's form, the exit-intent offer or the account creation. */
const NEWSLETTER_SOURCES = ['footer', 'popup', 'page', 'register'] as const;

/** POST /shop/newsletter-subscriptions: the confirmation link goes to this e-mail, in this locale. */
export const newsletterRequest = z.object({
  email,
  localeCode: z.optional(localeCode),
  source: z.optional(z.enum(NEWSLETTER_SOURCES)),
});

/** A confirmation token as the shop mails it (base64url): anything else is a dead link without asking. */
export const isNewsletterToken = (text: string): boolean => /^[A-Za-z0-9_-]{20,128}$/.test(text);
