-- Sponsorships: each customer's referral code (a coupon row that gives a friend's first order a
-- reduction), the friends who came through it, and the sponsor's reward once a friend's first order is paid.

-- The sponsor of a referral code: the code is theirs to share; it is refused on their own cart.
ALTER TABLE shop.coupons ADD COLUMN sponsor_customer_id integer REFERENCES shop.customers (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX coupons_one_referral_code ON shop.coupons (sponsor_customer_id) WHERE sponsor_customer_id IS NOT NULL;

-- A friend has one sponsor: the first one recorded (at registration through the link, or at the payment of
-- a first order that used a referral code). The reward is a personal single-use coupon of the sponsor.
CREATE TABLE shop.referrals (
  friend_customer_id integer PRIMARY KEY REFERENCES shop.customers (id) ON DELETE CASCADE,
  sponsor_customer_id integer NOT NULL REFERENCES shop.customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  first_order_id integer REFERENCES shop.orders (id) ON DELETE SET NULL,
  rewarded_at timestamptz,
  reward_coupon_code text REFERENCES shop.coupons (code) ON DELETE SET NULL,
  CHECK (friend_customer_id <> sponsor_customer_id)
);
CREATE INDEX referrals_by_sponsor ON shop.referrals (sponsor_customer_id, created_at);
