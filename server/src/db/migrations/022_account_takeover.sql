-- Account takeover, closed (issue 30; docs/security.md "Account takeover").
--
-- A "lock my account" link freezes the whole account, not only withdrawals: sign-in is refused
-- until a password reset by mail, and admins see why.
ALTER TABLE users RENAME COLUMN withdrawals_frozen_at TO frozen_at;
ALTER TABLE users ADD COLUMN frozen_reason text;
UPDATE users SET frozen_reason = 'Locked by its owner from a security alert' WHERE frozen_at IS NOT NULL;

-- Consecutive wrong second-factor codes, and until when the second factor is locked after too many.
ALTER TABLE users ADD COLUMN totp_failures integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN totp_locked_until timestamptz;

-- Which second factor this session presented when it began (NULL: password only).
-- REQUIRE_ADMIN_2FA asks it of the session, not only of the account.
ALTER TABLE sessions ADD COLUMN second_factor text CHECK (second_factor IN ('totp', 'recovery', 'enrolment', 'passkey'));

-- Where a withdrawal pays, fixed when it is requested: the address (crypto) or the bank details.
-- Changing the payout details later changes nothing an admin approves.
ALTER TABLE withdrawals ADD COLUMN bank_name text;
ALTER TABLE withdrawals ADD COLUMN account_number text;
ALTER TABLE withdrawals ADD COLUMN routing_number text;

-- An admin's request to turn a user's two-factor off, confirmed by the user from a mailed link
-- (stored as SHA-256 only; single use; 24 hours).
CREATE TABLE two_factor_resets (
  token_hash text PRIMARY KEY,
  uid text NOT NULL REFERENCES users (id),
  requested_by text NOT NULL REFERENCES users (id),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX two_factor_resets_uid ON two_factor_resets (uid);

-- The audit trail of security decisions about an account: who (actor), what (kind), and details.
CREATE TABLE security_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid text NOT NULL REFERENCES users (id),
  actor text NOT NULL,
  kind text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_events_by_user ON security_events (uid, at DESC);

-- withdrawal_request (migration 018) also records the bank details a bank withdrawal pays to, and
-- refuses a frozen account. It reads the user's row FOR SHARE first: a lock link freezing the
-- account at the same moment either waits for this withdrawal (and then cancels it) or is seen.
DROP FUNCTION withdrawal_request(text, text, text, text, bigint, integer, text, text, text, text, integer, integer, text, timestamptz, text, text, text);
CREATE FUNCTION withdrawal_request(
  p_uid text, p_method text, p_asset text, p_address text, p_bank_name text, p_account_number text, p_routing_number text,
  p_amount bigint, p_max_open integer, p_reason text,
  p_key text, p_hash text, p_claim text, p_ttl_hours integer, p_stale_minutes integer,
  p_lock_hash text, p_lock_expires timestamptz, p_mail_id text, p_mail_subject text, p_mail_body text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  owner_name text;
  owner_email text;
  owner_frozen timestamptz;
  open_count integer;
  w withdrawals;
  record jsonb;
BEGIN
  IF p_key IS NOT NULL AND NOT idempotency_claim(p_uid, p_key, 'createWithdrawal', p_hash, p_claim, p_ttl_hours, p_stale_minutes) THEN
    RETURN jsonb_build_object('claimed', false, 'key', (
      SELECT jsonb_build_object('request_hash', request_hash, 'status', status, 'response_status', response_status, 'response_body', response_body)
      FROM idempotency_keys WHERE uid = p_uid AND key = p_key));
  END IF;
  SELECT name, email, frozen_at INTO owner_name, owner_email, owner_frozen FROM users WHERE id = p_uid FOR SHARE;
  IF owner_frozen IS NOT NULL THEN
    RAISE EXCEPTION 'Account frozen' USING ERRCODE = 'HL004';
  END IF;
  -- One more open withdrawal, under the cap; the row lock queues the user's concurrent requests.
  INSERT INTO open_withdrawals AS o (uid, n) VALUES (p_uid, 1)
    ON CONFLICT (uid) DO UPDATE SET n = o.n + 1 WHERE o.n < p_max_open;
  IF NOT FOUND THEN
    SELECT n INTO open_count FROM open_withdrawals WHERE uid = p_uid;
    RAISE EXCEPTION 'Too many open withdrawals' USING ERRCODE = 'HL003', DETAIL = COALESCE(open_count, 0)::text;
  END IF;
  INSERT INTO withdrawals (uid, method, asset, address, bank_name, account_number, routing_number, amount_cents)
    VALUES (p_uid, p_method, p_asset, p_address, p_bank_name, p_account_number, p_routing_number, p_amount) RETURNING * INTO w;
  PERFORM ledger_transfer('available:' || p_asset || ':' || p_uid, 'held:' || p_asset || ':' || p_uid, p_asset, p_amount, p_uid, 'held',
                          'withdrawal_hold', p_uid, p_reason, 'withdrawal', w.id, NULL);
  -- Without one only for the demo seed (server/src/seed).
  IF p_lock_hash IS NOT NULL THEN
    PERFORM security_alert_add(p_uid, p_lock_hash, p_lock_expires, p_mail_id, owner_email, p_mail_subject, p_mail_body);
  END IF;
  record := to_jsonb(w) || jsonb_build_object('user_name', owner_name, 'user_email', owner_email);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET status = 'done', response_status = 201, response_body = jsonb_build_object('record', record)
      WHERE uid = p_uid AND key = p_key AND claim = p_claim;
  END IF;
  RETURN jsonb_build_object('claimed', true, 'record', record);
END
$$;
