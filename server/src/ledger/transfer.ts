import type { Queryable } from '../db/types';
import type { AccountRef } from './accounts';
import { isUniqueViolation } from '../errors';
import { alreadyRecorded, inflowCeilingReached, insufficientBalance } from './errors';

type TransferKind =
  | 'deposit'
  | 'withdrawal_hold'
  | 'withdrawal_payout'
  | 'withdrawal_release'
  | 'investment_lock'
  | 'investment_stop_principal'
  | 'maturity_principal'
  | 'earnings_credit'
  | 'earnings_deduct'
  | 'maturity_earnings';

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
}

/**
 * Moves `amountCents` from `debit` to `credit` and records it, inside the caller's transaction.
 * The debit is one conditional UPDATE: under READ COMMITTED the row lock makes PostgreSQL re-check
 * `balance >= amount` against the committed balance, so concurrent debits cannot overdraw a user
 * account (the table's CHECK is the last line of defence). Platform accounts may go negative.
 * One statement, one round trip: debit, credit and the transfers row are CTEs of one query.
 *
 * Money coming out of a platform account (a deposit approval, an earnings credit, maturity returns)
 * is inflow: the same statement adds it to `ledger_inflow`, which may not pass
 * INFLOW_CEILING_CENTS, so no balance or total the API serves can leave JS's exact integers
 * (docs/ledger.md "Ceiling"). Over it: 422 LIMIT_EXCEEDED and nothing moves.
 */
export async function transfer(q: Queryable, t: TransferInput): Promise<{ id: string }> {
  if (!Number.isSafeInteger(t.amountCents) || t.amountCents <= 0) throw new RangeError(`transfer amount must be positive integer cents, got ${t.amountCents}`);
  if (t.debit.asset !== t.credit.asset) throw new Error(`transfer between assets: ${t.debit.id} → ${t.credit.id}`);
  if (t.debit.id === t.credit.id) throw new Error(`transfer to the same account: ${t.debit.id}`);

  // Both account rows are locked in id order, so two transactions moving money between the same
  // accounts in opposite directions (hold vs. release) queue up instead of deadlocking.
  const inflow = t.debit.owner === null;
  const sql = t.debit.id < t.credit.id ? (inflow ? DEBIT_FIRST_INFLOW : DEBIT_FIRST) : inflow ? CREDIT_FIRST_INFLOW : CREDIT_FIRST;
  let inserted;
  try {
    inserted = await q.query<{ id: string }>(sql, [
      t.debit.id, t.credit.id, t.debit.asset, t.amountCents, t.credit.owner, t.credit.kind, t.kind, t.actor, t.reason, t.ref.type, t.ref.id,
    ]);
  } catch (error) {
    // Migration 007's backstop: this record already has its transfer of this kind.
    if (isUniqueViolation(error, 'transfers_once_per_ref')) throw alreadyRecorded();
    throw error;
  }
  const row = inserted.rows[0];
  // No row: the debit matched nothing (short balance, or a user account that does not exist yet),
  // or, for inflow (a platform debit, which always matches), the ceiling refused it. The caller's
  // transaction rolls back, with whatever part of the statement already ran.
  if (!row) throw inflow ? inflowCeilingReached(INFLOW_CEILING_CENTS) : insufficientBalance();
  return { id: String(row.id) };
}

// $1 debit id, $2 credit id, $3 asset, $4 amount, $5 credit owner, $6 credit kind, $7 transfer kind,
// $8 actor, $9 reason, $10 ref type, $11 ref id.
const DEBIT = `UPDATE accounts SET balance = balance - $4::bigint
  WHERE id = $1::text AND (owner IS NULL OR balance >= $4::bigint)`;
const CREDIT = `INSERT INTO accounts (id, owner, kind, asset, balance)`;
const CREDIT_UPSERT = `ON CONFLICT (id) DO UPDATE SET balance = accounts.balance + EXCLUDED.balance RETURNING id`;
const RECORD = `INSERT INTO transfers (debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id)
  SELECT $1::text, $2::text, $3::text, $4::bigint, $7::text, $8::text, $9::text, $10::text, $11::text`;

/** 2^49 cents: any balance and any sum of a few totals stays below 2^53 (migration 005 CHECKs it too). */
const INFLOW_CEILING_CENTS = 2 ** 49;

// The credit reads the debit's rows, so it runs only after (and only if) the debit locked its row.
const DEBIT_FIRST_MOVES = `d AS (${DEBIT} RETURNING id),
c AS (${CREDIT} SELECT $2::text, $5::text, $6::text, $3::text, $4::bigint FROM d ${CREDIT_UPSERT})`;

// The debit's condition reads the credit, so the credit row is locked first; the transfers row
// needs the debit's row, so nothing is recorded when the debit matched nothing.
const CREDIT_FIRST_MOVES = `c AS (${CREDIT} VALUES ($2::text, $5::text, $6::text, $3::text, $4::bigint) ${CREDIT_UPSERT}),
d AS (${DEBIT} AND EXISTS (SELECT 1 FROM c) RETURNING id)`;

// The inflow row is locked after both accounts (its condition reads the last move), and a
// transaction's inflow transfer is its last transfer (maturity pays principal first), so the one
// global row never waits while holding it for an account: no lock cycle. Under READ COMMITTED
// the condition is re-checked against the committed total after the lock, as the debit's is.
const INFLOW = (last: string) => `i AS (UPDATE ledger_inflow SET total = total + $4::bigint
  WHERE total <= ${INFLOW_CEILING_CENTS} - $4::bigint AND EXISTS (SELECT 1 FROM ${last}) RETURNING total)`;

const DEBIT_FIRST = `WITH ${DEBIT_FIRST_MOVES} ${RECORD} FROM c RETURNING id`;
const CREDIT_FIRST = `WITH ${CREDIT_FIRST_MOVES} ${RECORD} FROM d RETURNING id`;
const DEBIT_FIRST_INFLOW = `WITH ${DEBIT_FIRST_MOVES}, ${INFLOW('c')} ${RECORD} FROM i RETURNING id`;
const CREDIT_FIRST_INFLOW = `WITH ${CREDIT_FIRST_MOVES}, ${INFLOW('d')} ${RECORD} FROM i RETURNING id`;
