// The ledger rules (docs/ledger.md) checked straight on the database, after load or a crash.
import { Client } from 'pg';

export interface InvariantReport {
  /** assets whose account balances do not sum to zero */
  unbalancedAssets: { asset: string; sum: string }[];
  /** accounts whose balance differs from credits minus debits of their transfers */
  driftedAccounts: { id: string; balance: string; fromTransfers: string }[];
  /** user accounts below zero */
  negativeUserAccounts: { id: string; balance: string }[];
  transferCount: number;
}

export const isClean = (r: InvariantReport): boolean =>
  r.unbalancedAssets.length === 0 && r.driftedAccounts.length === 0 && r.negativeUserAccounts.length === 0;

export async function withDb<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function checkInvariants(c: Client): Promise<InvariantReport> {
  // One snapshot for all three checks, so concurrent writers cannot make a clean ledger look dirty.
  await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  try {
    const unbalanced = await c.query<{ asset: string; sum: string }>(
      'SELECT asset, SUM(balance)::text AS sum FROM accounts GROUP BY asset HAVING SUM(balance) <> 0',
    );
    const drifted = await c.query<{ id: string; balance: string; fromTransfers: string }>(
      `SELECT a.id, a.balance::text AS balance, COALESCE(m.net, 0)::text AS "fromTransfers"
       FROM accounts a
       LEFT JOIN (
         SELECT account, SUM(delta) AS net FROM (
           SELECT credit_account AS account, amount_cents AS delta FROM transfers
           UNION ALL
           SELECT debit_account, -amount_cents FROM transfers
         ) moves GROUP BY account
       ) m ON m.account = a.id
       WHERE a.balance <> COALESCE(m.net, 0)`,
    );
    const negative = await c.query<{ id: string; balance: string }>(
      'SELECT id, balance::text AS balance FROM accounts WHERE owner IS NOT NULL AND balance < 0',
    );
    const count = await c.query<{ n: string }>('SELECT COUNT(*)::text AS n FROM transfers');
    return {
      unbalancedAssets: unbalanced.rows,
      driftedAccounts: drifted.rows,
      negativeUserAccounts: negative.rows,
      transferCount: Number(count.rows[0]?.n ?? 0),
    };
  } finally {
    await c.query('COMMIT');
  }
}

/** How many transfers of `kind` reference each of `ids` (ids with none are absent). */
export async function transfersByRef(c: Client, kind: string, ids: string[]): Promise<Map<string, number>> {
  const res = await c.query<{ ref_id: string; n: string }>(
    'SELECT ref_id, COUNT(*)::text AS n FROM transfers WHERE kind = $1 AND ref_id = ANY($2::text[]) GROUP BY ref_id',
    [kind, ids],
  );
  return new Map(res.rows.map((r) => [r.ref_id, Number(r.n)]));
}
