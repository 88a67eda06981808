import type { Config } from '../config';
import { lockUserRow } from '../db/users';
import type { Queryable } from '../db/types';
import { unprocessable } from '../errors';
import { centsToUsd } from '../ledger/money';

type Limits = Config['requestLimits'];

/** Per kind of request: its table, which rows still await an admin, and the configured limits. */
const RULES = {
  deposit: { table: 'deposits', open: "status = 'pending'", maxOpen: (l: Limits) => l.maxPendingDeposits, maxUsd: (l: Limits) => l.maxDepositUsd },
  // Processing withdrawals still hold funds and await the payout: they count as open too.
  withdrawal: { table: 'withdrawals', open: "status IN ('pending', 'processing')", maxOpen: (l: Limits) => l.maxPendingWithdrawals, maxUsd: (l: Limits) => l.maxWithdrawalUsd },
} as const;

/**
 * Request spam limits (security.md), called in the request's own transaction before it writes:
 * 422 AMOUNT_ABOVE_MAXIMUM over MAX_DEPOSIT_USD / MAX_WITHDRAWAL_USD, 422 TOO_MANY_PENDING when the
 * user already has MAX_PENDING_* requests awaiting review. The user's row is locked before counting,
 * so concurrent requests of one user are counted one after the other and cannot pass the cap together.
 */
export async function checkRequestLimits(q: Queryable, limits: Limits, kind: keyof typeof RULES, uid: string, amountCents: number): Promise<void> {
  const rule = RULES[kind];
  const maxUsd = rule.maxUsd(limits);
  if (amountCents > maxUsd * 100) {
    throw unprocessable(`amount: ${centsToUsd(amountCents)} USD is above the maximum of ${maxUsd} USD per ${kind} request`, 'AMOUNT_ABOVE_MAXIMUM');
  }
  await lockUserRow(q, uid);
  const { rows } = await q.query<{ n: string }>(`SELECT count(*) AS n FROM ${rule.table} WHERE uid = $1 AND ${rule.open}`, [uid]);
  const open = Number(rows[0]?.n ?? 0);
  const maxOpen = rule.maxOpen(limits);
  if (open >= maxOpen) {
    throw unprocessable(
      `You have ${open} pending ${kind} requests (at most ${maxOpen} at a time); wait for them to be reviewed before making another`,
      'TOO_MANY_PENDING',
    );
  }
}
