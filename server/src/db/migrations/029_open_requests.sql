-- The requests still in progress of one investor (GET /transaction/all?open=true, the dashboard's
-- deposits and withdrawals in progress), read without walking the investor's whole history:
-- deposits pending, withdrawals waiting for a decision and investments not ended, newest first.
-- A withdrawal approved and still being paid is found from the payouts not yet confirmed
-- (payouts_open), which are few whatever the history (server/src/services/transactions.ts).
CREATE INDEX deposits_open_uid_created_idx ON deposits (uid, created_at, id) WHERE status = 'pending';
-- The new index leads with uid under the same condition: it serves what this one did (006).
DROP INDEX deposits_pending_uid_idx;
CREATE INDEX withdrawals_open_uid_created_idx ON withdrawals (uid, created_at, id) WHERE status IN ('pending', 'processing');
CREATE INDEX investments_open_uid_created_idx ON investments (uid, created_at, id) WHERE status <> 'ended';
