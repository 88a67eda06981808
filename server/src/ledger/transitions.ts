import type { Queryable } from '../db/types';
import { illegalTransition, recordNotFound } from './errors';

/** Statuses after which nothing more can happen to a request. */
const FINAL = new Set(['approved', 'declined', 'ended']);

export type RequestTable = 'deposits' | 'withdrawals' | 'investments';

/**
 * Called when a compare-and-set on a request's status matched no row: 404 when the id is unknown,
 * else 409 saying which state it is in ('Deposit is already approved',
 * 'Investment is pending and cannot be stopped').
 */
export async function refuseTransition(q: Queryable, table: RequestTable, id: string, label: string, target: string, verb: string): Promise<never> {
  const row = (await q.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id])).rows[0];
  if (!row) throw recordNotFound(label);
  if (row.status === target || FINAL.has(row.status)) throw illegalTransition(`${label} is already ${row.status}`);
  throw illegalTransition(`${label} is ${row.status} and cannot be ${verb}`);
}
