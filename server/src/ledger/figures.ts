import type { FiguresRow } from '../db/figures';
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

export function toFigures(r: FiguresRow): UserFigures {
  const btcBal = dbUsd(r.btc);
  const usdtBal = dbUsd(r.usdt);
  const ethBal = dbUsd(r.eth);
  const solBal = dbUsd(r.sol);
  // Summed in cents so the total has no float drift.
  const balance = dbUsd(BigInt(r.btc) + BigInt(r.usdt) + BigInt(r.eth) + BigInt(r.sol));
  return { balance, btcBal, usdtBal, ethBal, solBal, earnings: dbUsd(r.earnings), totalDeposits: dbUsd(r.deposits), totalWithdrawals: dbUsd(r.withdrawals) };
}
