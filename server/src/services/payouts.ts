import { CHAIN_COIN, METHOD_CHAIN, type Chain, type WithdrawalPayout, type WithdrawMethod } from '@halcyon/api-client/contract';
import { formatUnits } from '../chain/blocks';
import type { Chains } from '../chain/chains';
import { PriceUnavailable, unitsForCents, type Price } from '../chain/price';
import type { Queryable } from '../db/types';
import type { Deps } from '../deps';
import { AppError } from '../errors';

// Approved withdrawals paid on the chain (issue 27; docs/chain.md "Payouts"): the approval queues a
// payout at the price of that moment; the signer (server/src/signer, its own process) signs and
// sends it; the follower counts its confirmations. Nothing here holds or asks for a key.

/** What an approval fixes of its payout: the chain, the coin amount and the price it came from. */
export interface PayoutQuote {
  chain: Chain;
  units: bigint;
  decimals: number;
  price: Price;
  confirmations: number;
}

/**
 * The payout an approval of `withdrawal` queues, priced now and rounded down (the platform never
 * sends more than the USD it owes); null when it is paid by hand as before: payouts off, a bank
 * or Solana withdrawal, or its chain not watched. A price that cannot be read refuses the
 * approval (503, nothing changes): an admin tries again.
 */
export async function payoutQuote(deps: Pick<Deps, 'chains' | 'config' | 'clock'>, withdrawal: { method: WithdrawMethod; amountCents: number }): Promise<PayoutQuote | null> {
  if (!deps.config.chain.payouts) return null;
  const chain = METHOD_CHAIN[withdrawal.method as keyof typeof METHOD_CHAIN];
  const watched = chain ? deps.chains.watched[chain] : undefined;
  if (!chain || !watched) return null;
  try {
    const [decimals, price] = await Promise.all([watched.decimals(), deps.chains.prices.price(watched.asset, deps.clock.now())]);
    return { chain, units: unitsForCents(withdrawal.amountCents, price, decimals, 'down'), decimals, price, confirmations: watched.confirmations };
  } catch (error) {
    const why = error instanceof PriceUnavailable ? error.message : `the ${chain} node cannot be reached`;
    throw new AppError(503, 'PRICE_UNAVAILABLE', `This ${watched.coin} withdrawal cannot be priced for its payout right now (${why}); please try again in a few minutes`, { 'retry-after': '60' });
  }
}

/** Queues the payout of an approved withdrawal, in the approval's transaction. */
export async function queuePayout(q: Queryable, withdrawal: { id: string; asset: string; address: string; amountCents: number }, quote: PayoutQuote): Promise<void> {
  await q.query(
    `INSERT INTO payouts (withdrawal_id, chain, asset, destination, units, coin_decimals, usd_cents, price_answer, price_decimals, priced_at, confirmations_required)
     VALUES ($1, $2, $3, $4, $5::numeric, $6, $7, $8::numeric, $9, $10, $11)`,
    [withdrawal.id, quote.chain, withdrawal.asset, withdrawal.address, quote.units.toString(), quote.decimals, withdrawal.amountCents, quote.price.answer.toString(), quote.price.decimals, quote.price.updatedAt, quote.confirmations],
  );
}

/** The payout columns a withdrawal read adds (alias `po`), its confirmations from the follower's cursor. */
export const PAYOUT_COLUMNS = `po.chain AS po_chain, po.status AS po_status, po.txid AS po_txid, po.units::text AS po_units, po.coin_decimals AS po_decimals,
  po.confirmations_required AS po_required,
  (SELECT (c.height - po.block_height + 1)::int FROM chain_cursors c WHERE c.chain = po.chain) AS po_confirmations`;
/** The join that brings them to withdrawal rows `w` (one payout per withdrawal at most). */
export const PAYOUT_JOIN = 'LEFT JOIN payouts po ON po.withdrawal_id = w.id';

export interface PayoutColumns {
  po_chain: Chain | null;
  po_status: 'queued' | 'offline' | 'signed' | 'sent' | 'confirmed' | 'failed' | null;
  po_txid: string | null;
  po_units: string | null;
  po_decimals: number | null;
  po_required: number | null;
  po_confirmations: number | null;
}

const STATE: Record<NonNullable<PayoutColumns['po_status']>, WithdrawalPayout['state']> = {
  // Signed but not yet taken by the node: still queued as far as the investor can tell.
  queued: 'queued', offline: 'queued', signed: 'queued', sent: 'sent', confirmed: 'complete', failed: 'delayed',
};

/** What the investor and the admins see of a withdrawal's payout; null when it has none (or the row was read without its columns). */
export function payoutOf(r: Partial<PayoutColumns>, chains: Chains | null): WithdrawalPayout | null {
  if (!r.po_chain || !r.po_status || r.po_units == null || r.po_decimals == null || r.po_required == null) return null;
  const state = STATE[r.po_status];
  const txid = state === 'queued' ? null : (r.po_txid ?? null);
  const inBlock = r.po_confirmations !== null && (r.po_status === 'sent' || r.po_status === 'confirmed');
  return {
    network: r.po_chain,
    coin: CHAIN_COIN[r.po_chain],
    cryptoAmount: formatUnits(BigInt(r.po_units), r.po_decimals),
    state,
    txid,
    confirmations: inBlock ? Math.max(0, r.po_confirmations ?? 0) : 0,
    confirmationsRequired: r.po_required,
    explorerUrl: txid ? (chains?.watched[r.po_chain]?.explorerUrl(txid) ?? null) : null,
  };
}
