-- Issue 43: a sponsor is rewarded for a friend of another household only. When the friend's first paid order
-- ships to an address of the sponsor, or was paid with a payment instrument the sponsor used, the sponsor
-- gets no reward: the referral keeps why (sponsorships/household.ts), so the sponsor's page says "not
-- rewarded" for that friend and customer care can tell why.
ALTER TABLE shop.referrals ADD COLUMN refusal text CHECK (refusal IN ('same_address', 'same_payment'));
ALTER TABLE shop.referrals ADD COLUMN refused_at timestamptz;
ALTER TABLE shop.referrals ADD CONSTRAINT referrals_refusal_dated CHECK ((refusal IS NULL) = (refused_at IS NULL));
ALTER TABLE shop.referrals ADD CONSTRAINT referrals_rewarded_or_refused CHECK (rewarded_at IS NULL OR refusal IS NULL);
