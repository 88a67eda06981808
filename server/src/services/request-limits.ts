import type { Config } from '../config';
import { lockUserRow } from '../db/users';
import type { Queryable } from '../db/types';
import { unprocessable, type AppError } from '../errors';
import { centsToUsd } from '../ledger/money';

type Limits = Config['requestLimits'];

/** Per kind of request, the largest amount one request may ask for (USD). */
const MAX_USD = {
  deposit: (l: Limits) => l.maxDepositUsd,
  withdrawal: (l: Limits) => l.maxWithdrawalUsd,
} as const;
type RequestKind = keyof typeof MAX_USD;

/** 422 AMOUNT_ABOVE_MAXIMUM over MAX_DEPOSIT_USD / MAX_WITHDRAWAL_USD. */
export function checkRequestAmount(limits: Limits, kind: RequestKind, amountCents: number): void {
  const maxUsd = MAX_USD[kind](limits);
  if (amountCents > maxUsd * 100) {
    throw unprocessable(`amount: ${centsToUsd(amountCents)} USD is above the maximum of ${maxUsd} USD per ${kind} request`, 'AMOUNT_ABOVE_MAXIMUM');
  }
}

const tooManyOpen = (kind: RequestKind, open: number, maxOpen: number) =>
  unprocessable(
    `You have ${open} pending ${kind} requests (at most ${maxOpen} at a time); wait for them to be reviewed before making another`,
    'TOO_MANY_PENDING',
  );

/** 422 TOO_MANY_PENDING for a money function's HL003 refusal (migration 018; DETAIL: the open count); undefined for any other error. */
export function openRequestsRefusal(error: unknown, kind: RequestKind, maxOpen: number): AppError | undefined {
  const e = error as { code?: unknown; detail?: unknown } | null;
  if (e?.code !== 'HL003') return undefined;
  return tooManyOpen(kind, Number(e.detail), maxOpen);
}

/**
 * Deposit request spam limits (security.md), called in the request's own transaction before it
 * writes: checkRequestAmount, then 422 TOO_MANY_PENDING when the user already has
 * MAX_PENDING_DEPOSITS deposits awaiting review. The user's row is locked before counting, so
 * concurrent requests of one user are counted one after the other and cannot pass the cap
 * together. (Withdrawals, which stay open until paid out, keep a count per investor instead:
 * withdrawal_request in migration 018.)
 */
export async function checkDepositLimits(q: Queryable, limits: Limits, uid: string, amountCents: number): Promise<void> {
  checkRequestAmount(limits, 'deposit', amountCents);
  await lockUserRow(q, uid);
  // A chain quote past its expiry with nothing paid waits for no one (a late payment is still credited).
  const { rows } = await q.query<{ n: string }>(
    "SELECT count(*) AS n FROM deposits WHERE uid = $1 AND status = 'pending' AND (expires_at IS NULL OR expires_at > now() OR payment_key IS NOT NULL)",
    [uid],
  );
  const open = Number(rows[0]?.n ?? 0);
  const maxOpen = limits.maxPendingDeposits;
  if (open >= maxOpen) throw tooManyOpen('deposit', open, maxOpen);
}
