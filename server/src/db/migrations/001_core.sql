-- Core (non-money) tables. Ids are text uuids made by the server; money lives in 002_ledger.

CREATE TABLE users (
  id text PRIMARY KEY,
  name text NOT NULL,
  username text NOT NULL,
  email text NOT NULL CHECK (email = lower(email)),
  phone_number text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'admin')),
  dob date,
  profile_pic text,
  state text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  bank_name text NOT NULL DEFAULT '',
  account_number text NOT NULL DEFAULT '',
  routing_number text NOT NULL DEFAULT '',
  bitcoin text NOT NULL DEFAULT '',
  ethereum text NOT NULL DEFAULT '',
  sol text NOT NULL DEFAULT '',
  usdt text NOT NULL DEFAULT '',
  closed_at timestamptz,
  -- Bumped to revoke every token issued before (password reset, account closed).
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Case-insensitive uniqueness; a closed account keeps its email and username (its ledger stays).
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_role_idx ON users (role) WHERE closed_at IS NULL;

CREATE TABLE admin_invites (
  code text PRIMARY KEY,
  created_by text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by text REFERENCES users(id)
);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

CREATE TABLE mail_outbox (
  id text PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);

CREATE TABLE traders (
  id text PRIMARY KEY,
  name text NOT NULL,
  image_url text NOT NULL,
  wins integer NOT NULL CHECK (wins >= 0),
  losses integer NOT NULL CHECK (losses >= 0),
  profit_share text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Who copies whom; deleting a trader ends every copy of it.
CREATE TABLE user_copy_traders (
  user_id text NOT NULL REFERENCES users(id),
  trader_id text NOT NULL REFERENCES traders(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, trader_id)
);

-- The platform's deposit addresses: a singleton, enforced by the constant unique column.
CREATE TABLE wallet_addresses (
  id text PRIMARY KEY,
  singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton),
  bitcoin text NOT NULL,
  ethereum text NOT NULL,
  sol text NOT NULL,
  usdt text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE uploads (
  name text PRIMARY KEY,
  content_type text NOT NULL,
  size integer NOT NULL,
  uploaded_by text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Server-generated secrets that must survive restarts (the token signing key).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
