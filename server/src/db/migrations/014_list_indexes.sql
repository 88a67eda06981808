-- Every list is read a page at a time in a fixed order (docs/api.md "Lists"): each order and
-- filter has an index whose columns end in the order's key, so a page is an index range scan
-- whatever the page's depth and the platform's size.

-- Search (`q`) by substring of name, username or email: trigram index on one lower-cased string.
-- In `public` because the test suite gives each file its own schema; pg_trgm is a trusted
-- extension (PostgreSQL 13+), so a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE INDEX users_search_idx ON users USING gin ((lower(name || ' ' || username || ' ' || email)) public.gin_trgm_ops);

-- Open investor accounts: newest/oldest and by name.
CREATE INDEX users_open_created_idx ON users (created_at, id) WHERE role = 'user' AND closed_at IS NULL;
CREATE INDEX users_open_name_idx ON users (lower(name), id) WHERE role = 'user' AND closed_at IS NULL;

-- Requests: by date, by status or owner then date, by amount.
DROP INDEX deposits_uid_idx;
CREATE INDEX deposits_created_idx ON deposits (created_at, id);
CREATE INDEX deposits_status_created_idx ON deposits (status, created_at, id);
CREATE INDEX deposits_uid_created_idx ON deposits (uid, created_at, id);
CREATE INDEX deposits_amount_idx ON deposits (amount_cents, id);

DROP INDEX withdrawals_uid_idx;
CREATE INDEX withdrawals_created_idx ON withdrawals (created_at, id);
CREATE INDEX withdrawals_status_created_idx ON withdrawals (status, created_at, id);
CREATE INDEX withdrawals_uid_created_idx ON withdrawals (uid, created_at, id);
CREATE INDEX withdrawals_amount_idx ON withdrawals (amount_cents, id);

-- Net earnings per investment, kept by the database as its earnings transfers are written (the
-- ledger stays the truth: `ledger/invariants.ts` checks this column against it), so Top Earnings
-- can be ordered and paged by it.
ALTER TABLE investments ADD COLUMN earnings_cents bigint NOT NULL DEFAULT 0;
UPDATE investments i SET earnings_cents = e.net
FROM (SELECT ref_id, SUM(CASE WHEN kind = 'earnings_deduct' THEN -amount_cents ELSE amount_cents END) AS net
      FROM transfers WHERE ref_type = 'investment' AND kind IN ('earnings_credit', 'earnings_deduct', 'maturity_earnings')
      GROUP BY ref_id) e
WHERE e.ref_id = i.id;

-- Earnings movements are listed from transfers (features/earnings), so this view has no reader.
DROP VIEW earning_entries;

CREATE FUNCTION investments_count_earnings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE investments
  SET earnings_cents = earnings_cents + CASE WHEN NEW.kind = 'earnings_deduct' THEN -NEW.amount_cents ELSE NEW.amount_cents END
  WHERE id = NEW.ref_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER transfers_count_earnings AFTER INSERT ON transfers
  FOR EACH ROW WHEN (NEW.ref_type = 'investment' AND NEW.kind IN ('earnings_credit', 'earnings_deduct', 'maturity_earnings'))
  EXECUTE FUNCTION investments_count_earnings();

DROP INDEX investments_uid_idx;
CREATE INDEX investments_created_idx ON investments (created_at, id);
CREATE INDEX investments_status_created_idx ON investments (status, created_at, id);
CREATE INDEX investments_uid_created_idx ON investments (uid, created_at, id);
CREATE INDEX investments_amount_idx ON investments (amount_cents, id);
CREATE INDEX investments_earnings_idx ON investments (earnings_cents, id);

-- Ledger movements that are listed as transactions or earnings (not requests): by date.
CREATE INDEX transfers_listed_created_idx ON transfers (created_at, id)
  WHERE kind IN ('investment_stop_principal', 'maturity_principal', 'earnings_credit', 'earnings_deduct', 'maturity_earnings');

CREATE INDEX plans_created_idx ON plans (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX traders_created_idx ON traders (created_at, id);
CREATE INDEX traders_name_idx ON traders (lower(name), id);
CREATE INDEX admin_invites_created_idx ON admin_invites (created_at, code);
