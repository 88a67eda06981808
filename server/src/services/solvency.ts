import type { Asset, Solvency } from '@halcyon/api-client/contract';
import { ASSETS } from '@halcyon/api-client/contract';
import type { Queryable } from '../db/types';
import { ledgerTotals } from '../ledger/kind-totals';
import { dbUsd } from '../ledger/money';

/**
 * What users are owed against what the platform holds, per asset. Custody = minus the custody
 * account's balance (what came in minus what was paid out). By conservation,
 * totalOwed − totalCustody = returnsPaid (earnings are paid from the platform's returns account).
 * Read from the kinds' totals (the last ledger seal's plus the transfers since), so it costs the
 * same on a platform of any age; the accounts left out of the investors' balances (closed, staff)
 * are the few the partial index finds, and the open investors are counted by the database as
 * they come and go (migration 017).
 */
export async function solvency(q: Queryable): Promise<Solvency> {
  const totals = await ledgerTotals(q);
  const r = await q.query<{ left_out: string; users: string }>(
    `SELECT (SELECT COALESCE(SUM(a.balance), 0) FROM users u JOIN accounts a ON a.owner = u.id AND a.kind = 'available'
             WHERE u.closed_at IS NOT NULL OR u.role <> 'user')::text AS left_out,
            (SELECT COALESCE(max(n), 0) FROM open_investor_count)::text AS users`,
  );
  const get = (kind: string, asset: string): bigint => totals.get(`${kind}:${asset}`) ?? 0n;
  const availableAll = [...totals].reduce((sum, [key, cents]) => (key.startsWith('available:') ? sum + cents : sum), 0n);
  let owed = 0n;
  let custodyTotal = 0n;
  const assets = ASSETS.map((asset: Asset) => {
    const a = get('available', asset);
    const h = get('held', asset);
    const i = get('invested', asset);
    const c = -get('custody', asset);
    owed += a + h + i;
    custodyTotal += c;
    return { asset, available: dbUsd(a), held: dbUsd(h), invested: dbUsd(i), owed: dbUsd(a + h + i), custody: dbUsd(c), gap: dbUsd(c - (a + h + i)) };
  });
  const earningsOwed = get('earnings', 'usd');
  const row = r.rows[0];
  return {
    assets,
    earningsOwed: dbUsd(earningsOwed),
    returnsPaid: dbUsd(-get('returns', 'usd')),
    totalOwed: dbUsd(owed + earningsOwed),
    totalCustody: dbUsd(custodyTotal),
    totalUserBalances: dbUsd(availableAll - BigInt(row?.left_out ?? 0)),
    totalUsers: Number(row?.users ?? 0),
  };
}
