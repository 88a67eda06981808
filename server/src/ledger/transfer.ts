import type { Queryable } from '../db/types';
import type { AccountRef } from './accounts';
import { insufficientBalance } from './errors';

export type TransferKind =
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

export type RefType = 'deposit' | 'withdrawal' | 'investment' | 'adjustment';

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
 * Three statements, one round trip each.
 */
export async function transfer(q: Queryable, t: TransferInput): Promise<{ id: string }> {
  if (!Number.isSafeInteger(t.amountCents) || t.amountCents <= 0) throw new RangeError(`transfer amount must be positive integer cents, got ${t.amountCents}`);
  if (t.debit.asset !== t.credit.asset) throw new Error(`transfer between assets: ${t.debit.id} → ${t.credit.id}`);
  if (t.debit.id === t.credit.id) throw new Error(`transfer to the same account: ${t.debit.id}`);

  // Both account rows are written in id order, so two transactions moving money between the same
  // accounts in opposite directions (hold vs. release) queue up instead of deadlocking.
  const debitFirst = t.debit.id < t.credit.id;
  if (debitFirst) await debit(q, t);
  await credit(q, t);
  if (!debitFirst) await debit(q, t);

  const inserted = await q.query<{ id: string }>(
    `INSERT INTO transfers (debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [t.debit.id, t.credit.id, t.debit.asset, t.amountCents, t.kind, t.actor, t.reason, t.ref.type, t.ref.id],
  );
  const row = inserted.rows[0];
  if (!row) throw new Error('transfer insert returned no row');
  return { id: String(row.id) };
}

async function debit(q: Queryable, t: TransferInput): Promise<void> {
  const debited = await q.query(
    'UPDATE accounts SET balance = balance - $2 WHERE id = $1 AND (owner IS NULL OR balance >= $2) RETURNING id',
    [t.debit.id, t.amountCents],
  );
  // A user account that does not exist yet has balance 0: also insufficient.
  if (debited.rows.length === 0) throw insufficientBalance();
}

async function credit(q: Queryable, t: TransferInput): Promise<void> {
  await q.query(
    `INSERT INTO accounts (id, owner, kind, asset, balance) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET balance = accounts.balance + EXCLUDED.balance`,
    [t.credit.id, t.credit.owner, t.credit.kind, t.credit.asset, t.amountCents],
  );
}
