import type { EarningEntry } from '@halcyon/api-client/contract';
import type { Queryable } from '../../db/types';
import { AppError, notFound, unprocessable } from '../../errors';
import { earnings, returns } from '../../ledger/accounts';
import { dbUsd } from '../../ledger/money';
import { iso, userRef, type UserColumns } from '../../ledger/rows';
import { transfer } from '../../ledger/transfer';

interface EntryRow extends UserColumns {
  id: string;
  uid: string;
  investment_id: string;
  plan_id: string;
  kind: EarningEntry['kind'];
  amount_cents: string;
  reason: string;
  actor: string;
  created_at: Date;
}

const SELECT = `SELECT e.id, e.uid, e.investment_id, e.plan_id, e.kind, e.amount_cents, e.reason, e.actor, e.created_at,
  u.name AS user_name, u.email AS user_email FROM earning_entries e JOIN users u ON u.id = e.uid`;

const toEntry = (r: EntryRow): EarningEntry => ({
  id: String(r.id), uid: r.uid, user: userRef(r), kind: r.kind, amount: dbUsd(r.amount_cents),
  investment_id: r.investment_id, plan_id: r.plan_id, reason: r.reason, actor: r.actor, createdAt: iso(r.created_at),
});

export interface EarningsAdjustment {
  adminUid: string;
  uid: string;
  investmentId: string;
  planId: string;
  amountCents: number;
  reason: string | undefined;
}

/** The investment named must be this user's (404) and of the plan named (422). */
async function checkInvestment(q: Queryable, a: EarningsAdjustment): Promise<void> {
  const r = await q.query<{ plan_id: string }>('SELECT plan_id FROM investments WHERE id = $1 AND uid = $2', [a.investmentId, a.uid]);
  const inv = r.rows[0];
  if (!inv) throw notFound('Investment not found for this user');
  if (inv.plan_id !== a.planId) throw unprocessable('plan_id does not match the investment', 'PLAN_MISMATCH');
}

async function entry(q: Queryable, transferId: string): Promise<EarningEntry> {
  const r = await q.query<EntryRow>(`${SELECT} WHERE e.id = $1`, [transferId]);
  return toEntry(r.rows[0] as EntryRow);
}

/** Admin credit: returns → earnings (USD), tied to the investment. */
export async function creditEarnings(q: Queryable, a: EarningsAdjustment): Promise<EarningEntry> {
  await checkInvestment(q, a);
  const t = await transfer(q, {
    debit: returns(), credit: earnings(a.uid), amountCents: a.amountCents,
    kind: 'earnings_credit', actor: a.adminUid, reason: a.reason || 'Earnings credited by admin', ref: { type: 'investment', id: a.investmentId },
  });
  return entry(q, t.id);
}

/** Admin deduct: earnings → returns; the user's earnings never go below zero (422). */
export async function deductEarnings(q: Queryable, a: EarningsAdjustment): Promise<EarningEntry> {
  await checkInvestment(q, a);
  try {
    const t = await transfer(q, {
      debit: earnings(a.uid), credit: returns(), amountCents: a.amountCents,
      kind: 'earnings_deduct', actor: a.adminUid, reason: a.reason || 'Earnings deducted by admin', ref: { type: 'investment', id: a.investmentId },
    });
    return await entry(q, t.id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
      throw unprocessable('Insufficient balance: earnings cannot go below zero', 'INSUFFICIENT_BALANCE');
    }
    throw error;
  }
}

export async function listEarnings(q: Queryable): Promise<EarningEntry[]> {
  const r = await q.query<EntryRow>(`${SELECT} ORDER BY e.created_at DESC, e.id DESC`);
  return r.rows.map(toEntry);
}
