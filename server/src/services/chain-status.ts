import { CHAIN_COIN, type Chain, type ChainFollower, type ChainPaymentRow, type ChainReserve, type ChainStatus } from '@halcyon/api-client/contract';
import { formatUnits } from '../chain/blocks';
import type { Chains } from '../chain/chains';
import { centsForUnits } from '../chain/price';
import type { Deps } from '../deps';
import type { Queryable } from '../db/types';
import { dbUsd } from '../ledger/money';
import { iso, isoOrNull, userRef, type UserColumns } from '../ledger/rows';
import { solvency } from './solvency';

/** How many payments that need an eye, and flagged accounts, the panel lists (newest first). */
const LISTED = 100;

interface CursorRow {
  chain: Chain;
  height: string;
  tip_height: string;
  reorgs: number;
  deepest_reorg: number;
  last_error: string | null;
  last_error_at: Date | null;
  updated_at: Date;
}

interface PaymentRow extends UserColumns {
  id: string;
  chain: Chain;
  txid: string;
  output_index: number;
  uid: string;
  address: string;
  amount_units: string;
  status: ChainPaymentRow['status'];
  valuation: ChainPaymentRow['valuation'];
  credited_cents: string | null;
  block_height: string | null;
  seen_at: Date;
}

/** GET /admin/chain (docs/chain.md "What admins see"): each read is of a watched chain's few rows or an index's newest. */
export async function chainStatus(deps: Pick<Deps, 'db' | 'chains' | 'clock'>): Promise<ChainStatus> {
  const q = deps.db;
  const watched = Object.values(deps.chains.watched);
  // Each chain's coin decimals (a token's read from its contract), for amounts and reserves alike.
  const decimals = new Map(await Promise.all(watched.map(async (w) => [w.chain, await w.decimals().catch(() => null)] as const)));
  const [cursors, attention, reserves, flagged] = await Promise.all([
    q.query<CursorRow>('SELECT chain, height, tip_height, reorgs, deepest_reorg, last_error, last_error_at, updated_at FROM chain_cursors'),
    q.query<PaymentRow>(
      `SELECT p.id, p.chain, p.txid, p.output_index, p.uid, p.address, p.amount_units::text, p.status, p.valuation, p.credited_cents,
              p.block_height, p.seen_at, u.name AS user_name, u.email AS user_email
         FROM chain_payments p JOIN users u ON u.id = p.uid
        WHERE p.status IN ('dust', 'orphaned', 'reorged', 'reversed') OR p.valuation = 'unquoted'
        ORDER BY p.id DESC LIMIT ${LISTED}`,
    ),
    reservesOf(q, deps.chains, decimals, deps.clock.now()),
    q.query<UserColumns & { id: string; review_reason: string; review_since: Date }>(
      `SELECT id, name AS user_name, email AS user_email, review_reason, review_since FROM users
        WHERE review_since IS NOT NULL ORDER BY review_since DESC LIMIT ${LISTED}`,
    ),
  ]);
  const byChain = new Map(cursors.rows.map((c) => [c.chain, c]));
  return {
    followers: watched.map((w): ChainFollower => {
      const c = byChain.get(w.chain);
      const [height, tip] = c ? [Number(c.height), Number(c.tip_height)] : [null, null];
      return {
        chain: w.chain, coin: w.coin, height, tip, lag: height !== null && tip !== null ? Math.max(0, tip - height) : null,
        confirmations: w.confirmations, reorgs: c?.reorgs ?? 0, deepestReorg: c?.deepest_reorg ?? 0,
        lastError: c?.last_error ?? null, lastErrorAt: isoOrNull(c?.last_error_at ?? null), updatedAt: isoOrNull(c?.updated_at ?? null),
      };
    }),
    attention: attention.rows.map((p) => {
      const places = decimals.get(p.chain);
      return {
        id: p.id, chain: p.chain, coin: CHAIN_COIN[p.chain], txid: p.txid, outputIndex: p.output_index,
        uid: p.uid, user: userRef(p), address: p.address,
        amount: places === null || places === undefined ? p.amount_units : formatUnits(BigInt(p.amount_units), places),
        status: p.status, valuation: p.valuation, credited: p.credited_cents === null ? null : dbUsd(p.credited_cents),
        blockHeight: p.block_height === null ? null : Number(p.block_height), seenAt: iso(p.seen_at),
        explorerUrl: deps.chains.watched[p.chain]?.explorerUrl(p.txid) ?? null,
      };
    }),
    reserves,
    flagged: flagged.rows.map((r) => ({ uid: r.id, user: userRef(r), reason: r.review_reason, since: iso(r.review_since) })),
  };
}

/** Each watched chain's last measure beside what the ledger owes in its asset, valued at the current price when one can be read. */
async function reservesOf(q: Queryable, chains: Chains, decimalsOf: ReadonlyMap<Chain, number | null>, now: Date): Promise<ChainReserve[]> {
  const [measured, owed] = await Promise.all([
    q.query<{ chain: Chain; units: string; addresses: number; height: string | null; measured_at: Date }>('SELECT chain, units::text, addresses, height, measured_at FROM chain_reserves'),
    solvency(q),
  ]);
  const byChain = new Map(measured.rows.map((r) => [r.chain, r]));
  return Promise.all(
    Object.values(chains.watched).map(async (w): Promise<ChainReserve> => {
      const m = byChain.get(w.chain);
      const decimals = decimalsOf.get(w.chain) ?? null;
      const price = await chains.prices.price(w.asset, now).catch(() => null);
      const units = m ? BigInt(m.units) : null;
      return {
        chain: w.chain, asset: w.asset, coin: w.coin,
        onChain: units === null || decimals === null ? null : formatUnits(units, decimals),
        onChainUsd: units === null || decimals === null || !price ? null : dbUsd(centsForUnits(units, price, decimals).toString()),
        addresses: m?.addresses ?? 0,
        height: m?.height ? Number(m.height) : null,
        measuredAt: isoOrNull(m?.measured_at ?? null),
        owed: owed.assets.find((a) => a.asset === w.asset)?.owed ?? 0,
      };
    }),
  );
}
