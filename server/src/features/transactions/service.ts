import type { LedgerEntry, Transaction } from '@halcyon/api-client/contract';
import type { Queryable } from '../../db/types';
import { dbUsd } from '../../ledger/money';
import { iso, userRef, type UserColumns } from '../../ledger/rows';

interface TransactionRow extends UserColumns {
  id: string;
  type: Transaction['type'];
  method: string;
  amount_cents: string;
  status: string;
  created_at: Date;
  source: string;
  seq: string;
}

/**
 * Requests (deposits, withdrawals, investments) with their status, plus ledger movements that are
 * not requests: principal returned on stop or maturity (type 'investment', method 'transfer') and
 * earnings credited, deducted or paid at maturity (type 'earn', method 'transfer', deductions
 * negative). `$1` NULL lists everyone's. Newest first.
 */
const TRANSACTIONS_SQL = `
SELECT x.id, x.type, x.method, x.amount_cents, x.status, x.created_at, x.source, u.name AS user_name, u.email AS user_email
FROM (
  SELECT d.id, 'deposit' AS type, d.method, d.amount_cents, d.status, d.created_at, 'deposit' AS source, d.uid, 0::bigint AS seq
  FROM deposits d WHERE $1::text IS NULL OR d.uid = $1
  UNION ALL
  SELECT w.id, 'withdraw', w.method, w.amount_cents, w.status, w.created_at, 'withdrawal', w.uid, 0
  FROM withdrawals w WHERE $1::text IS NULL OR w.uid = $1
  UNION ALL
  SELECT i.id, 'investment', i.method, i.amount_cents, i.status, i.created_at, 'investment', i.uid, 0
  FROM investments i WHERE $1::text IS NULL OR i.uid = $1
  UNION ALL
  SELECT t.id::text,
         CASE WHEN t.kind IN ('investment_stop_principal', 'maturity_principal') THEN 'investment' ELSE 'earn' END,
         'transfer',
         CASE WHEN t.kind = 'earnings_deduct' THEN -t.amount_cents ELSE t.amount_cents END,
         'completed', t.created_at,
         CASE t.kind WHEN 'investment_stop_principal' THEN 'investment'
                     WHEN 'maturity_principal' THEN 'maturity'
                     WHEN 'maturity_earnings' THEN 'maturity'
                     ELSE 'adjustment' END,
         i.uid, t.id
  FROM transfers t JOIN investments i ON t.ref_type = 'investment' AND i.id = t.ref_id
  WHERE t.kind IN ('investment_stop_principal', 'maturity_principal', 'earnings_credit', 'earnings_deduct', 'maturity_earnings')
    AND ($1::text IS NULL OR i.uid = $1)
) x
JOIN users u ON u.id = x.uid
ORDER BY x.created_at DESC, x.seq DESC, x.id DESC`;

const toTransaction = (r: TransactionRow): Transaction => ({
  id: r.id, type: r.type, method: r.method, amount: dbUsd(r.amount_cents), status: r.status,
  createdAt: iso(r.created_at), source: r.source, user: userRef(r),
});

export async function listTransactions(q: Queryable, uid: string | null): Promise<Transaction[]> {
  return (await q.query<TransactionRow>(TRANSACTIONS_SQL, [uid])).rows.map(toTransaction);
}

interface LedgerRow {
  transfer_id: string;
  kind_account: string;
  asset: string;
  delta: string;
  kind: string;
  reason: string;
  actor: string;
  account_after: string;
  asset_after: string;
  ref: string;
  created_at: Date;
}

/**
 * Every posting on the caller's accounts: one line per account touched (a hold shows twice), with
 * running balances: the account's after this posting, and the asset's after the whole transfer
 * (RANGE framing counts both sides of a hold together, so moving money between one's own
 * accounts leaves the asset's balance as it was).
 */
const LEDGER_SQL = `
SELECT p.transfer_id, a.kind || ':' || a.asset AS kind_account, a.asset, p.delta, t.kind, t.reason, t.actor,
       SUM(p.delta) OVER (PARTITION BY p.account ORDER BY p.transfer_id)::text AS account_after,
       SUM(p.delta) OVER (PARTITION BY a.asset ORDER BY p.transfer_id)::text AS asset_after,
       t.ref_type || ':' || t.ref_id AS ref, t.created_at
FROM (
  SELECT t.id AS transfer_id, t.credit_account AS account, t.amount_cents AS delta FROM transfers t
  WHERE t.credit_account IN (SELECT id FROM accounts WHERE owner = $1)
  UNION ALL
  SELECT t.id, t.debit_account, -t.amount_cents FROM transfers t
  WHERE t.debit_account IN (SELECT id FROM accounts WHERE owner = $1)
) p
JOIN transfers t ON t.id = p.transfer_id
JOIN accounts a ON a.id = p.account
ORDER BY p.transfer_id DESC, p.delta ASC`;

const actorOf = (actor: string, uid: string): LedgerEntry['actor'] => (actor === uid ? 'you' : actor === 'system' ? 'system' : 'administrator');

export async function listLedger(q: Queryable, uid: string): Promise<LedgerEntry[]> {
  const r = await q.query<LedgerRow>(LEDGER_SQL, [uid]);
  return r.rows.map((row) => ({
    transferId: String(row.transfer_id), account: row.kind_account, asset: row.asset, amount: dbUsd(row.delta),
    kind: row.kind, reason: row.reason, actor: actorOf(row.actor, uid), balanceAfter: dbUsd(row.account_after), assetBalanceAfter: dbUsd(row.asset_after),
    ref: row.ref, createdAt: iso(row.created_at),
  }));
}
