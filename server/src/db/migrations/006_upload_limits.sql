-- Upload and request spam limits (issue 15, item 10; docs/security.md). Indexes only, so this
-- applies whatever other migrations ran before it.
-- Per-user quota (sum of sizes) and hourly count of uploads; the sweeper's scan by age.
CREATE INDEX IF NOT EXISTS uploads_user_created_idx ON uploads (uploaded_by, created_at) INCLUDE (size);
CREATE INDEX IF NOT EXISTS uploads_created_idx ON uploads (created_at);
-- Open requests per user, counted on every deposit or withdrawal request.
CREATE INDEX IF NOT EXISTS deposits_pending_uid_idx ON deposits (uid) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS withdrawals_open_uid_idx ON withdrawals (uid) WHERE status IN ('pending', 'processing');
