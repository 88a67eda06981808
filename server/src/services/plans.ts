import type { Plan } from '@halcyon/api-client/contract';
import type { Queryable } from '../db/types';
import { notFound } from '../errors';
import { bpToPercent, dbUsd } from '../ledger/money';
import { iso } from '../ledger/rows';

// Plan rows as the plans feature lists them and the investments feature checks them.

export interface PlanRow {
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

export const PLAN_COLUMNS = 'p.id, p.name, p.min_cents, p.max_cents, p.returns_bp, p.duration_days, p.uid, p.created_at, u.name AS owner_name';
export const plansFrom = (from: string) => `${from} LEFT JOIN users u ON u.id = p.uid`;
export const selectPlans = (from: string) => `SELECT ${PLAN_COLUMNS} FROM ${plansFrom(from)}`;

export const toPlan = (r: PlanRow): Plan => ({
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
