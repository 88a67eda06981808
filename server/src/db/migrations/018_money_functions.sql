-- Money moves as server-side functions (issue 11 item 4; docs/ledger.md "Functions"): a request
-- that moves money is one statement, one round trip, its own transaction when sent alone. Each
-- statement of a plpgsql function takes a fresh snapshot under READ COMMITTED, so a count made
-- after a row lock sees what the lock holder committed, as it did when these were separate
-- statements. Refusals are raised with the SQLSTATEs below (ledgerRefusal in
-- server/src/ledger/transfer.ts and openRequestsRefusal in server/src/services/request-limits.ts
-- map them to API errors), so nothing of a refused move is kept. Migration 019 redefines
-- user_figures below; 022 and 024 redefine withdrawal_request, 024 ledger_transfer.
--   HL001  a user account's balance is short (or the account does not exist yet)
--   HL002  the gross inflow would pass its ceiling (migration 005)
--   HL003  the user already has their maximum of open requests; DETAIL: how many

-- The profile's Total Deposit and Total Withdrawals (server/src/ledger/figures.ts) per account:
-- what came in by deposits, what left by approved withdrawals. ledger_transfer keeps them in the
-- same row update that moves the balance, so a profile reads the user's few accounts instead of
-- all their requests; checkLedger (server/src/ledger/invariants.ts) checks them against the transfers.
ALTER TABLE accounts ADD COLUMN deposited_cents bigint NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN paid_out_cents bigint NOT NULL DEFAULT 0;
UPDATE accounts a SET deposited_cents = t.total
FROM (SELECT credit_account, SUM(amount_cents) AS total FROM transfers WHERE kind = 'deposit' GROUP BY credit_account) t
WHERE t.credit_account = a.id;
UPDATE accounts a SET paid_out_cents = t.total
FROM (SELECT debit_account, SUM(amount_cents) AS total FROM transfers WHERE kind = 'withdrawal_payout' GROUP BY debit_account) t
WHERE t.debit_account = a.id;

-- Open withdrawals per investor (pending or processing: their funds are held). withdrawal_request
-- adds one under MAX_PENDING_WITHDRAWALS and a decision that ends one takes it off
-- (server/src/services/withdrawals.ts), so the cap is checked on this one row rather than
-- by counting the investor's open withdrawals (with a high cap, as the bench runs, they pile up by
-- the hundred). Its row lock queues one investor's concurrent requests. checkLedger compares it
-- with a count.
CREATE TABLE open_withdrawals (
  uid text PRIMARY KEY REFERENCES users (id),
  n integer NOT NULL CHECK (n >= 0)
);
INSERT INTO open_withdrawals (uid, n)
SELECT uid, count(*) FROM withdrawals WHERE status IN ('pending', 'processing') GROUP BY uid;
-- Nothing counts them by investor any more: one index fewer to write per withdrawal.
DROP INDEX withdrawals_open_uid_idx;

