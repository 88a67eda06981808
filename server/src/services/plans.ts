import type { CreatePlanBody, ParsedQueryOf, Plan } from '@halcyon/api-client/contract';
import { Params, asc, dayRange, desc, likePattern, readPage, text, ts, type Cursors, type Paged } from '../db/keyset';
import type { Queryable } from '../db/types';
import { notFound } from '../errors';
import { bpToPercent, dbUsd, percentToBp, usdToCents } from '../ledger/money';
import { iso } from '../ledger/rows';

// Plans on offer: listed, created and deleted by the plans routes, checked by investments.

interface PlanRow {
  id: string;
  name: string | null;
  min_cents: string;
  max_cents: string;
  returns_bp: number;
  duration_days: number;
  uid: string | null;
  owner_name: string | null;
  created_at: Date;
}

const PLAN_COLUMNS = 'p.id, p.name, p.min_cents, p.max_cents, p.returns_bp, p.duration_days, p.uid, p.created_at, u.name AS owner_name';
const plansFrom = (from: string) => `${from} LEFT JOIN users u ON u.id = p.uid`;
const selectPlans = (from: string) => `SELECT ${PLAN_COLUMNS} FROM ${plansFrom(from)}`;

const toPlan = (r: PlanRow): Plan => ({
  id: r.id, name: r.name, minAmount: dbUsd(r.min_cents), maxAmount: dbUsd(r.max_cents), returns: bpToPercent(r.returns_bp),
  duration: r.duration_days, uid: r.uid, user: r.owner_name === null ? null : { name: r.owner_name }, createdAt: iso(r.created_at),
});

/** The plan if it is on offer to `uid` (public or theirs, not deleted); 404 otherwise. */
export async function offeredPlan(q: Queryable, uid: string, planId: string): Promise<PlanRow> {
  const r = await q.query<PlanRow>(`${selectPlans('plans p')} WHERE p.id = $1 AND p.deleted_at IS NULL AND (p.uid IS NULL OR p.uid = $2)`, [planId, uid]);
  const row = r.rows[0];
  if (!row) throw notFound('Plan not found');
  return row;
}

const ORDERS = { newest: desc(ts('p.created_at'), text('p.id')), oldest: asc(ts('p.created_at'), text('p.id')) };

/**
 * A page of plans on offer: an investor sees public plans and their own private ones; an admin
 * sees all. Never deleted ones. `q` matches the plan's name or id.
 */
export async function listPlans(q: Queryable, cursors: Cursors, viewer: { uid: string; role: 'user' | 'admin' }, query: ParsedQueryOf<'getPlans'>): Promise<Paged<Plan>> {
  const params = new Params();
  const where = [
    'p.deleted_at IS NULL',
    ...(viewer.role === 'admin' ? [] : [`(p.uid IS NULL OR p.uid = ${params.add(viewer.uid)})`]),
    ...dayRange('p.created_at', query, params),
    ...(query.q ? [`(p.id = ${params.add(query.q)} OR lower(p.name) LIKE ${params.add(likePattern(query.q))})`] : []),
  ];
  const { rows, page } = await readPage<PlanRow>(q, cursors, { list: 'plans', columns: PLAN_COLUMNS, from: plansFrom('plans p'), where, params, order: ORDERS[query.sort] }, query);
  return { data: rows.map(toPlan), page };
}

/** A private plan (uid given) must belong to an existing open investor. '' counts as no owner. */
export async function createPlan(q: Queryable, adminUid: string, body: CreatePlanBody): Promise<Plan> {
  const owner = body.uid ? body.uid : null;
  if (owner) {
    const u = await q.query("SELECT 1 FROM users WHERE id = $1 AND role = 'user' AND closed_at IS NULL", [owner]);
    if (u.rows.length === 0) throw notFound('User not found');
  }
  const name = body.name ? body.name : null;
  const r = await q.query<PlanRow>(
    `WITH p AS (INSERT INTO plans (name, min_cents, max_cents, returns_bp, duration_days, uid, created_by)
                VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *) ${selectPlans('p')}`,
    [name, usdToCents(body.minAmount), usdToCents(body.maxAmount), percentToBp(body.returns), body.duration, owner, adminUid],
  );
  return toPlan(r.rows[0] as PlanRow);
}

/** Soft delete: no longer offered; investments keep their plan. 404 if unknown or already deleted. */
export async function deletePlan(q: Queryable, id: string): Promise<void> {
  const r = await q.query('UPDATE plans SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id', [id]);
  if (r.rows.length === 0) throw notFound('Plan not found');
}
