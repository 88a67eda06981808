-- The same withdrawal with the Idempotency-Key claim inside the money transaction and the
-- transfer as one CTE statement (findings in bench/RESULTS.md): 1 write commit instead of 2.
\set n random(0, 19)
SELECT id AS uid, md5(random()::text) AS k FROM users WHERE role = 'user' ORDER BY id OFFSET :n LIMIT 1 \gset
SELECT role, token_version, closed_at FROM users WHERE id = ':uid';
BEGIN;
WITH claim AS (INSERT INTO idempotency_keys (uid, key, route, request_hash, status, claim) VALUES (':uid', ':k', 'createWithdrawal', 'h', 'in_flight', 'c') ON CONFLICT DO NOTHING RETURNING uid),
w AS (INSERT INTO withdrawals (uid, method, asset, address, amount_cents) SELECT ':uid', 'usdt', 'usdt', 'x', 1 FROM claim RETURNING id),
d AS (UPDATE accounts SET balance = balance - 1 WHERE id = 'available:usdt:' || ':uid' AND balance >= 1 AND EXISTS (SELECT 1 FROM claim) RETURNING id),
c AS (INSERT INTO accounts (id, owner, kind, asset, balance) SELECT 'held:usdt:' || ':uid', ':uid', 'held', 'usdt', 1 FROM d ON CONFLICT (id) DO UPDATE SET balance = accounts.balance + EXCLUDED.balance RETURNING id),
t AS (INSERT INTO transfers (debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id) SELECT d.id, c.id, 'usdt', 1, 'withdrawal_hold', ':uid', 'bench', 'withdrawal', w.id FROM d, c, w RETURNING id)
SELECT w.id AS wid, t.id AS tid FROM w, t \gset
UPDATE idempotency_keys SET status = 'done', response_status = 201, response_body = '{}'::jsonb WHERE uid = ':uid' AND key = ':k';
END;
