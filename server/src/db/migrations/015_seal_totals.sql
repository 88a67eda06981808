-- The admin overview's figures without summing every account (issue 10; ledger/kind-totals.ts):
-- each seal keeps, per account kind and asset, the sum of balances as of its last transfer
-- ({"available:usdt": "<cents>", …}). Seals written before this have none; the next seal is
-- computed from the whole ledger once, by the job. Not part of the seal's hash.
ALTER TABLE ledger_seals ADD COLUMN totals jsonb;
-- Balances the overview leaves out (closed investor accounts, staff): few, found by this index.
CREATE INDEX users_not_open_investor_idx ON users (id) WHERE closed_at IS NOT NULL OR role <> 'user';
