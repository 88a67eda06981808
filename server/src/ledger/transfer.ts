import type { Queryable } from '../db/types';
import type { AccountRef } from './accounts';
import { isUniqueViolation, type AppError } from '../errors';
import { alreadyRecorded, inflowCeilingReached, insufficientBalance } from './errors';

/** Every kind of transfer; migration 025's CHECK holds the same list (test/ledger/transfer.test.ts compares them). */
export const TRANSFER_KINDS = [
  'deposit',
  'deposit_reversal',
  'withdrawal_hold',
  'withdrawal_payout',
  'withdrawal_release',
  'investment_lock',
  'investment_stop_principal',
  'maturity_principal',
  'maturity_earnings',
  'earnings_credit',
  'earnings_deduct',
] as const;
type TransferKind = (typeof TRANSFER_KINDS)[number];

type RefType = 'deposit' | 'withdrawal' | 'investment' | 'adjustment';

export interface TransferInput {
  debit: AccountRef;
  credit: AccountRef;
  amountCents: number;
  kind: TransferKind;
  /** 'system' or the uid of the user or admin who caused it (ledger.md rule 4). */
  actor: string;
  reason: string;
  ref: { type: RefType; id: string };
  /** The movement (one business event) this transfer is a leg of: its first transfer's id; none starts one. */
  movement?: string;
}

/**
 * Moves `amountCents` from `debit` to `credit` and records it, inside the caller's transaction, in
 * one round trip: the database's `ledger_transfer` (migrations 018, 024) locks both accounts in id
 * order, debits with a conditional UPDATE (under READ COMMITTED the row lock makes PostgreSQL
 * re-check `balance >= amount` against the committed balance, so concurrent debits cannot
 * overdraw a user account; the table's CHECK is the last line of defence), credits, and writes
 * the transfers row. Platform accounts may go negative.
 *
 * Money coming out of a platform account (a deposit approval, an earnings credit, maturity returns)
 * is inflow: the function adds it to `ledger_inflow`, which may not pass INFLOW_CEILING_CENTS, so
 * no balance or total the API serves can leave JS's exact integers (docs/ledger.md "Ceiling").
 * Over it: 422 LIMIT_EXCEEDED and nothing moves.
 */
export async function transfer(q: Queryable, t: TransferInput): Promise<{ id: string }> {
  if (!Number.isSafeInteger(t.amountCents) || t.amountCents <= 0) throw new RangeError(`transfer amount must be positive integer cents, got ${t.amountCents}`);
  if (t.debit.asset !== t.credit.asset) throw new Error(`transfer between assets: ${t.debit.id} → ${t.credit.id}`);
  if (t.debit.id === t.credit.id) throw new Error(`transfer to the same account: ${t.debit.id}`);
  try {
    const { rows } = await q.query<{ id: string }>(
      'SELECT ledger_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) AS id',
      [t.debit.id, t.credit.id, t.debit.asset, t.amountCents, t.credit.owner, t.credit.kind, t.kind, t.actor, t.reason, t.ref.type, t.ref.id, t.debit.owner === null ? INFLOW_CEILING_CENTS : null, t.movement ?? null],
    );
    return { id: String(rows[0]?.id) };
  } catch (error) {
    throw ledgerRefusal(error) ?? error;
  }
}

/** 2^49 cents: any balance and any sum of a few totals stays below 2^53 (migration 005 CHECKs it too). */
export const INFLOW_CEILING_CENTS = 2 ** 49;

/**
 * The API error for a refusal raised by the ledger's functions (migration 018's SQLSTATEs) or by
 * migration 007's backstop; undefined for any other error.
 */
export function ledgerRefusal(error: unknown): AppError | undefined {
  if (isUniqueViolation(error, 'transfers_once_per_ref')) return alreadyRecorded();
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'HL001') return insufficientBalance();
  if (code === 'HL002') return inflowCeilingReached(INFLOW_CEILING_CENTS);
  return undefined;
}
