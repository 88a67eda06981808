import { randomUUID } from 'node:crypto';
import type { WalletAddress, WalletAddressBody } from '@halcyon/api-client/contract';
import type { Queryable } from '../db/types';
import { conflict, isUniqueViolation, notFound } from '../errors';

// The platform's deposit addresses: a single record, created once, then updated.

interface Row {
  id: string;
  bitcoin: string;
  ethereum: string;
  sol: string;
  usdt: string;
}

const toWallet = (r: Row): WalletAddress => ({ _id: r.id, bitcoin: r.bitcoin, ethereum: r.ethereum, sol: r.sol, usdt: r.usdt });
const COLS = 'id, bitcoin, ethereum, sol, usdt';

export async function walletAddresses(q: Queryable): Promise<WalletAddress[]> {
  return (await q.query<Row>(`SELECT ${COLS} FROM wallet_addresses`)).rows.map(toWallet);
}

/** A singleton: the table's constant unique column refuses a second record, even under a race. */
export async function createWalletAddress(q: Queryable, body: WalletAddressBody): Promise<WalletAddress> {
  try {
    const { rows } = await q.query<Row>(
      `INSERT INTO wallet_addresses (id, bitcoin, ethereum, sol, usdt) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLS}`,
      [randomUUID(), body.bitcoin, body.ethereum, body.sol, body.usdt],
    );
    const row = rows[0];
    if (!row) throw new Error('wallet insert returned nothing');
    return toWallet(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('The wallet address record already exists; update it instead', 'WALLET_EXISTS');
    throw error;
  }
}

export async function updateWalletAddress(q: Queryable, id: string, body: WalletAddressBody): Promise<WalletAddress> {
  const { rows } = await q.query<Row>(
    `UPDATE wallet_addresses SET bitcoin = $2, ethereum = $3, sol = $4, usdt = $5, updated_at = now() WHERE id = $1 RETURNING ${COLS}`,
    [id, body.bitcoin, body.ethereum, body.sol, body.usdt],
  );
  const row = rows[0];
  if (!row) throw notFound('Wallet address record not found');
  return toWallet(row);
}
