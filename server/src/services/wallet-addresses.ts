import { randomUUID } from 'node:crypto';
import type { Chain, WalletAddress, WalletAddressBody } from '@halcyon/api-client/contract';
import type { Chains } from '../chain/chains';
import type { BitcoinNetwork } from '../chain/derive';
import type { Queryable } from '../db/types';
import { conflict, isUniqueViolation, notFound } from '../errors';
import { checkXpubs } from './deposit-addresses';

// The platform's deposit addresses: a single record, created once, then updated. Its extended
// public keys (docs/chain.md "Addresses") give each investor their own address on that chain.

interface Row {
  id: string;
  bitcoin: string;
  ethereum: string;
  sol: string;
  usdt: string;
  bitcoin_xpub: string | null;
  evm_xpub: string | null;
}

/** Admins see the keys; investors never do (a key shows every investor's deposits to whoever has it). */
const toWallet = (r: Row, withKeys: boolean): WalletAddress => ({
  _id: r.id, bitcoin: r.bitcoin, ethereum: r.ethereum, sol: r.sol, usdt: r.usdt,
  ...(withKeys ? { bitcoinXpub: r.bitcoin_xpub, evmXpub: r.evm_xpub } : {}),
});
const COLS = 'id, bitcoin, ethereum, sol, usdt, bitcoin_xpub, evm_xpub';

/**
 * The record, with the chains whose deposits are quoted (watched, and their family's key set):
 * on those, investors are given their own address, never the shared one.
 */
export async function walletAddresses(q: Queryable, chains: Chains, role: 'user' | 'admin'): Promise<WalletAddress[]> {
  return (await q.query<Row>(`SELECT ${COLS} FROM wallet_addresses`)).rows.map((r) => ({
    ...toWallet(r, role === 'admin'),
    chains: Object.values(chains.watched)
      .filter((w) => (w.family === 'bitcoin' ? r.bitcoin_xpub : r.evm_xpub) !== null)
      .map((w): Chain => w.chain),
  }));
}

/** A singleton: the table's constant unique column refuses a second record, even under a race. */
export async function createWalletAddress(q: Queryable, network: BitcoinNetwork, body: WalletAddressBody): Promise<WalletAddress> {
  checkXpubs(body, network);
  try {
    const { rows } = await q.query<Row>(
      `INSERT INTO wallet_addresses (id, bitcoin, ethereum, sol, usdt, bitcoin_xpub, evm_xpub) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLS}`,
      [randomUUID(), body.bitcoin, body.ethereum, body.sol, body.usdt, body.bitcoinXpub ?? null, body.evmXpub ?? null],
    );
    const row = rows[0];
    if (!row) throw new Error('wallet insert returned nothing');
    return toWallet(row, true);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('The wallet address record already exists; update it instead', 'WALLET_EXISTS');
    throw error;
  }
}

/** The spec's body as sent (no keys) leaves the keys as they are; null removes one. */
export async function updateWalletAddress(q: Queryable, network: BitcoinNetwork, id: string, body: WalletAddressBody): Promise<WalletAddress> {
  checkXpubs(body, network);
  const { rows } = await q.query<Row>(
    `UPDATE wallet_addresses SET bitcoin = $2, ethereum = $3, sol = $4, usdt = $5,
            bitcoin_xpub = CASE WHEN $6 THEN $7 ELSE bitcoin_xpub END, evm_xpub = CASE WHEN $8 THEN $9 ELSE evm_xpub END, updated_at = now()
      WHERE id = $1 RETURNING ${COLS}`,
    [id, body.bitcoin, body.ethereum, body.sol, body.usdt, body.bitcoinXpub !== undefined, body.bitcoinXpub ?? null, body.evmXpub !== undefined, body.evmXpub ?? null],
  );
  const row = rows[0];
  if (!row) throw notFound('Wallet address record not found');
  return toWallet(row, true);
}
