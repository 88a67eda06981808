import { randomUUID } from 'node:crypto';
import type { WalletAddress } from '@halcyon/api-client/contract';
import { defineRoute, feature } from '../../http/define-route';
import { conflict, isUniqueViolation, notFound } from '../../errors';

interface Row {
  id: string;
  bitcoin: string;
  ethereum: string;
  sol: string;
  usdt: string;
}

const toWallet = (r: Row): WalletAddress => ({ _id: r.id, bitcoin: r.bitcoin, ethereum: r.ethereum, sol: r.sol, usdt: r.usdt });
const COLS = 'id, bitcoin, ethereum, sol, usdt';

export default feature(
  defineRoute('getWalletAddresses', async ({ db }) => ({ data: (await db.query<Row>(`SELECT ${COLS} FROM wallet_addresses`)).rows.map(toWallet) })),

  // A singleton: the table's constant unique column refuses a second record, even under a race.
  defineRoute('createWalletAddress', async ({ body, db }) => {
    try {
      const { rows } = await db.query<Row>(
        `INSERT INTO wallet_addresses (id, bitcoin, ethereum, sol, usdt) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLS}`,
        [randomUUID(), body.bitcoin, body.ethereum, body.sol, body.usdt],
      );
      const row = rows[0];
      if (!row) throw new Error('wallet insert returned nothing');
      return { data: toWallet(row), message: 'Wallet addresses created!' };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('The wallet address record already exists; update it instead', 'WALLET_EXISTS');
      throw error;
    }
  }),

  defineRoute('updateWalletAddress', async ({ params, body, db }) => {
    const { rows } = await db.query<Row>(
      `UPDATE wallet_addresses SET bitcoin = $2, ethereum = $3, sol = $4, usdt = $5, updated_at = now() WHERE id = $1 RETURNING ${COLS}`,
      [params.id, body.bitcoin, body.ethereum, body.sol, body.usdt],
    );
    const row = rows[0];
    if (!row) throw notFound('Wallet address record not found');
    return { data: toWallet(row), message: 'Wallet addresses updated!' };
  }),
);
