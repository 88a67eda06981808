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

  const held = await db.query<{ id: string; balance: string; open: string }>(
    `SELECT a.id, a.balance::text AS balance, COALESCE(w.open, 0)::text AS open
     FROM accounts a
     LEFT JOIN (SELECT uid, asset, SUM(amount_cents) AS open FROM withdrawals WHERE status IN ('pending', 'processing') GROUP BY uid, asset) w
       ON w.uid = a.owner AND w.asset = a.asset
     WHERE a.kind = 'held' AND a.balance <> COALESCE(w.open, 0)`,
  );
  for (const r of held.rows) problems.push(`held account ${r.id}: balance ${r.balance} but open withdrawals sum to ${r.open}`);

  const inv = await db.query<{ id: string; balance: string; live: string }>(
    `SELECT a.id, a.balance::text AS balance, COALESCE(i.live, 0)::text AS live
     FROM accounts a
     LEFT JOIN (SELECT uid, asset, SUM(amount_cents) AS live FROM investments WHERE status <> 'ended' GROUP BY uid, asset) i
       ON i.uid = a.owner AND i.asset = a.asset
     WHERE a.kind = 'invested' AND a.balance <> COALESCE(i.live, 0)`,
  );
  for (const r of inv.rows) problems.push(`invested account ${r.id}: balance ${r.balance} but live investments sum to ${r.live}`);

  if (problems.length) throw new Error(`Ledger invariants broken:\n  ${problems.join('\n  ')}`);
}
