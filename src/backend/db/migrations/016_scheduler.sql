-- The subscription scheduler (src/backend/scheduler): due drafts become orders with a payment and a charge
-- job, and each job charges the stored card mandate once.

-- A charge asked again after a crash must be the very same request: the provider answers the payment of
-- the first attempt to the same idempotency key only for the same body. So the job keeps the customer and
-- the mandate it was placed with, even if the shopper gives a new card meanwhile.
ALTER TABLE shop.scheduler_jobs ADD COLUMN provider_customer_id text;
ALTER TABLE shop.scheduler_jobs ADD COLUMN provider_mandate_id text;

-- The drafts not placed yet, by shipment day: what each run reads for reminders and due drafts.
CREATE INDEX subscription_orders_unplaced ON shop.subscription_orders (shipment_date) WHERE placed_at IS NULL;
