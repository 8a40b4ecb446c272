-- Counters of the shop's rate limits (src/backend/shop/limits/): kept in PostgreSQL so every platform
-- instance behind a load balancer counts against the same limits. The columns are the ones
-- rate-limiter-flexible's RateLimiterPostgres reads and writes (key, points, expire in epoch
-- milliseconds); the table is created here rather than by the library at run time (`tableCreated: true`).
CREATE TABLE shop.rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
-- The library deletes rows expired for an hour every five minutes.
CREATE INDEX rate_limits_by_expire ON shop.rate_limits (expire);
-- A password reset forgets an account's login failures from every address: a prefix search on the key.
CREATE INDEX rate_limits_by_key_prefix ON shop.rate_limits (key varchar_pattern_ops);

-- The per-e-mail login failures of 002 are replaced by the counters above (per account and address,
-- per address): see src/backend/shop/throttle.ts.
DROP TABLE shop.login_attempts;
