-- Security alerts by mail (issue 12 item 4; docs/security.md "Alerts"): the user's anti-phishing
-- phrase (shown in every mail), the freeze a "lock my account" link sets until the password is
-- reset, and those single-use links (stored as SHA-256 only).
ALTER TABLE users ADD COLUMN anti_phishing_phrase text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN withdrawals_frozen_at timestamptz;
CREATE TABLE account_lock_links (
  token_hash text PRIMARY KEY,
  uid text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_lock_links_uid ON account_lock_links (uid);
