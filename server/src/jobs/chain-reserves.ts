import type { WatchedChain } from '../chain/chains';
import type { Db } from '../db/types';

/** Addresses per balance batch (one JSON-RPC batch each). */
const PAGE = 500;

/**
 * Measures what `watched` holds at every investor's address and records it (chain_reserves).
 * Bitcoin: one UTXO-set scan over each key's derived range (derivation_counters: as many keys as
 * were ever set, not one row per investor). EVM: the balances of every address at one block, a
 * page at a time in address order, so memory stays flat at any number of investors.
 */
export async function measureReserve(db: Db, watched: WatchedChain): Promise<{ units: bigint; addresses: number; height: number }> {
  let units = 0n;
  let addresses = 0;
  let height: number;
  const { reserve } = watched;
  if (reserve.kind === 'keys') {
    const { rows } = await db.query<{ xpub: string; count: number }>(
      "SELECT c.xpub, c.next_index AS count FROM derivation_counters c WHERE EXISTS (SELECT 1 FROM deposit_addresses a WHERE a.xpub = c.xpub AND a.family = 'bitcoin')",
    );
    const scanned = await reserve.scan(rows);
    units = scanned.units;
    height = scanned.height;
    addresses = rows.reduce((n, r) => n + r.count, 0);
  } else {
    height = await watched.reader.tipHeight();
    let after = '';
    for (;;) {
      const { rows } = await db.query<{ match_key: string }>(
        "SELECT match_key FROM deposit_addresses WHERE family = 'evm' AND match_key > $1 ORDER BY match_key LIMIT $2",
        [after, PAGE],
      );
      if (!rows.length) break;
      units += await reserve.sum(rows.map((r) => r.match_key), height);
      addresses += rows.length;
      after = rows[rows.length - 1]?.match_key ?? after;
    }
  }
  await db.query(
    `INSERT INTO chain_reserves (chain, units, addresses, height, measured_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (chain) DO UPDATE SET units = EXCLUDED.units, addresses = EXCLUDED.addresses, height = EXCLUDED.height, measured_at = now()`,
    [watched.chain, units.toString(), addresses, height],
  );
  return { units, addresses, height };
}
