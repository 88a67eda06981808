-- The statements POST /api/withdrawal sends today (server/src/auth/sessions.ts, then the withdrawal
-- service's one statement around migration 024's withdrawal_request), as a pgbench script: what PostgreSQL alone can do with that shape. Run on a
-- database the server migrated and funded (a bench run kept alive, or halcyon's own):
--   pgbench -n -M prepared -c 10 -j 2 -T 15 -f bench/sql/withdrawal-now.sql <url>
-- (-M prepared: the variables are parameters, and plans are kept, as the server's named statements are)
-- The first line picks a random investor (extra work the server does not do); the open-request cap
-- is set out of reach, as the bench's server runs.
\set n random(0, 19)
SELECT id AS uid, md5(random()::text) AS k FROM users WHERE role = 'user' ORDER BY id OFFSET :n LIMIT 1 \gset
SELECT u.*, EXISTS (SELECT 1 FROM revoked_tokens WHERE token_hash = 'h') OR COALESCE(s.ended_at IS NOT NULL, false) AS ended,
       COALESCE(72 > 0 AND s.last_seen_at < now() - make_interval(hours => 72), false) AS idle,
       COALESCE(s.last_seen_at < now() - make_interval(secs => 60), false) AS stale
  FROM (SELECT * FROM users WHERE id = :uid) u LEFT JOIN sessions s ON s.id = 'bench';
-- The withdrawal service's one statement (server/src/services/withdrawals.ts requestWithdrawal):
-- the key's claim, the money function, the alert and the kept answer.
WITH claim AS (SELECT idempotency_claim(:uid, :k, 'createWithdrawal', 'h', 'c', 24, 5) AS taken),
     moved AS (SELECT withdrawal_request(:uid, 'usdt', 'usdt', 'x', NULL, NULL, NULL, 1, 1000000000, 'Withdrawal requested (usdt)') AS record FROM claim WHERE taken),
     alerted AS (SELECT security_alert_add(:uid, md5(random()::text), now() + interval '7 days', md5(random()::text), 'x@example.com', 'Halcyon: withdrawal requested', 'body') FROM moved),
     kept AS (SELECT idempotency_keep(:uid, :k, 'c', 201, jsonb_build_object('record', record)) FROM moved)
SELECT (SELECT record FROM moved) AS record, (SELECT count(*) FROM alerted) AS alerts, (SELECT count(*) FROM kept) AS kept,
       (SELECT idempotency_held(:uid, :k) FROM claim WHERE NOT taken) AS held;
