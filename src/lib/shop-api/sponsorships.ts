/**
 * Sponsorships (GET /shop/sponsorships): the rule, the customer's referral code, link and friends as the API
 * answers them, and the call.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import type { HttpClient } from './http.ts';
import { SHOP_API_PREFIX } from './iri.ts';

/**
 * The sponsorship rule, in one place: the platform applies it (src/backend/shop/sponsorships), the shop API
 * sends it with each sponsorship, and the sponsorships page draws it from its first paint.
 * - every customer has a referral code and a link to the account creation carrying it;
 * - a friend who registers through the link, or types the code in their cart, gets `friendDiscount` off
 *   their first order from `friendMinimum` of items (the code is applied to their cart by itself when they
 *   came through the link);
 * - once that first order is paid, the sponsor gets a personal single-use code worth `sponsorReward`,
 *   valid `rewardValidityDays` days, mailed and listed on their page; one reward per friend;
 * - a sponsor cannot use their own code, and a customer who has ordered before is nobody's new friend;
 * - the friend must be a new customer of another household: another delivery address and another means of
 *   payment than the sponsor's. A cart delivered to an address of the sponsor (their address book or an
 *   address of one of their orders; street, postcode and country compared without regard to case, accents,
 *   spaces or punctuation) gets no discount; a first order delivered there, or paid with a card or a
 *   payment account the sponsor used, brings the sponsor no reward, and their page says that friend was not
 *   rewarded (src/backend/shop/sponsorships/household.ts applies it). The pages say it in the shopper's words
 *   (i18n sponsorships.rule.household, the COUPON_REFERRAL_SAME_HOUSEHOLD message).
 */
export const SPONSORSHIP = {
  friendDiscount: 1000,
  friendMinimum: 3000,
  sponsorReward: 1000,
  rewardValidityDays: 365,
} as const;

/**
 * How far a referred friend got: registered, first order placed (payment awaited), sponsor rewarded (first
 * order paid), or refused (first order paid, but shipped to the sponsor's address or paid with the sponsor's
 * means of payment: no reward, the rule above).
 */
const friendStates = ['registered', 'ordered', 'rewarded', 'refused'] as const;
/**
 * GET /shop/sponsorships: the customer's referral code and link, the rule in numbers (minor units, days),
 * and the friends who came through them: a first name and an initial, never more of someone else.
 */
export const sponsorship = z.object({
  '@type': z.literal('Sponsorship'),
  code: z.string(),
  link: z.string(),
  rule: z.object({
    friendDiscount: z.int(),
    friendMinimum: z.int(),
    sponsorReward: z.int(),
    rewardValidityDays: z.int(),
  }),
  friends: z.array(
    z.object({
      name: z.string(),
      registeredAt: z.string(),
      state: z.enum(friendStates),
      reward: z.nullable(z.object({ code: z.string(), amount: z.int(), expiresAt: z.nullable(z.string()), used: z.boolean() })),
    }),
  ),
});
export type Sponsorship = z.infer<typeof sponsorship>;

export function createSponsorshipsClient(http: HttpClient) {
  return {
    /** GET /shop/sponsorships: the customer's referral code and link, the rule and their friends. */
    getSponsorship: () => http.get(`${SHOP_API_PREFIX}/sponsorships`, { schema: sponsorship }),
  };
}
