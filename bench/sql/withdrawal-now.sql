-- The statements POST /api/withdrawal sends today (server/src/ledger, features/withdrawals), as a
-- pgbench script: what PostgreSQL alone can do with that shape. Run on a database the server
-- migrated and funded: pgbench -n -c 10 -j 2 -T 15 -f bench/sql/withdrawal-now.sql <url>
-- (the first line picks a random investor; it is extra work the server does not do).
\set n random(0, 19)
SELECT id AS uid, md5(random()::text) AS k FROM users WHERE role = 'user' ORDER BY id OFFSET :n LIMIT 1 \gset
SELECT role, token_version, closed_at FROM users WHERE id = ':uid';
INSERT INTO idempotency_keys (uid, key, route, request_hash, status, claim) VALUES (':uid', ':k', 'createWithdrawal', 'h', 'in_flight', 'c');
BEGIN;
INSERT INTO withdrawals (uid, method, asset, address, amount_cents) VALUES (':uid', 'usdt', 'usdt', 'x', 1) RETURNING id AS wid \gset
UPDATE accounts SET balance = balance - 1 WHERE id = 'available:usdt:' || ':uid' AND balance >= 1 RETURNING id;
INSERT INTO accounts (id, owner, kind, asset, balance) VALUES ('held:usdt:' || ':uid', ':uid', 'held', 'usdt', 1) ON CONFLICT (id) DO UPDATE SET balance = accounts.balance + EXCLUDED.balance;
INSERT INTO transfers (debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id) VALUES ('available:usdt:' || ':uid', 'held:usdt:' || ':uid', 'usdt', 1, 'withdrawal_hold', ':uid', 'bench', 'withdrawal', ':wid') RETURNING id;
UPDATE idempotency_keys SET status = 'done', response_status = 201, response_body = '{}'::jsonb WHERE uid = ':uid' AND key = ':k' AND claim = 'c' AND status = 'in_flight';
END;
