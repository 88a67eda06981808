import type { CreatePlanBody, Plan } from '@halcyon/api-client/contract';
import type { Queryable } from '../../db/types';
import { notFound } from '../../errors';
import { percentToBp, usdToCents } from '../../ledger/money';
import { selectPlans, toPlan, type PlanRow } from '../../services/plans';

/** Plans on offer: an investor sees public plans and their own private ones; an admin sees all. Never deleted ones. */
export async function listPlans(q: Queryable, viewer: { uid: string; role: 'user' | 'admin' }): Promise<Plan[]> {
  const r = viewer.role === 'admin'
    ? await q.query<PlanRow>(`${selectPlans('plans p')} WHERE p.deleted_at IS NULL ORDER BY p.created_at DESC, p.id`)
    : await q.query<PlanRow>(`${selectPlans('plans p')} WHERE p.deleted_at IS NULL AND (p.uid IS NULL OR p.uid = $1) ORDER BY p.created_at DESC, p.id`, [viewer.uid]);
  return r.rows.map(toPlan);
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
