import type { EarningEntry, ParsedQueryOf } from '@halcyon/api-client/contract';
import { Params, asc, dayRange, desc, int8, readPage, ts, type Cursors, type Paged } from '../db/keyset';
import { movementsDense, searchMatch, searchUsers, type UserSearch } from '../db/user-search';
import type { Queryable } from '../db/types';
import { notFound, unprocessable } from '../errors';
import { earnings, returns } from '../ledger/accounts';
import { dbUsd } from '../ledger/money';
import { iso, userRef, type UserColumns } from '../ledger/rows';
import { transfer } from '../ledger/transfer';

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

// An earnings movement: one earnings transfer of an investment, with its owner.
const ENTRY_COLUMNS = `t.id, i.uid, i.id AS investment_id, i.plan_id,
  CASE t.kind WHEN 'earnings_credit' THEN 'credit' WHEN 'earnings_deduct' THEN 'deduct' ELSE 'maturity' END AS kind,
  CASE t.kind WHEN 'earnings_deduct' THEN -t.amount_cents ELSE t.amount_cents END AS amount_cents,
  t.reason, t.actor, t.created_at, u.name AS user_name, u.email AS user_email`;
const ENTRY_FROM = `transfers t JOIN investments i ON t.ref_type = 'investment' AND i.id = t.ref_id JOIN users u ON u.id = i.uid`;

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
async function checkInvestment(q: Queryable, a: EarningsAdjustment, lock = false): Promise<{ earningsCents: number }> {
  const r = await q.query<{ plan_id: string; earnings_cents: string }>(
    `SELECT plan_id, earnings_cents FROM investments WHERE id = $1 AND uid = $2${lock ? ' FOR UPDATE' : ''}`,
    [a.investmentId, a.uid],
  );
  const inv = r.rows[0];
  if (!inv) throw notFound('Investment not found for this user');
  if (inv.plan_id !== a.planId) throw unprocessable('plan_id does not match the investment', 'PLAN_MISMATCH');
  return { earningsCents: Number(inv.earnings_cents) };
}

async function entry(q: Queryable, transferId: string): Promise<EarningEntry> {
  const r = await q.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM} WHERE t.id = $1`, [transferId]);
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

/**
 * Admin deduct: earnings → returns; the investment's earnings never go below zero (422). Its row is
 * locked first, so of two concurrent deducts the second sees the first one's transfer.
 */
export async function deductEarnings(q: Queryable, a: EarningsAdjustment): Promise<EarningEntry> {
  // earnings_cents is kept by the database as earnings transfers are written (migration 014).
  const { earningsCents: available } = await checkInvestment(q, a, true);
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

const KINDS = { credit: 'earnings_credit', deduct: 'earnings_deduct', maturity: 'maturity_earnings' } as const;
const ORDERS = { newest: desc(ts('t.created_at'), int8('t.id')), oldest: asc(ts('t.created_at'), int8('t.id')) };

/** The search's movements: read in time order when its investors have many (`movementsDense`), else by their ids. */
async function searchCondition(q: Queryable, search: UserSearch, pageRows: number, params: Params): Promise<string> {
  return searchMatch(search, await movementsDense(q, search, pageRows), { investment: 't.ref_id', uid: 'i.uid', id: 'i.id' }, params);
}

/** A page of earnings movements (docs/api.md "Lists"), in the order of transfers' listed index. */
export async function listEarnings(q: Queryable, cursors: Cursors, query: ParsedQueryOf<'listEarnings'>): Promise<Paged<EarningEntry>> {
  const params = new Params();
  const kinds = (query.kind ?? Object.keys(KINDS) as Array<keyof typeof KINDS>).map((k) => KINDS[k]);
  const where = [
    `t.kind IN ('earnings_credit', 'earnings_deduct', 'maturity_earnings')`,
    `t.kind = ANY(${params.add(kinds)}::text[])`,
    ...(query.uid ? [`i.uid = ${params.add(query.uid)}`] : []),
    ...dayRange('t.created_at', query, params),
    ...(query.q ? [await searchCondition(q, await searchUsers(q, query.q), query.limit + 1, params)] : []),
  ];
  const { rows, page } = await readPage<EntryRow>(q, cursors, { list: 'earnings', columns: ENTRY_COLUMNS, from: ENTRY_FROM, where, params, order: ORDERS[query.sort] }, query);
  return { data: rows.map(toEntry), page };
}
