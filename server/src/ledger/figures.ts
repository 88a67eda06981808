import type { Portfolio } from '@halcyon/api-client/contract';
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

/** The four available balances, summed in cents so the total has no float drift. */
const availableCents = (r: FiguresRow): bigint => BigInt(r.btc) + BigInt(r.usdt) + BigInt(r.eth) + BigInt(r.sol);

/**
 * Everything the investor owns, USD (issue 29): the dashboard's "Total portfolio" and its parts.
 * Summed in cents; each part is the balance of the investor's accounts of that kind, so the
 * statement's entries explain every one.
 */
export function toPortfolio(r: FiguresRow): Portfolio {
  const available = availableCents(r);
  const total = available + BigInt(r.held) + BigInt(r.invested) + BigInt(r.earnings);
  return { available: dbUsd(available), held: dbUsd(r.held), invested: dbUsd(r.invested), earnings: dbUsd(r.earnings), total: dbUsd(total) };
}

export function toFigures(r: FiguresRow): UserFigures {
  const btcBal = dbUsd(r.btc);
  const usdtBal = dbUsd(r.usdt);
  const ethBal = dbUsd(r.eth);
  const solBal = dbUsd(r.sol);
  const balance = dbUsd(availableCents(r));
  return { balance, btcBal, usdtBal, ethBal, solBal, earnings: dbUsd(r.earnings), totalDeposits: dbUsd(r.deposits), totalWithdrawals: dbUsd(r.withdrawals) };
}
