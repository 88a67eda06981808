import type { HDKey } from '@scure/bip32';
import { bitcoinAccountKey, bitcoinAddress, evmAccountKey, evmAddress, XpubError, type BitcoinNetwork, type DerivedAddress } from '../chain/derive';
import type { Db, Queryable } from '../db/types';
import { badRequest } from '../errors';

// Each investor's own deposit address per key family, derived from the platform's extended public
// key at an index given once (docs/chain.md "Addresses").

export type Family = 'bitcoin' | 'evm';

/** The key of `family` on the wallet record; null when not set (that family stays manual). */
export async function familyXpub(q: Queryable, family: Family): Promise<string | null> {
  const { rows } = await q.query<{ xpub: string | null }>(`SELECT ${family === 'bitcoin' ? 'bitcoin_xpub' : 'evm_xpub'} AS xpub FROM wallet_addresses`);
  return rows[0]?.xpub ?? null;
}

const accountKey = (family: Family, xpub: string, network: BitcoinNetwork): HDKey => (family === 'bitcoin' ? bitcoinAccountKey(xpub, network) : evmAccountKey(xpub));
const derive = (family: Family, key: HDKey, index: number, network: BitcoinNetwork): DerivedAddress =>
  family === 'bitcoin' ? bitcoinAddress(key, index, network) : evmAddress(key, index);

/**
 * Checks the keys of a wallet-record body against the configured network: a 400 naming the field
 * (network, depth, checksum). undefined and null pass (left as is, removed).
 */
export function checkXpubs(body: { bitcoinXpub?: string | null; evmXpub?: string | null }, network: BitcoinNetwork): void {
  for (const [field, family] of [['bitcoinXpub', 'bitcoin'], ['evmXpub', 'evm']] as const) {
    const xpub = body[field];
    if (!xpub) continue;
    try {
      accountKey(family, xpub, network);
    } catch (error) {
      if (error instanceof XpubError) throw badRequest(`${field}: ${error.message}`);
      throw error;
    }
  }
}

/**
 * The investor's address of `family` under `xpub`: the one they have, or a new one at the key's
 * next index. The counter row's lock orders concurrent first deposits; the unique (xpub, index)
 * and (uid, family, xpub) keys are the database's backstop.
 */
export async function depositAddress(db: Db, uid: string, family: Family, xpub: string, network: BitcoinNetwork): Promise<string> {
  const theirs = async (q: Queryable) =>
    (await q.query<{ address: string }>('SELECT address FROM deposit_addresses WHERE uid = $1 AND family = $2 AND xpub = $3', [uid, family, xpub])).rows[0]?.address;
  const known = await theirs(db);
  if (known) return known;
  const key = accountKey(family, xpub, network);
  return db.tx(async (q) => {
    const again = await theirs(q);
    if (again) return again;
    const { rows } = await q.query<{ index: number }>(
      `INSERT INTO derivation_counters (xpub, next_index) VALUES ($1, 1)
       ON CONFLICT (xpub) DO UPDATE SET next_index = derivation_counters.next_index + 1
       RETURNING next_index - 1 AS index`,
      [xpub],
    );
    const index = Number(rows[0]?.index);
    const derived = derive(family, key, index, network);
    const inserted = await q.query<{ address: string }>(
      `INSERT INTO deposit_addresses (uid, family, xpub, derivation_index, address, match_key) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (uid, family, xpub) DO NOTHING RETURNING address`,
      [uid, family, xpub, index, derived.address, derived.matchKey],
    );
    if (inserted.rows[0]) return inserted.rows[0].address;
    // A concurrent request of the same investor gave them one first (the index stays unused).
    return String(await theirs(q));
  });
}
