import type { CreatePlanBody, ParsedQueryOf, Plan } from '@halcyon/api-client/contract';
import { Params, asc, dayRange, desc, likePattern, readPage, text, ts, type Cursors, type Paged } from '../../db/keyset';
import type { Queryable } from '../../db/types';
import { notFound } from '../../errors';
import { percentToBp, usdToCents } from '../../ledger/money';
import { PLAN_COLUMNS, plansFrom, selectPlans, toPlan, type PlanRow } from '../../services/plans';

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
