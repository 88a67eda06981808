-- TOTP two-factor authentication (issue 12 item 2; docs/security.md "Two-factor"). The secret is
-- set once a first code confirmed it (the pending one meanwhile); totp_last_step is the last
-- accepted 30-second step, so a code is accepted once. Recovery codes are stored as SHA-256 only.
ALTER TABLE users ADD COLUMN totp_secret text;
ALTER TABLE users ADD COLUMN totp_pending_secret text;
ALTER TABLE users ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;
CREATE TABLE recovery_codes (
  uid text NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (uid, code_hash)
);