-- One transfer: debit, credit and its record (ledger.md rules 1 and 2). Both account rows are
-- locked in id order, so two moves between the same accounts in opposite directions queue
-- instead of deadlocking. The debit is a conditional UPDATE: the row lock makes PostgreSQL
-- re-check `balance >= amount` against the committed balance. Money out of a platform account
-- (p_inflow_ceiling given) also grows ledger_inflow, last, so that one global row is never held
-- while waiting for an account. Deposits and payouts also count into the accounts' totals above.
CREATE FUNCTION ledger_transfer(
  p_debit text, p_credit text, p_asset text, p_amount bigint, p_credit_owner text, p_credit_kind text,
  p_kind text, p_actor text, p_reason text, p_ref_type text, p_ref_id text, p_inflow_ceiling bigint
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
  INSERT INTO transfers (debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id)
    VALUES (p_debit, p_credit, p_asset, p_amount, p_kind, p_actor, p_reason, p_ref_type, p_ref_id)
    RETURNING id INTO transfer_id;
  RETURN transfer_id;
END
$$;

-- Takes an Idempotency-Key for a request (server/src/ledger/idempotency.ts): new, expired,
-- abandoned in flight, or already held by this same claim. False: someone else's answer or
-- request holds it.
CREATE FUNCTION idempotency_claim(
  p_uid text, p_key text, p_route text, p_hash text, p_claim text, p_ttl_hours integer, p_stale_minutes integer
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO idempotency_keys AS k (uid, key, route, request_hash, status, claim)
    VALUES (p_uid, p_key, p_route, p_hash, 'in_flight', p_claim)
  ON CONFLICT (uid, key) DO UPDATE
    SET route = EXCLUDED.route, request_hash = EXCLUDED.request_hash, status = 'in_flight', claim = EXCLUDED.claim,
        response_status = NULL, response_body = NULL, created_at = now()
    WHERE k.created_at < now() - make_interval(hours => p_ttl_hours)
       OR (k.status = 'in_flight' AND k.created_at < now() - make_interval(mins => p_stale_minutes))
       OR (k.status = 'in_flight' AND k.claim = EXCLUDED.claim);
  RETURN FOUND;
END
$$;

-- A mail into the outbox (server/src/mail/outbox.ts), opened by the recipient's anti-phishing
-- phrase when they set one (docs/security.md "Alerts").
-- plpgsql rather than sql: its statements' plans are kept per connection.
CREATE FUNCTION mail_outbox_add(p_id text, p_to text, p_subject text, p_body text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mail_outbox (id, to_address, subject, body)
  SELECT p_id, p_to, p_subject,
         COALESCE((SELECT 'Your anti-phishing phrase: ' || u.anti_phishing_phrase || E'\n\n'
                   FROM users u WHERE u.email = p_to AND u.anti_phishing_phrase <> ''), '') || p_body;
END
$$;

-- A security alert (server/src/services/alerts.ts): its single-use lock link and its mail.
CREATE FUNCTION security_alert_add(
  p_uid text, p_lock_hash text, p_lock_expires timestamptz, p_mail_id text, p_to text, p_subject text, p_body text
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_lock_links (token_hash, uid, expires_at) VALUES (p_lock_hash, p_uid, p_lock_expires);
  PERFORM mail_outbox_add(p_mail_id, p_to, p_subject, p_body);
END
$$;

-- POST /api/withdrawal after its checks in the route (server/src/features/withdrawals): takes the
-- Idempotency-Key (when p_key is given), adds one to the user's open withdrawals under the cap,
-- files the withdrawal, holds its funds (available → held), records its alert and stores the
-- answer under the key, all in this one statement. Returns {"claimed": false, "key": <the key's
-- row>} when another request or answer holds the key, else {"claimed": true, "record": <the
-- withdrawal with its owner's name and email>}, which is also the stored answer.
CREATE FUNCTION withdrawal_request(
  p_uid text, p_method text, p_asset text, p_address text, p_amount bigint, p_max_open integer, p_reason text,
  p_key text, p_hash text, p_claim text, p_ttl_hours integer, p_stale_minutes integer,
  p_lock_hash text, p_lock_expires timestamptz, p_mail_id text, p_mail_subject text, p_mail_body text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  owner_name text;
  owner_email text;
  open_count integer;
  w withdrawals;
  record jsonb;
BEGIN
  IF p_key IS NOT NULL AND NOT idempotency_claim(p_uid, p_key, 'createWithdrawal', p_hash, p_claim, p_ttl_hours, p_stale_minutes) THEN
    RETURN jsonb_build_object('claimed', false, 'key', (
      SELECT jsonb_build_object('request_hash', request_hash, 'status', status, 'response_status', response_status, 'response_body', response_body)
      FROM idempotency_keys WHERE uid = p_uid AND key = p_key));
  END IF;
  -- One more open withdrawal, under the cap; the row lock queues the user's concurrent requests.
  INSERT INTO open_withdrawals AS o (uid, n) VALUES (p_uid, 1)
    ON CONFLICT (uid) DO UPDATE SET n = o.n + 1 WHERE o.n < p_max_open;
  IF NOT FOUND THEN
    SELECT n INTO open_count FROM open_withdrawals WHERE uid = p_uid;
    RAISE EXCEPTION 'Too many open withdrawals' USING ERRCODE = 'HL003', DETAIL = COALESCE(open_count, 0)::text;
  END IF;
  SELECT name, email INTO owner_name, owner_email FROM users WHERE id = p_uid;
  INSERT INTO withdrawals (uid, method, asset, address, amount_cents) VALUES (p_uid, p_method, p_asset, p_address, p_amount) RETURNING * INTO w;
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

-- PATCH /api/admin/deposits/:id/:method/approve: pending → approved with the method the admin
-- confirms, and its money: custody:{asset} → available:{asset}:{uid} (inflow). No row: the
-- deposit is not pending (or does not exist), and nothing changed.
CREATE FUNCTION deposit_approve(p_id text, p_method text, p_asset text, p_admin text, p_reason text, p_inflow_ceiling bigint)
RETURNS TABLE (id text, uid text, method text, amount_cents bigint, status text, created_at timestamptz, decided_at timestamptz, user_name text, user_email text)
LANGUAGE plpgsql AS $$
DECLARE
  d deposits;
BEGIN
  UPDATE deposits SET status = 'approved', method = p_method, decided_at = now(), decided_by = p_admin
    WHERE deposits.id = p_id AND deposits.status = 'pending' RETURNING * INTO d;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM ledger_transfer('custody:' || p_asset, 'available:' || p_asset || ':' || d.uid, p_asset, d.amount_cents, d.uid, 'available',
                          'deposit', p_admin, p_reason, 'deposit', d.id, p_inflow_ceiling);
  RETURN QUERY SELECT d.id, d.uid, d.method, d.amount_cents, d.status, d.created_at, d.decided_at, u.name, u.email FROM users u WHERE u.id = d.uid;
END
$$;

-- The money figures and copied traders of investors (server/src/services/profile.ts: a profile,
-- a page of the admin's users), from their few accounts (deposited_cents and paid_out_cents
-- above). A function so that its plan is generic: as a prepared statement, an array parameter
-- made PostgreSQL plan it anew on every execution (a custom plan always looked cheaper than one
-- for an array of unknown length), a third of its cost per profile read (bench/RESULTS.md).
CREATE FUNCTION user_figures(p_uids text[])
RETURNS TABLE (uid text, btc text, usdt text, eth text, sol text, earnings text, deposits text, withdrawals text, copy_traders text[])
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  WITH ids AS (SELECT DISTINCT unnest(p_uids) AS id),
  acc AS (
    SELECT a.owner,
           SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'btc') AS btc,
           SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'usdt') AS usdt,
           SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'eth') AS eth,
           SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'sol') AS sol,
           SUM(a.balance) FILTER (WHERE a.kind = 'earnings') AS earnings,
           SUM(a.deposited_cents) AS deposits,
           SUM(a.paid_out_cents) AS withdrawals
    FROM accounts a WHERE a.owner = ANY(p_uids) GROUP BY a.owner
  )
  SELECT ids.id,
         COALESCE(acc.btc, 0)::text, COALESCE(acc.usdt, 0)::text, COALESCE(acc.eth, 0)::text, COALESCE(acc.sol, 0)::text,
         COALESCE(acc.earnings, 0)::text, COALESCE(acc.deposits, 0)::text, COALESCE(acc.withdrawals, 0)::text,
         COALESCE((SELECT array_agg(c.trader_id ORDER BY c.created_at, c.trader_id) FROM user_copy_traders c WHERE c.user_id = ids.id), '{}'::text[])
  FROM ids LEFT JOIN acc ON acc.owner = ids.id;
END
$$;
