-- Sessions: one per login, the family every refresh token of that login belongs to. Access tokens carry
-- its id (the `sid` claim) and are checked against it on every call, so revoking a session (a password
-- change, a reset, a replayed refresh token) ends its access tokens at once, not after their hour.
CREATE TABLE shop.sessions (
  id text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES shop.customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  -- Absolute end (SESSION_MAX_LIFETIME_MS after the login, src/backend/shop/tokens.ts): refreshes slide
  -- the refresh token's 30 days, never past this.
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_by_customer ON shop.sessions (customer_id);

-- The families of existing refresh tokens become sessions started with their first token, so nobody is
-- logged out by the migration; 90 days is SESSION_MAX_LIFETIME_MS.
INSERT INTO shop.sessions (id, customer_id, created_at, expires_at, revoked_at)
SELECT family_id, min(customer_id), min(created_at), min(created_at) + interval '90 days',
  CASE WHEN bool_and(revoked_at IS NOT NULL) THEN max(revoked_at) END
FROM shop.refresh_tokens GROUP BY family_id;

ALTER TABLE shop.refresh_tokens ADD CONSTRAINT refresh_tokens_session
  FOREIGN KEY (family_id) REFERENCES shop.sessions (id) ON DELETE CASCADE;

-- Grace window of a rotation: two tabs sending the same refresh token within REFRESH_GRACE_MS both get
-- the pair the first one got. The pair is kept on the parent row only for that window, encrypted
-- (AES-256-GCM) with a key derived from the parent token, which the table does not hold: a leaked table
-- leaks no session.
ALTER TABLE shop.refresh_tokens ADD COLUMN grace_until timestamptz;
ALTER TABLE shop.refresh_tokens ADD COLUMN grace_sealed text;
CREATE INDEX refresh_tokens_in_grace ON shop.refresh_tokens (grace_until) WHERE grace_sealed IS NOT NULL;
