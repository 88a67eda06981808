// The chain benchmark's addresses: `total` rows in deposit_addresses, as a platform with that many
// derived addresses has. The payees (investors the benchmark pays) get real addresses, derived by
// the server's own code from the platform's keys; the rest are synthetic rows written by one
// INSERT … SELECT generate_series, with match keys of the real shapes (a P2WPKH script, a 0x
// address) that no payment ever reaches. A follower reads only (family, match_key).
import type { Client } from 'pg';
import { bitcoinAccountKey, bitcoinAddress, evmAccountKey, evmAddress, type DerivedAddress } from '../../../server/src/chain/derive';

export interface Payee {
  uid: string;
  bitcoin: DerivedAddress;
  evm: DerivedAddress;
}

export interface SeedOptions {
  /** Rows in deposit_addresses in the end, payees' included. */
  total: number;
  /** Investors with real addresses (each has one of each family). */
  payees: number;
  keys: { bitcoinXpub: string; evmXpub: string };
}

const NETWORK = 'litecoin-regtest';

/** Addresses 0/first … 0/first+count-1 of a Bitcoin account key (vpub or tpub), as the server derives them. */
export function bitcoinAddresses(xpub: string, first: number, count: number): DerivedAddress[] {
  const key = bitcoinAccountKey(xpub, NETWORK);
  return Array.from({ length: count }, (_, i) => bitcoinAddress(key, first + i, NETWORK));
}

function evmAddresses(xpub: string, count: number): DerivedAddress[] {
  const key = evmAccountKey(xpub);
  return Array.from({ length: count }, (_, i) => evmAddress(key, i));
}

/** Writes the payees (users and addresses) and the synthetic rows; returns the payees. */
export async function seedAddresses(c: Client, o: SeedOptions): Promise<Payee[]> {
  const synthetic = o.total - 2 * o.payees;
  if (synthetic < 0) throw new Error(`chain: ${o.total} addresses cannot hold ${o.payees} payees' two each`);
  const bitcoin = bitcoinAddresses(o.keys.bitcoinXpub, 0, o.payees);
  const evm = evmAddresses(o.keys.evmXpub, o.payees);
  const payees = bitcoin.map((b, i) => ({ uid: `chainbench-${i}`, bitcoin: b, evm: evm[i] as DerivedAddress }));
  // Investors as registration leaves them (no password anyone knows: nobody signs in as them).
  await c.query(
    `INSERT INTO users (id, name, username, email, password_hash, role)
     SELECT 'chainbench-' || g, 'Chain Payee ' || g, 'chainbench_' || g, 'chainbench.' || g || '@bench.test', '!', 'user'
       FROM generate_series(0, $1::int - 1) g
     UNION ALL SELECT 'chainbench-synthetic', 'Chain Synthetic', 'chainbench_synthetic', 'chainbench.synthetic@bench.test', '!', 'user'`,
    [o.payees],
  );
  for (const [family, xpub, list] of [['bitcoin', o.keys.bitcoinXpub, bitcoin], ['evm', o.keys.evmXpub, evm]] as const) {
    await c.query(
      `INSERT INTO deposit_addresses (uid, family, xpub, derivation_index, address, match_key)
       SELECT 'chainbench-' || (i - 1), $1, $2, i - 1, a, k FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS x(a, k, i)`,
      [family, xpub, list.map((d) => d.address), list.map((d) => d.matchKey)],
    );
    // The server gives real investors the indexes after the payees'.
    await c.query('INSERT INTO derivation_counters (xpub, next_index) VALUES ($1, $2)', [xpub, o.payees]);
  }
  // Half Bitcoin, half EVM; each row under a key of its own (deposit_addresses' key is uid, family, xpub).
  await c.query(
    `INSERT INTO deposit_addresses (uid, family, xpub, derivation_index, address, match_key)
     SELECT 'chainbench-synthetic', f, 'synthetic-' || g, 0, 'synthetic-' || g,
            CASE f WHEN 'bitcoin' THEN '0014' ELSE '0x' END || md5('k' || g) || left(md5('l' || g), 8)
       FROM generate_series(1, $1::int) g, LATERAL (SELECT CASE WHEN g % 2 = 0 THEN 'bitcoin' ELSE 'evm' END AS f) x`,
    [synthetic],
  );
  await c.query('ANALYZE deposit_addresses');
  return payees;
}
