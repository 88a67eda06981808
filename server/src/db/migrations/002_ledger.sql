-- The double-entry ledger and the requests that move money (docs/ledger.md).
-- Ids are text (uuids made by the database), so a malformed id is simply not found.
-- Money is integer cents (bigint) everywhere; percentages are integer basis points.

-- One row per account. User accounts: '{kind}:{asset}:{uid}'; platform accounts: '{kind}:{asset}'.
CREATE TABLE accounts (
  id text PRIMARY KEY,
  owner text REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('available', 'held', 'invested', 'earnings', 'custody', 'returns', 'adjustments')),
  asset text NOT NULL CHECK (asset IN ('btc', 'usdt', 'eth', 'sol', 'usd')),
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Rule 2 (no overdraft) held by the database itself: a user account never goes below zero.
  -- Platform accounts (owner NULL) are the outside world's side and may go negative.
  CONSTRAINT accounts_user_balance_nonnegative CHECK (owner IS NULL OR balance >= 0),
  CONSTRAINT accounts_owner_kind CHECK ((owner IS NULL) = (kind IN ('custody', 'returns', 'adjustments')))
);
CREATE INDEX accounts_owner_idx ON accounts (owner) WHERE owner IS NOT NULL;

-- Platform accounts exist from the start, so a debit of one is a plain UPDATE.
INSERT INTO accounts (id, owner, kind, asset) VALUES
  ('custody:btc', NULL, 'custody', 'btc'),
  ('custody:usdt', NULL, 'custody', 'usdt'),
  ('custody:eth', NULL, 'custody', 'eth'),
  ('custody:sol', NULL, 'custody', 'sol'),
  ('returns:usd', NULL, 'returns', 'usd'),
  ('adjustments:btc', NULL, 'adjustments', 'btc'),
  ('adjustments:usdt', NULL, 'adjustments', 'usdt'),
  ('adjustments:eth', NULL, 'adjustments', 'eth'),
  ('adjustments:sol', NULL, 'adjustments', 'sol'),
  ('adjustments:usd', NULL, 'adjustments', 'usd');

-- Every movement of money: immutable (trigger below); a correction is a new transfer.
CREATE TABLE transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  debit_account text NOT NULL REFERENCES accounts (id),
  credit_account text NOT NULL REFERENCES accounts (id),
  asset text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  kind text NOT NULL,
  -- 'system' or the user's / admin's uid
  actor text NOT NULL,
  reason text NOT NULL,
  ref_type text NOT NULL CHECK (ref_type IN ('deposit', 'withdrawal', 'investment', 'adjustment')),
  ref_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account <> credit_account)
);
CREATE INDEX transfers_debit_idx ON transfers (debit_account);
CREATE INDEX transfers_credit_idx ON transfers (credit_account);
CREATE INDEX transfers_ref_idx ON transfers (ref_type, ref_id);

CREATE FUNCTION transfers_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'transfers are immutable: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER transfers_no_update_delete BEFORE UPDATE OR DELETE ON transfers
  FOR EACH ROW EXECUTE FUNCTION transfers_are_immutable();
CREATE TRIGGER transfers_no_truncate BEFORE TRUNCATE ON transfers
  FOR EACH STATEMENT EXECUTE FUNCTION transfers_are_immutable();

CREATE TABLE deposits (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  uid text NOT NULL REFERENCES users (id),
  -- The method the user asked for; `method` becomes the one the admin approved with.
  requested_method text NOT NULL CHECK (requested_method IN ('bitcoin', 'ethereum', 'solana', 'usdt')),
  method text NOT NULL CHECK (method IN ('bitcoin', 'ethereum', 'solana', 'usdt')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text
);
CREATE INDEX deposits_uid_idx ON deposits (uid);

CREATE TABLE withdrawals (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  uid text NOT NULL REFERENCES users (id),
  method text NOT NULL CHECK (method IN ('bank', 'bitcoin', 'ethereum', 'solana', 'usdt')),
  asset text NOT NULL CHECK (asset IN ('btc', 'usdt', 'eth', 'sol')),
  address text NOT NULL DEFAULT '',
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'approved', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text
);
CREATE INDEX withdrawals_uid_idx ON withdrawals (uid);

CREATE TABLE plans (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name text,
  min_cents bigint NOT NULL CHECK (min_cents > 0),
  max_cents bigint NOT NULL,
  -- percent × 100, e.g. 12.5 % = 1250
  returns_bp integer NOT NULL CHECK (returns_bp >= 0),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  -- owner for a private plan; NULL = public
  uid text REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  -- soft delete: investments keep pointing at the plan
  deleted_at timestamptz,
  CHECK (max_cents >= min_cents)
);

CREATE TABLE investments (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  uid text NOT NULL REFERENCES users (id),
  plan_id text NOT NULL REFERENCES plans (id),
  -- plan terms copied at creation: a plan deleted or changed later does not change the deal
  plan_name text,
  duration_days integer NOT NULL,
  returns_bp integer NOT NULL,
  method text NOT NULL CHECK (method IN ('BTC', 'USDT', 'ETH', 'SOL')),
  asset text NOT NULL CHECK (asset IN ('btc', 'usdt', 'eth', 'sol')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'processing', 'ended')),
  created_at timestamptz NOT NULL DEFAULT now(),
  end_date timestamptz NOT NULL,
  ended_reason text CHECK (ended_reason IN ('stopped', 'matured')),
  ended_at timestamptz,
  CHECK ((status = 'ended') = (ended_reason IS NOT NULL))
);
CREATE INDEX investments_uid_idx ON investments (uid);
CREATE INDEX investments_due_idx ON investments (end_date) WHERE status = 'approved';

-- Earnings movements, read from the ledger (never stored twice).
CREATE VIEW earning_entries AS
SELECT t.id, i.uid, i.id AS investment_id, i.plan_id,
       CASE t.kind WHEN 'earnings_credit' THEN 'credit' WHEN 'earnings_deduct' THEN 'deduct' ELSE 'maturity' END AS kind,
       CASE t.kind WHEN 'earnings_deduct' THEN -t.amount_cents ELSE t.amount_cents END AS amount_cents,
       t.reason, t.actor, t.created_at
FROM transfers t
JOIN investments i ON t.ref_type = 'investment' AND i.id = t.ref_id
WHERE t.kind IN ('earnings_credit', 'earnings_deduct', 'maturity_earnings');

-- Idempotency-Key records (ledger.md rule 3), per caller; expire after 24 hours.
CREATE TABLE idempotency_keys (
  uid text NOT NULL REFERENCES users (id),
  key text NOT NULL,
  route text NOT NULL,
  request_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('in_flight', 'done')),
  -- random token of the request that holds the key; the finishing write must still match it
  claim text NOT NULL,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
