import type { EarningEntry } from '@halcyon/api-client/contract';
import type { Queryable } from '../../db/types';
import { notFound, unprocessable } from '../../errors';
import { earnings, returns } from '../../ledger/accounts';
import { investmentEarningsSql } from '../../ledger/figures';
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

/**
 * The investment named must be this user's (404) and of the plan named (422). `lock` holds its row
 * until the transaction ends, so adjustments of one investment run one after the other.
 */
async function checkInvestment(q: Queryable, a: EarningsAdjustment, lock = false): Promise<void> {
  const r = await q.query<{ plan_id: string }>(`SELECT plan_id FROM investments WHERE id = $1 AND uid = $2${lock ? ' FOR UPDATE' : ''}`, [a.investmentId, a.uid]);
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

async function investmentEarningsCents(q: Queryable, investmentId: string): Promise<number> {
  const r = await q.query<{ net: string | null }>(investmentEarningsSql('$1'), [investmentId]);
  return Number(r.rows[0]?.net ?? 0);
}

/**
 * Admin deduct: earnings → returns; the investment's earnings never go below zero (422). Its row is
 * locked first, so of two concurrent deducts the second sees the first one's transfer.
 */
export async function deductEarnings(q: Queryable, a: EarningsAdjustment): Promise<EarningEntry> {
  await checkInvestment(q, a, true);
  const available = await investmentEarningsCents(q, a.investmentId);
  if (a.amountCents > available) {
    const has = (available / 100).toFixed(2);
    throw unprocessable(`Insufficient earnings: this investment has ${has} USD of earnings and a deduction cannot take it below zero`, 'INSUFFICIENT_EARNINGS');
  }
  // The user's earnings are the sum of their investments' earnings, so they stay >= 0 too.
  const t = await transfer(q, {
    debit: earnings(a.uid), credit: returns(), amountCents: a.amountCents,
    kind: 'earnings_deduct', actor: a.adminUid, reason: a.reason || 'Earnings deducted by admin', ref: { type: 'investment', id: a.investmentId },
  });
  return entry(q, t.id);
}

export async function listEarnings(q: Queryable): Promise<EarningEntry[]> {
  const r = await q.query<EntryRow>(`${SELECT} ORDER BY e.created_at DESC, e.id DESC`);
  return r.rows.map(toEntry);
}
