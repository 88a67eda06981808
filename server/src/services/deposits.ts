import type { Deposit, DepositMethod, ParsedQueryOf } from '@halcyon/api-client/contract';
import { METHOD_ASSET } from '@halcyon/api-client/contract';
import { Params, readPage, type Cursors, type Paged } from '../db/keyset';
import { requestOrders, requestRows } from '../db/request-lists';
import { searchUsers } from '../db/user-search';
import type { Queryable } from '../db/types';
import { dbUsd } from '../ledger/money';
import { iso, isoOrNull, userRef, type UserColumns } from '../ledger/rows';
import { INFLOW_CEILING_CENTS, ledgerRefusal } from '../ledger/transfer';
import { refuseTransition } from '../ledger/transitions';

interface DepositRow extends UserColumns {
  id: string;
  uid: string;
  method: DepositMethod;
  amount_cents: string;
  status: Deposit['status'];
  created_at: Date;
  decided_at: Date | null;
}

// Deposit rows `d` (a table or a CTE) with their owner's name and email.
const COLUMNS = 'd.id, d.uid, d.method, d.amount_cents, d.status, d.created_at, d.decided_at, u.name AS user_name, u.email AS user_email';
const FROM = (from: string) => `${from} JOIN users u ON u.id = d.uid`;
const select = (from: string) => `SELECT ${COLUMNS} FROM ${FROM(from)}`;

const toDeposit = (r: DepositRow): Deposit => ({
  id: r.id, uid: r.uid, amount: dbUsd(r.amount_cents), method: r.method, status: r.status,
  createdAt: iso(r.created_at), decidedAt: isoOrNull(r.decided_at), user: userRef(r),
});

/** A pending deposit: nothing moves until an admin approves it. */
export async function createDeposit(q: Queryable, uid: string, method: DepositMethod, amountCents: number): Promise<Deposit> {
  const r = await q.query<DepositRow>(
    `WITH d AS (INSERT INTO deposits (uid, requested_method, method, amount_cents) VALUES ($1, $2, $2, $3) RETURNING *) ${select('d')}`,
    [uid, method, amountCents],
  );
  return toDeposit(r.rows[0] as DepositRow);
}

/**
 * pending → approved with the method the admin confirms, and its money: custody:{asset} →
 * available:{asset}, as one statement (the database's deposit_approve, migration 018).
 */
export async function approveDeposit(q: Queryable, adminUid: string, id: string, method: DepositMethod): Promise<Deposit> {
  let rows: DepositRow[];
  try {
    ({ rows } = await q.query<DepositRow>('SELECT * FROM deposit_approve($1, $2, $3, $4, $5, $6)', [
      id, method, METHOD_ASSET[method], adminUid, `Deposit approved (${method})`, INFLOW_CEILING_CENTS,
    ]));
  } catch (error) {
    throw ledgerRefusal(error) ?? error;
  }
  return toDeposit(rows[0] ?? (await refuseTransition(q, 'deposits', id, 'Deposit', 'approved', 'approved')));
}

/** pending → declined; nothing moves. One statement (the refusal's read only when it matched nothing). */
export async function declineDeposit(q: Queryable, adminUid: string, id: string): Promise<Deposit> {
  const r = await q.query<DepositRow>(
    `WITH d AS (UPDATE deposits SET status = 'declined', decided_at = now(), decided_by = $2
                WHERE id = $1 AND status = 'pending' RETURNING *) ${select('d')}`,
    [id, adminUid],
  );
  return toDeposit(r.rows[0] ?? (await refuseTransition(q, 'deposits', id, 'Deposit', 'declined', 'declined')));
}

const ORDERS = requestOrders('d');

/** A page of deposits with the query's filters (docs/api.md "Lists"). */
export async function listDeposits(q: Queryable, cursors: Cursors, query: ParsedQueryOf<'listDeposits'>): Promise<Paged<Deposit>> {
  const params = new Params();
  const { base, where } = requestRows('deposits', 'd', query, params, query.q ? await searchUsers(q, query.q) : null);
  const { rows, page } = await readPage<DepositRow>(q, cursors, { list: 'deposits', columns: COLUMNS, from: FROM('deposits d'), base: { table: base, id: 'd.id' }, where, params, order: ORDERS[query.sort] }, query);
  return { data: rows.map(toDeposit), page };
}
