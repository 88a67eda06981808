-- The ledger as a narrow data plane (issue 31 item 2; docs/ledger.md "Functions").
--
-- 1. What the ledger implies, held by the database: a transfer's kind is one of the known kinds,
--    and both of its accounts exist in the transfer's asset (one foreign key each on
--    (account, asset), which replace the plain ones on the account alone: as many checks per
--    transfer as before).
ALTER TABLE transfers ADD CONSTRAINT transfers_kind_known CHECK (kind IN (
  'deposit', 'withdrawal_hold', 'withdrawal_payout', 'withdrawal_release',
  'investment_lock', 'investment_stop_principal', 'maturity_principal', 'maturity_earnings',
  'earnings_credit', 'earnings_deduct'
));
ALTER TABLE accounts ADD CONSTRAINT accounts_id_asset UNIQUE (id, asset);
ALTER TABLE transfers DROP CONSTRAINT transfers_debit_account_fkey;
ALTER TABLE transfers DROP CONSTRAINT transfers_credit_account_fkey;
ALTER TABLE transfers ADD CONSTRAINT transfers_debit_account_asset FOREIGN KEY (debit_account, asset) REFERENCES accounts (id, asset);
ALTER TABLE transfers ADD CONSTRAINT transfers_credit_account_asset FOREIGN KEY (credit_account, asset) REFERENCES accounts (id, asset);

-- 2. A movement: the transfers of one business event (a maturity's principal and its returns),
--    named by its first transfer. movement_id points a later leg at that first transfer; it is
--    NULL on the first (or only) one, so a movement's id is COALESCE(movement_id, id) and a
--    transfer of its own costs nothing more. The statement shows a movement as one row, its
--    transfers as the row's legs. Before this migration, a maturity's two transfers (same
--    investment, same transaction) were the only movement of more than one.
ALTER TABLE transfers ADD COLUMN movement_id bigint REFERENCES transfers (id);
ALTER TABLE transfers DISABLE TRIGGER transfers_no_update_delete;
UPDATE transfers t SET movement_id = p.id
  FROM transfers p
  WHERE t.kind = 'maturity_earnings' AND p.kind = 'maturity_principal' AND p.ref_type = t.ref_type AND p.ref_id = t.ref_id;
ALTER TABLE transfers ENABLE TRIGGER transfers_no_update_delete;

-- ledger_transfer (migration 018) with the movement it is a later leg of (p_movement: the first
-- transfer's id; NULL starts a movement).
DROP FUNCTION ledger_transfer(text, text, text, bigint, text, text, text, text, text, text, text, bigint);
CREATE FUNCTION ledger_transfer(
  p_debit text, p_credit text, p_asset text, p_amount bigint, p_credit_owner text, p_credit_kind text,
  p_kind text, p_actor text, p_reason text, p_ref_type text, p_ref_id text, p_inflow_ceiling bigint,
  p_movement bigint DEFAULT NULL
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  transfer_id bigint;
  deposited bigint := CASE WHEN p_kind = 'deposit' THEN p_amount ELSE 0 END;
  paid_out bigint := CASE WHEN p_kind = 'withdrawal_payout' THEN p_amount ELSE 0 END;
BEGIN
  IF p_debit < p_credit THEN
    UPDATE accounts SET balance = balance - p_amount, paid_out_cents = paid_out_cents + paid_out
      WHERE id = p_debit AND (owner IS NULL OR balance >= p_amount);
    IF NOT FOUND THEN RAISE EXCEPTION 'Insufficient balance' USING ERRCODE = 'HL001'; END IF;
  END IF;
  INSERT INTO accounts (id, owner, kind, asset, balance, deposited_cents) VALUES (p_credit, p_credit_owner, p_credit_kind, p_asset, p_amount, deposited)
    ON CONFLICT (id) DO UPDATE SET balance = accounts.balance + EXCLUDED.balance, deposited_cents = accounts.deposited_cents + EXCLUDED.deposited_cents;
  IF p_debit > p_credit THEN
    UPDATE accounts SET balance = balance - p_amount, paid_out_cents = paid_out_cents + paid_out
      WHERE id = p_debit AND (owner IS NULL OR balance >= p_amount);
    IF NOT FOUND THEN RAISE EXCEPTION 'Insufficient balance' USING ERRCODE = 'HL001'; END IF;
  END IF;
  IF p_inflow_ceiling IS NOT NULL THEN
    UPDATE ledger_inflow SET total = total + p_amount WHERE total <= p_inflow_ceiling - p_amount;
    IF NOT FOUND THEN RAISE EXCEPTION 'Inflow ceiling reached' USING ERRCODE = 'HL002'; END IF;
  END IF;
  INSERT INTO transfers (debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id, movement_id)
    VALUES (p_debit, p_credit, p_asset, p_amount, p_kind, p_actor, p_reason, p_ref_type, p_ref_id, p_movement)
    RETURNING id INTO transfer_id;
  RETURN transfer_id;
END
$$;

-- 3. One way to keep an Idempotency-Key's answer (server/src/ledger/idempotency.ts), for a
--    request of several statements and for one composed into a single statement alike:
--    idempotency_claim (018) takes the key, idempotency_keep stores the answer over this
--    request's own claim, idempotency_held reads what holds the key otherwise. A claim presumed
--    dead and taken over by another request raises HL005: the move rolls back with it.
CREATE FUNCTION idempotency_keep(p_uid text, p_key text, p_claim text, p_status integer, p_body jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE idempotency_keys SET status = 'done', response_status = p_status, response_body = p_body
    WHERE uid = p_uid AND key = p_key AND claim = p_claim AND status = 'in_flight';
  IF NOT FOUND THEN RAISE EXCEPTION 'Idempotency-Key taken over' USING ERRCODE = 'HL005'; END IF;
END
$$;

CREATE FUNCTION idempotency_held(p_uid text, p_key text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('request_hash', request_hash, 'status', status, 'response_status', response_status, 'response_body', response_body)
    FROM idempotency_keys WHERE uid = p_uid AND key = p_key
$$;

-- 4. withdrawal_request (022) moves money only: it files the withdrawal under the open-requests cap
--    and holds its funds, and returns the withdrawal with its owner's name and email. The key and
--    the alert are the withdrawal service's, composed around it in the same statement
--    (server/src/services/withdrawals.ts).
DROP FUNCTION withdrawal_request(text, text, text, text, text, text, text, bigint, integer, text, text, text, text, integer, integer, text, timestamptz, text, text, text);
CREATE FUNCTION withdrawal_request(
  p_uid text, p_method text, p_asset text, p_address text, p_bank_name text, p_account_number text, p_routing_number text,
  p_amount bigint, p_max_open integer, p_reason text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  owner_name text;
  owner_email text;
  owner_frozen timestamptz;
  open_count integer;
  w withdrawals;
BEGIN
  -- FOR SHARE: a lock link freezing the account at the same moment either waits for this
  -- withdrawal (and then cancels it) or is seen.
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
  RETURN to_jsonb(w) || jsonb_build_object('user_name', owner_name, 'user_email', owner_email);
END
$$;
