import type { Db, Queryable } from '../db/types';
import { available, earnings, invested, returns } from '../ledger/accounts';
import { bpToPercent, returnCents } from '../ledger/money';
import { transfer } from '../ledger/transfer';
import type { Asset } from '@halcyon/api-client/contract';

interface DueRow {
  id: string;
  uid: string;
  asset: Asset;
  amount_cents: string;
  returns_bp: number;
}

/**
 * Settles one approved investment whose end date has passed, in the caller's transaction:
 * principal invested → available, `amount × returns%` (cents, half up) returns → earnings,
 * status ended ('matured'). `FOR UPDATE SKIP LOCKED`: another process settling at the same time
 * takes a different investment, and the status compare-and-set makes a second payout impossible.
 * Returns the investment's id, or null when nothing is due.
 */
async function settleOneMatured(q: Queryable): Promise<string | null> {
  const due = (
    await q.query<DueRow>(
      `SELECT id, uid, asset, amount_cents, returns_bp FROM investments
       WHERE status = 'approved' AND end_date <= now() ORDER BY end_date, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    )
  ).rows[0];
  if (!due) return null;
  const ended = await q.query(
    "UPDATE investments SET status = 'ended', ended_reason = 'matured', ended_at = now() WHERE id = $1 AND status = 'approved' RETURNING id",
    [due.id],
  );
  if (ended.rows.length === 0) return null;
  const amountCents = Number(due.amount_cents);
  const ref = { type: 'investment' as const, id: due.id };
  const principal = await transfer(q, {
    debit: invested(due.uid, due.asset), credit: available(due.uid, due.asset), amountCents,
    kind: 'maturity_principal', actor: 'system', reason: 'Investment matured: principal returned', ref,
  });
  const profit = returnCents(amountCents, due.returns_bp);
  if (profit > 0) {
    await transfer(q, {
      debit: returns(), credit: earnings(due.uid), amountCents: profit,
      kind: 'maturity_earnings', actor: 'system', reason: `Investment matured: ${bpToPercent(due.returns_bp)}% returns`, ref,
      // One movement, the maturity: the statement shows it as one row with both legs.
      movement: principal.id,
    });
  }
  return due.id;
}

/** Settles every due investment, each in its own transaction; at most `limit` per run. Returns the ids. */
export async function runMaturity(db: Db, limit = 1000): Promise<string[]> {
  const settled: string[] = [];
  while (settled.length < limit) {
    const id = await db.tx(settleOneMatured);
    if (!id) break;
    settled.push(id);
  }
  return settled;
}
