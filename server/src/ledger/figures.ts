import { dbUsd } from './money';

/** The money figures of a user profile, all derived from the ledger (ledger.md "Derived figures"). USD. */
export interface UserFigures {
  /** Sum of the four available balances */
  balance: number;
  btcBal: number;
  usdtBal: number;
  ethBal: number;
  solBal: number;
  earnings: number;
  /** Sum of approved deposits */
  totalDeposits: number;
  /** Sum of approved withdrawals */
  totalWithdrawals: number;
}

export interface FiguresRow {
  uid: string;
  btc: string;
  usdt: string;
  eth: string;
  sol: string;
  earnings: string;
  deposits: string;
  withdrawals: string;
}

// One query for any number of users, over their few accounts: balances by account kind, and the
// approved deposits and withdrawals as the accounts count them (migration 018; checkLedger checks
// those against the transfers).
export const FIGURES_SQL = `
WITH ids AS (SELECT DISTINCT unnest($1::text[]) AS uid),
acc AS (
  SELECT owner AS uid,
         SUM(balance) FILTER (WHERE kind = 'available' AND asset = 'btc') AS btc,
         SUM(balance) FILTER (WHERE kind = 'available' AND asset = 'usdt') AS usdt,
         SUM(balance) FILTER (WHERE kind = 'available' AND asset = 'eth') AS eth,
         SUM(balance) FILTER (WHERE kind = 'available' AND asset = 'sol') AS sol,
         SUM(balance) FILTER (WHERE kind = 'earnings') AS earnings,
         SUM(deposited_cents) AS deposits,
         SUM(paid_out_cents) AS withdrawals
  FROM accounts WHERE owner = ANY($1::text[]) GROUP BY owner
)
SELECT ids.uid,
       COALESCE(acc.btc, 0)::text AS btc, COALESCE(acc.usdt, 0)::text AS usdt,
       COALESCE(acc.eth, 0)::text AS eth, COALESCE(acc.sol, 0)::text AS sol,
       COALESCE(acc.earnings, 0)::text AS earnings,
       COALESCE(acc.deposits, 0)::text AS deposits, COALESCE(acc.withdrawals, 0)::text AS withdrawals
FROM ids
LEFT JOIN acc ON acc.uid = ids.uid`;

export function toFigures(r: FiguresRow): UserFigures {
  const btcBal = dbUsd(r.btc);
  const usdtBal = dbUsd(r.usdt);
  const ethBal = dbUsd(r.eth);
  const solBal = dbUsd(r.sol);
  // Summed in cents so the total has no float drift.
  const balance = dbUsd(BigInt(r.btc) + BigInt(r.usdt) + BigInt(r.eth) + BigInt(r.sol));
  return { balance, btcBal, usdtBal, ethBal, solBal, earnings: dbUsd(r.earnings), totalDeposits: dbUsd(r.deposits), totalWithdrawals: dbUsd(r.withdrawals) };
}
