-- Passkeys (issue 30 item 6; docs/security.md "Passkeys"). A credential's id and public key
-- (COSE, base64url), its signature counter, and how many an account has (read with the user's
-- row on every request: with one, a passkey confirms what a two-factor code does).
CREATE TABLE passkeys (
  id text PRIMARY KEY,
  uid text NOT NULL REFERENCES users (id),
  name text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_by_user ON passkeys (uid, created_at);
ALTER TABLE users ADD COLUMN passkey_count integer NOT NULL DEFAULT 0 CHECK (passkey_count >= 0);

-- WebAuthn challenges, kept in the database so any process can check the answer. Each is used
-- once, within minutes, for one purpose; a step-up's binding (a withdrawal's method, amount and
-- destination, an admin decision's route and record) is fixed when it is issued. Used step-ups
-- stay as the audit record of what a passkey confirmed (credential_id, used_for).
CREATE TABLE webauthn_challenges (
  id text PRIMARY KEY,
  uid text REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('register', 'login', 'reset', 'security', 'withdrawal', 'decision')),
  challenge text NOT NULL,
  binding jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  credential_id text,
  used_for text
);
CREATE INDEX webauthn_challenges_expires ON webauthn_challenges (expires_at) WHERE used_at IS NULL;
CREATE INDEX webauthn_challenges_by_user ON webauthn_challenges (uid, created_at DESC) WHERE uid IS NOT NULL;
