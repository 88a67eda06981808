import type { Asset, Solvency } from '@halcyon/api-client/contract';
import { ASSETS } from '@halcyon/api-client/contract';
import type { Queryable } from '../../db/types';
import { dbUsd } from '../../ledger/money';

interface BalanceRow {
  kind: string;
  asset: string;
  total: string;
}

/**
 * What users are owed against what the platform holds, per asset. Custody = minus the custody
 * account's balance (what came in minus what was paid out). By conservation,
 * totalOwed − totalCustody = returnsPaid (earnings are paid from the platform's returns account).
 */
export async function solvency(q: Queryable): Promise<Solvency> {
  const r = await q.query<BalanceRow & { open_available: string; users: string }>(
    `WITH bal AS (SELECT kind, asset, SUM(balance)::text AS total FROM accounts GROUP BY kind, asset),
     open_users AS (SELECT id FROM users WHERE role = 'user' AND closed_at IS NULL)
     SELECT bal.kind, bal.asset, bal.total,
       (SELECT COALESCE(SUM(a.balance), 0) FROM accounts a JOIN open_users o ON o.id = a.owner WHERE a.kind = 'available')::text AS open_available,
       (SELECT count(*) FROM open_users)::text AS users
     FROM bal`,
  );
  const cents = new Map(r.rows.map((row) => [`${row.kind}:${row.asset}`, BigInt(row.total)]));
  const get = (kind: string, asset: string): bigint => cents.get(`${kind}:${asset}`) ?? 0n;
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
  const first = r.rows[0];
  return {
    assets,
    earningsOwed: dbUsd(earningsOwed),
    returnsPaid: dbUsd(-get('returns', 'usd')),
    totalOwed: dbUsd(owed + earningsOwed),
    totalCustody: dbUsd(custodyTotal),
    totalUserBalances: dbUsd(first?.open_available ?? 0),
    totalUsers: Number(first?.users ?? 0),
  };
}
