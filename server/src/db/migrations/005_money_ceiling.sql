-- Totals stay representable (issue 15, item 6; docs/ledger.md "Ceiling"). The API sends money as
-- JS numbers, exact only below 2^53. Every account balance, and every total the API serves, is
-- bounded by the gross inflow (all money that ever came in from a platform account: approved
-- deposits, earnings credits, maturity returns), so capping that one counter at 2^49 cents keeps
-- any account, any platform total and sums of a few of them far below 2^53.

-- One row: the gross inflow in cents. Only grows (payouts and deductions do not make room again).
-- transfer() bumps it in the same statement as every transfer out of a platform account, with a
-- conditional UPDATE that refuses (422 LIMIT_EXCEEDED) instead of passing the CHECK.
CREATE TABLE ledger_inflow (
  single boolean PRIMARY KEY DEFAULT true CHECK (single),
  total bigint NOT NULL CHECK (total >= 0),
  -- 2^49 cents (5,629,499,534,213.12 USD); INFLOW_CEILING_CENTS in server/src/ledger/transfer.ts
  CONSTRAINT ledger_inflow_ceiling CHECK (total <= 562949953421312)
);
-- Filled from the transfers so far; a ledger already past the ceiling fails this migration loudly.
INSERT INTO ledger_inflow (total)
SELECT COALESCE(SUM(t.amount_cents), 0) FROM transfers t JOIN accounts a ON a.id = t.debit_account WHERE a.owner IS NULL;

-- Last line of defence (the inflow ceiling keeps balances within ±2^49 already): ±2^50 cents.
ALTER TABLE accounts ADD CONSTRAINT accounts_balance_ceiling CHECK (balance BETWEEN -1125899906842624 AND 1125899906842624);
