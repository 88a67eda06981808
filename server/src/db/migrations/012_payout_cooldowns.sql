-- The payout book (issue 12 item 1; docs/security.md "Payout addresses"): when each saved payout
-- destination (bitcoin, ethereum, sol, usdt, bank) may first be used, and when the password last
-- changed (withdrawals pause after it).
ALTER TABLE users ADD COLUMN payout_usable_from jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
