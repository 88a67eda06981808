import type { Asset, Investment, InvestMethod, InvestmentStatus, ParsedQueryOf } from '@halcyon/api-client/contract';
import { METHOD_ASSET, planRangeProblem } from '@halcyon/api-client/contract';
import { Params, desc, int8, readPage, text, type Cursors, type Paged } from '../db/keyset';
import { requestOrders, requestRows } from '../db/request-lists';
import { searchUsers } from '../db/user-search';
import type { Db, Queryable } from '../db/types';
import { unprocessable } from '../errors';
import { available, invested } from '../ledger/accounts';
import { bpToPercent, centsToUsd, dbUsd } from '../ledger/money';
import { iso, isoOrNull, type UserColumns } from '../ledger/rows';
import { transfer } from '../ledger/transfer';
import { refuseTransition } from '../ledger/transitions';
import { offeredPlan } from './plans';

interface InvestmentRow extends UserColumns {
  id: string;
  uid: string;
  plan_id: string;
  plan_name: string | null;
  duration_days: number;
  returns_bp: number;
  method: InvestMethod;
  asset: Asset;
  amount_cents: string;
  status: InvestmentStatus;
  created_at: Date;
  end_date: Date;
  ended_reason: 'stopped' | 'matured' | null;
  ended_at: Date | null;
  earnings_cents: string;
}

// Investment rows `i` with owner; net earnings are kept on the row by the database (migration 014).
const COLUMNS = `i.id, i.uid, i.plan_id, i.plan_name, i.duration_days, i.returns_bp, i.method, i.asset,
  i.amount_cents, i.status, i.created_at, i.end_date, i.ended_reason, i.ended_at, i.earnings_cents,
  u.name AS user_name, u.email AS user_email`;
const FROM = (from: string) => `${from} JOIN users u ON u.id = i.uid`;
const select = (from: string) => `SELECT ${COLUMNS} FROM ${FROM(from)}`;
const ORDERS = { ...requestOrders('i'), earnings: desc(int8('i.earnings_cents'), text('i.id')) };

const toInvestment = (r: InvestmentRow): Investment => {
  const earnings = dbUsd(r.earnings_cents);
  return {
    id: r.id, uid: r.uid, plan_id: r.plan_id, plan_name: r.plan_name, name: r.user_name, email: r.user_email,
    amount: dbUsd(r.amount_cents), method: r.method, asset: r.asset, status: r.status,
    duration: r.duration_days, returns: bpToPercent(r.returns_bp), createdAt: iso(r.created_at), endDate: iso(r.end_date),
    endedReason: r.ended_reason, endedAt: isoOrNull(r.ended_at), earnings, earningBalance: earnings, plan_price: dbUsd(r.amount_cents),
  };
};

/**
 * A pending investment in a plan on offer to the investor, amount within the plan's range:
 * available:{asset} → invested:{asset}. The plan's terms are copied; end date = creation + duration.
 */
export async function createInvestment(q: Queryable, uid: string, planId: string, method: InvestMethod, amountCents: number): Promise<Investment> {
  const plan = await offeredPlan(q, uid, planId);
  const outOfRange = planRangeProblem({ minAmount: dbUsd(plan.min_cents), maxAmount: dbUsd(plan.max_cents) }, centsToUsd(amountCents));
  if (outOfRange) throw unprocessable(outOfRange, 'AMOUNT_OUT_OF_RANGE');
  const asset = METHOD_ASSET[method];
  const r = await q.query<InvestmentRow>(
    `WITH i AS (
       INSERT INTO investments (uid, plan_id, plan_name, duration_days, returns_bp, method, asset, amount_cents, end_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(days => $4)) RETURNING *
     ) ${select('i')}`,
    [uid, plan.id, plan.name, plan.duration_days, plan.returns_bp, method, asset, amountCents],
  );
  const row = r.rows[0] as InvestmentRow;
  await transfer(q, {
    debit: available(uid, asset), credit: invested(uid, asset), amountCents,
    kind: 'investment_lock', actor: uid, reason: `Invested in plan ${plan.name ?? plan.id}`, ref: { type: 'investment', id: row.id },
  });
  return toInvestment(row);
}

async function setStatus(q: Queryable, id: string, to: InvestmentStatus, from: InvestmentStatus[], verb: string): Promise<InvestmentRow> {
  const r = await q.query<InvestmentRow>(
    `WITH i AS (UPDATE investments SET status = $2 WHERE id = $1 AND status = ANY($3::text[]) RETURNING *) ${select('i')}`,
    [id, to, from],
  );
  return r.rows[0] ?? refuseTransition(q, 'investments', id, 'Investment', to, verb);
}

/** pending|processing → approved (active); the maturity job pays it on its end date. One statement, like processInvestment. */
export async function approveInvestment(q: Queryable, id: string): Promise<Investment> {
  return toInvestment(await setStatus(q, id, 'approved', ['pending', 'processing'], 'approved'));
}

/** pending|approved → processing; the principal stays invested. */
export async function processInvestment(q: Queryable, id: string): Promise<Investment> {
  return toInvestment(await setStatus(q, id, 'processing', ['pending', 'approved'], 'processed'));
}

/** approved → ended ('stopped'): principal back invested → available, no returns; one transaction. */
export async function stopInvestment(db: Db, adminUid: string, id: string): Promise<Investment> {
  return db.tx((q) => stop(q, adminUid, id));
}

async function stop(q: Queryable, adminUid: string, id: string): Promise<Investment> {
  const r = await q.query<InvestmentRow>(
    `WITH i AS (UPDATE investments SET status = 'ended', ended_reason = 'stopped', ended_at = now()
                WHERE id = $1 AND status = 'approved' RETURNING *) ${select('i')}`,
    [id],
  );
  const row = r.rows[0] ?? (await refuseTransition(q, 'investments', id, 'Investment', 'ended', 'stopped'));
  await transfer(q, {
    debit: invested(row.uid, row.asset), credit: available(row.uid, row.asset), amountCents: Number(row.amount_cents),
    kind: 'investment_stop_principal', actor: adminUid, reason: 'Investment stopped: principal returned', ref: { type: 'investment', id },
  });
  return toInvestment(row);
}

/**
 * A page of investments (docs/api.md "Lists"): an investor's own (`uid` set by the route from the
 * caller, never from the query) or, for admins, anyone's with the query's filters.
 */
export async function listInvestments(
  q: Queryable,
  cursors: Cursors,
  query: ParsedQueryOf<'listInvestments'> | (ParsedQueryOf<'getInvestments'> & { uid: string }),
): Promise<Paged<Investment>> {
  const params = new Params();
  const { base, where } = requestRows('investments', 'i', query, params, query.q ? await searchUsers(q, query.q) : null);
  const { rows, page } = await readPage<InvestmentRow>(q, cursors, { list: 'investments', columns: COLUMNS, from: FROM('investments i'), base: { table: base, id: 'i.id' }, where, params, order: ORDERS[query.sort] }, query);
  return { data: rows.map(toInvestment), page };
}
