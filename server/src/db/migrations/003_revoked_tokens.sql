-- Server-side logout: a token presented to POST /api/auth/logout is refused from then on, by every
-- process. Tokens carry no id, so the SHA-256 of the token text is the key (existing tokens work
-- unchanged); expires_at is the token's own expiry, after which the row is useless and removed.
CREATE TABLE revoked_tokens (
  token_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at);
