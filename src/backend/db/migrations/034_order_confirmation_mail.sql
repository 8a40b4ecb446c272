-- When the order's confirmation mail was written (shop/orders/mails.ts), so that it goes once, and only once
-- there is something to confirm: an order paid online is confirmed when it is paid, a bank transfer's when its
-- bank details are known, a cheque's or a free order's when it is placed.
ALTER TABLE shop.orders ADD COLUMN confirmation_mailed_at timestamptz;
-- Orders placed before this were confirmed when they were placed.
UPDATE shop.orders SET confirmation_mailed_at = checkout_completed_at WHERE checkout_completed_at IS NOT NULL;
