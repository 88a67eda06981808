-- GET /api/user/profile's one statement (server/src/auth/sessions.ts sessionCaller with the caller's
-- figures, migration 018's user_figures) as a pgbench script: what PostgreSQL alone does per
-- profile read. On a database the server migrated, with investors:
--   pgbench -n -M prepared -c 10 -j 2 -T 8 -f bench/sql/profile-reads.sql <url>
-- (-M prepared: the variable is a parameter and the plan is kept, as with the server's named
-- statements; the first line picks a random investor, extra work the server does not do).
\set n random(0, 99)
SELECT id AS uid FROM users WHERE role = 'user' ORDER BY id OFFSET :n LIMIT 1 \gset
SELECT u.*, (SELECT to_jsonb(f) FROM user_figures(ARRAY[u.id]) f) AS figures,
       EXISTS (SELECT 1 FROM revoked_tokens WHERE token_hash = 'h') OR COALESCE(s.ended_at IS NOT NULL, false) AS ended,
       COALESCE(72 > 0 AND s.last_seen_at < now() - make_interval(hours => 72), false) AS idle,
       COALESCE(s.last_seen_at < now() - make_interval(secs => 60), false) AS stale
  FROM (SELECT * FROM users WHERE id = :uid) u LEFT JOIN sessions s ON s.id = 'bench';
