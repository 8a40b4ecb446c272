/**
 * The newsletter sign-up (/shop/newsletter-subscriptions), confirmed by the link mailed to the e-mail
 * (double opt-in): the answer and the confirmation's call. The request's rules are in requests/newsletter.ts;
 * the sign-up itself is sent without zod and without this client (islands/shared/newsletter/subscribe.ts),
 * for the footer's sake.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import type { HttpClient } from './http.ts';
import { SHOP_API_PREFIX } from './iri.ts';

/**
 * POST /shop/newsletter-subscriptions answers 202 with this alone, whether the e-mail was known or not;
 * PATCH /shop/newsletter-subscriptions/{token} confirms the sign-up and names the 5 € first-order code
 * given with it (null when the e-mail had one already or has ordered before).
 */
export const newsletterSubscription = z.object({
  '@type': z.literal('NewsletterSubscription'),
  email: z.optional(z.string()),
  confirmed: z.boolean(),
  welcomeCoupon: z.optional(z.nullable(z.object({ code: z.string(), amount: z.int(), hasAccount: z.boolean() }))),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscription>;

export function createNewsletterClient(http: HttpClient) {
  return {
    /** Confirms a newsletter sign-up with its mailed link's token (the sign-up itself: islands/shared/newsletter/subscribe.ts). */
    confirmNewsletter: (confirmationToken: string) =>
      http.patch(`${SHOP_API_PREFIX}/newsletter-subscriptions/${encodeURIComponent(confirmationToken)}`, {
        body: {},
        schema: newsletterSubscription,
        auth: false,
      }),
  };
}
