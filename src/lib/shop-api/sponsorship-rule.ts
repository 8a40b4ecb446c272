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
