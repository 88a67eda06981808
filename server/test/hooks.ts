import type { Queryable } from '../src/db/types';

/**
 * The ledger's invariants (docs/ledger.md), checked by every ledger test file in `afterEach`:
 * - per asset, the sum of all balances is zero (conservation);
 * - every account's balance equals its credits minus its debits in `transfers`;
 * - no user account is below zero;
 * - each user's held funds equal their open withdrawals, invested funds their live investments.
 * Throws with the offending rows, so a failing test says what broke.
 */
export async function assertLedgerInvariants(db: Queryable): Promise<void> {
  const problems: string[] = [];

  const sums = await db.query<{ asset: string; total: string }>(
    'SELECT asset, SUM(balance)::text AS total FROM accounts GROUP BY asset HAVING SUM(balance) <> 0',
  );
  for (const r of sums.rows) problems.push(`asset ${r.asset}: balances sum to ${r.total}, not 0`);

  const drift = await db.query<{ id: string; balance: string; moved: string }>(
    `SELECT a.id, a.balance::text AS balance, COALESCE(m.moved, 0)::text AS moved
     FROM accounts a
     LEFT JOIN (
       SELECT account, SUM(delta) AS moved FROM (
         SELECT credit_account AS account, amount_cents AS delta FROM transfers
         UNION ALL
         SELECT debit_account, -amount_cents FROM transfers
       ) d GROUP BY account
     ) m ON m.account = a.id
     WHERE a.balance <> COALESCE(m.moved, 0)`,
  );
  for (const r of drift.rows) problems.push(`account ${r.id}: balance ${r.balance} but transfers sum to ${r.moved}`);

  const negative = await db.query<{ id: string; balance: string }>('SELECT id, balance::text AS balance FROM accounts WHERE owner IS NOT NULL AND balance < 0');
  for (const r of negative.rows) problems.push(`user account ${r.id} is negative: ${r.balance}`);

  // FULL JOIN: an open request without its account row is as wrong as an account without requests.
  const reserved = await db.query<{ account: string; balance: string; expected: string }>(
    `WITH acc AS (SELECT kind, owner, asset, balance FROM accounts WHERE kind IN ('held', 'invested')),
     req AS (
       SELECT 'held' AS kind, uid, asset, SUM(amount_cents) AS total FROM withdrawals WHERE status IN ('pending', 'processing') GROUP BY uid, asset
       UNION ALL
       SELECT 'invested', uid, asset, SUM(amount_cents) FROM investments WHERE status <> 'ended' GROUP BY uid, asset
     )
     SELECT COALESCE(acc.kind, req.kind) || ':' || COALESCE(acc.asset, req.asset) || ':' || COALESCE(acc.owner, req.uid) AS account,
            COALESCE(acc.balance, 0)::text AS balance, COALESCE(req.total, 0)::text AS expected
     FROM acc FULL JOIN req ON req.kind = acc.kind AND req.uid = acc.owner AND req.asset = acc.asset
     WHERE COALESCE(acc.balance, 0) <> COALESCE(req.total, 0)`,
  );
  for (const r of reserved.rows) problems.push(`${r.account}: balance ${r.balance} but its open requests sum to ${r.expected}`);

  if (problems.length) throw new Error(`Ledger invariants broken:\n  ${problems.join('\n  ')}`);
}
