import type { ChainBlock } from '../chain/blocks';
import type { Db, Queryable } from '../db/types';

// The follower's side of payouts (docs/chain.md "Payouts"): it reads every block anyway, so it is
// the one that sees the platform's own transactions land, leave with a reorganisation, and reach
// their confirmations. Any attempt of a payout counts (a replaced transaction may be the one mined).

/** Payouts whose transaction one of `blocks` holds: sent, in that block. Part of the batch's transaction. */
export async function markPayoutsInBlocks(q: Queryable, chain: string, blocks: ChainBlock[]): Promise<void> {
  // Most batches have no payout waiting: one indexed question saves matching every transaction id.
  const waiting = await q.query("SELECT 1 FROM payouts WHERE chain = $1 AND status IN ('signed', 'sent') AND block_hash IS NULL LIMIT 1", [chain]);
  if (!waiting.rows.length) return;
  const txids = blocks.flatMap((b) => b.txids);
  const heights = blocks.flatMap((b) => b.txids.map(() => b.height));
  const hashes = blocks.flatMap((b) => b.txids.map(() => b.hash));
  await q.query(
    `UPDATE payouts p SET status = 'sent', txid = t.txid, block_height = b.height, block_hash = b.hash,
            sent_at = coalesce(p.sent_at, now()), last_error = NULL, updated_at = now()
       FROM unnest($2::text[], $3::bigint[], $4::text[]) AS b(txid, height, hash)
       JOIN payout_transactions t ON t.chain = $1 AND t.txid = b.txid
      WHERE p.id = t.payout_id AND p.status IN ('signed', 'sent') AND p.block_hash IS NULL`,
    [chain, txids, heights, hashes],
  );
}

/**
 * A reorganisation back to `forkHeight`: payouts in the blocks above it are sent again, with no
 * block (the signer broadcasts the same bytes again if the node dropped them). Confirmed ones too:
 * a confirmation count is only as good as the chain that gave it.
 */
export async function unmarkPayoutsAbove(q: Queryable, chain: string, forkHeight: number): Promise<void> {
  await q.query(
    `UPDATE payouts SET status = 'sent', block_height = NULL, block_hash = NULL, confirmed_at = NULL, updated_at = now()
      WHERE chain = $1 AND block_height > $2`,
    [chain, forkHeight],
  );
}

/** Payouts `confirmations` deep at the follower's height: confirmed (complete for the investor). */
export async function confirmPayouts(db: Db, chain: string, confirmations: number): Promise<number> {
  const { rows } = await db.query(
    `UPDATE payouts SET status = 'confirmed', confirmed_at = now(), updated_at = now()
      WHERE chain = $1 AND status = 'sent' AND block_height IS NOT NULL
        AND block_height <= (SELECT height FROM chain_cursors WHERE chain = $1) - $2 + 1
     RETURNING id`,
    [chain, confirmations],
  );
  return rows.length;
}
