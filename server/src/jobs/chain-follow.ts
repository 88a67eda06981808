import type { BlockOutput, ChainBlock, ChainReader } from '../chain/blocks';
import type { Db, Queryable } from '../db/types';
import { markPayoutsInBlocks, unmarkPayoutsAbove } from './payout-confirm';

/** How a follower reads (docs/chain.md "Followers"). */
export interface FollowSettings {
  /** Blocks read per batch (one node round trip, one transaction). */
  batch: number;
  /** Blocks read per run at most, and for how long; the next run goes on from there. */
  perRun: number;
  budgetMs: number;
  /** Block hashes kept to find a fork point: reorganisations deeper than this stop the follower. */
  keep: number;
  /** A payment credited and then orphaned is reversed when no block took it back this many blocks after the fork. */
  confirmations: number;
}

export interface FollowResult {
  /** The follower's height after this run, and the node's tip when it started. */
  height: number;
  tip: number;
  blocks: number;
  payments: number;
  /** Depth of each reorganisation met. */
  reorgs: number[];
  /** Whether it stopped short of the tip (perRun or budgetMs): the next run should follow at once. */
  behind: boolean;
}

interface Cursor {
  height: number;
  hash: string;
}

/** A reorganisation deeper than the kept hashes: the follower stops until someone looks. */
class DeepReorg extends Error {
  override name = 'DeepReorg';
}

/**
 * Reads `reader`'s chain from the stored cursor to the node's tip, block by block in order, and
 * records every payment to an investor's address (chain_payments). A block whose parent is not
 * the cursor's block means a reorganisation: it walks back to the fork point (the highest kept
 * hash the node still has), marks the payments above it orphaned (or reorged, if credited), and
 * goes on from there. Each batch is one transaction that first checks the cursor has not moved,
 * so two followers at once (a run cut off and its retry) cannot both advance it.
 */
export async function followChain(db: Db, reader: ChainReader, settings: FollowSettings): Promise<FollowResult> {
  const tip = await reader.tipHeight();
  const started = performance.now();
  let cursor = await readCursor(db, reader, tip, settings.confirmations);
  const result: FollowResult = { height: cursor.height, tip, blocks: 0, payments: 0, reorgs: [], behind: false };
  for (;;) {
    // At or above the node's tip, the cursor's own block must still be the node's (a branch as long or shorter replaced it).
    if (cursor.height > tip || (cursor.height === tip && (await reader.hashAt(tip)) !== cursor.hash)) {
      const fork = await rewind(db, reader, cursor, settings);
      result.reorgs.push(cursor.height - fork.height);
      cursor = fork;
      continue;
    }
    if (cursor.height >= tip || result.blocks >= settings.perRun || performance.now() - started > settings.budgetMs) break;
    const count = Math.min(settings.batch, tip - cursor.height, settings.perRun - result.blocks);
    const blocks = await reader.blocks(cursor.height + 1, count);
    if (blocks[0]?.parent !== cursor.hash) {
      const fork = await rewind(db, reader, cursor, settings);
      result.reorgs.push(cursor.height - fork.height);
      cursor = fork;
      continue;
    }
    const payments = await investorsOutputs(db, reader, blocks);
    const moved = await recordBlocks(db, reader, cursor, blocks, payments, tip, settings.keep);
    if (!moved) break; // another follower moved the cursor: it goes on from there
    cursor = moved;
    result.blocks += blocks.length;
    result.payments += payments.length;
  }
  result.height = cursor.height;
  result.behind = cursor.height < tip;
  if (!result.blocks) await db.query('UPDATE chain_cursors SET tip_height = $2, updated_at = now(), last_error = NULL WHERE chain = $1', [reader.chain, tip]);
  return result;
}

/**
 * The stored cursor. A first run starts `confirmations` blocks below the tip: a payment to a quote
 * given while the node could not be read (the follower's first run waits for it) is in one of
 * those blocks, still short of its confirmations. Blocks before that hold no payment to an
 * address that existed (addresses are derived for quotes).
 */
async function readCursor(db: Db, reader: ChainReader, tip: number, confirmations: number): Promise<Cursor> {
  const known = await db.query<{ height: string; hash: string }>('SELECT height, hash FROM chain_cursors WHERE chain = $1', [reader.chain]);
  if (known.rows[0]) return { height: Number(known.rows[0].height), hash: known.rows[0].hash };
  const height = Math.max(0, tip - confirmations);
  const hash = await reader.hashAt(height);
  if (!hash) throw new Error(`${reader.chain}: the node has no block ${height}`);
  await db.tx(async (q) => {
    const inserted = await q.query('INSERT INTO chain_cursors (chain, height, hash, tip_height) VALUES ($1, $2, $3, $4) ON CONFLICT (chain) DO NOTHING RETURNING chain', [reader.chain, height, hash, tip]);
    if (inserted.rows.length) await q.query('INSERT INTO chain_blocks (chain, height, hash) VALUES ($1, $2, $3)', [reader.chain, height, hash]);
  });
  return readCursor(db, reader, tip, confirmations);
}

interface Owned extends BlockOutput {
  uid: string;
  address: string;
  block: ChainBlock;
}

/** The outputs of `blocks` paid to investors' addresses, each with its owner (one indexed query). */
async function investorsOutputs(db: Db, reader: ChainReader, blocks: ChainBlock[]): Promise<Owned[]> {
  const keys = [...new Set(blocks.flatMap((b) => b.outputs.map((o) => o.matchKey)))];
  if (!keys.length) return [];
  const { rows } = await db.query<{ uid: string; address: string; match_key: string }>(
    'SELECT uid, address, match_key FROM deposit_addresses WHERE family = $1 AND match_key = ANY($2)',
    [reader.family, keys],
  );
  if (!rows.length) return [];
  const owners = new Map(rows.map((r) => [r.match_key, r]));
  const candidates = blocks.flatMap((block) => block.outputs.filter((o) => owners.has(o.matchKey)).map((o) => ({ ...o, block })));
  const effective = new Set((await reader.effective(candidates)).map((o) => `${o.txid}:${o.index}`));
  return candidates
    .filter((o) => effective.has(`${o.txid}:${o.index}`))
    .map((o) => {
      const owner = owners.get(o.matchKey) as { uid: string; address: string };
      return { ...o, uid: owner.uid, address: owner.address };
    });
}

/** Locks the cursor and checks it is still `cursor`; false when another follower moved it. */
async function holdCursor(q: Queryable, chain: string, cursor: Cursor): Promise<boolean> {
  const { rows } = await q.query<{ height: string; hash: string }>('SELECT height, hash FROM chain_cursors WHERE chain = $1 FOR UPDATE', [chain]);
  return Number(rows[0]?.height) === cursor.height && rows[0]?.hash === cursor.hash;
}

/**
 * One batch in one transaction: its payments (new ones linked to their investor's oldest open
 * quote on the chain, one matching the amount first; ones a reorganisation had orphaned back in a
 * block), its hashes, the cursor. Returns the new cursor, or null if another follower moved it.
 */
async function recordBlocks(db: Db, reader: ChainReader, cursor: Cursor, blocks: ChainBlock[], payments: Owned[], tip: number, keep: number): Promise<Cursor | null> {
  const last = blocks[blocks.length - 1] as ChainBlock;
  return db.tx(async (q) => {
    if (!(await holdCursor(q, reader.chain, cursor))) return null;
    if (payments.length) await recordPayments(q, reader.chain, payments);
    await markPayoutsInBlocks(q, reader.chain, blocks);
    await q.query(
      `INSERT INTO chain_blocks (chain, height, hash) SELECT $1, h, x FROM unnest($2::bigint[], $3::text[]) AS b(h, x)
       ON CONFLICT (chain, height) DO UPDATE SET hash = EXCLUDED.hash`,
      [reader.chain, blocks.map((b) => b.height), blocks.map((b) => b.hash)],
    );
    await q.query('DELETE FROM chain_blocks WHERE chain = $1 AND height <= $2', [reader.chain, last.height - keep]);
    await q.query('UPDATE chain_cursors SET height = $2, hash = $3, tip_height = $4, updated_at = now(), last_error = NULL WHERE chain = $1', [reader.chain, last.height, last.hash, tip]);
    return { height: last.height, hash: last.hash };
  });
}

/**
 * The batch's payments in one statement (new, or back in a block after a reorganisation), then
 * each new one of an investor with an open quote on the chain linked to the oldest such quote
 * (one asking exactly its amount first), one at a time so that two payments take two quotes.
 */
async function recordPayments(q: Queryable, chain: string, payments: Owned[]): Promise<void> {
  const column = <T>(f: (p: Owned) => T) => payments.map(f);
  const { rows } = await q.query<{ id: string; uid: string; deposit_id: string | null }>(
    `INSERT INTO chain_payments (chain, txid, output_index, uid, address, asset, amount_units, block_height, block_hash, block_time, status)
     SELECT $1, p.txid, p.idx, p.uid, p.address, p.asset, p.units::numeric, p.height, p.hash, p.time, 'seen'
       FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::text[], $10::timestamptz[])
            AS p(txid, idx, uid, address, asset, units, height, hash, time)
     ON CONFLICT (chain, txid, output_index) DO UPDATE
       SET block_height = EXCLUDED.block_height, block_hash = EXCLUDED.block_hash, block_time = EXCLUDED.block_time, orphaned_until = NULL,
           status = CASE chain_payments.status WHEN 'reorged' THEN 'credited' ELSE 'seen' END
       WHERE chain_payments.status IN ('orphaned', 'reorged')
     RETURNING id, uid, deposit_id`,
    [
      chain, column((p) => p.txid), column((p) => p.index), column((p) => p.uid), column((p) => p.address), column((p) => p.asset),
      column((p) => p.units.toString()), column((p) => p.block.height), column((p) => p.block.hash), column((p) => p.block.time),
    ],
  );
  const unlinked = rows.filter((r) => !r.deposit_id);
  if (!unlinked.length) return;
  const quoted = await q.query<{ uid: string }>(
    "SELECT DISTINCT uid FROM deposits WHERE uid = ANY($1) AND chain = $2 AND status = 'pending'",
    [[...new Set(unlinked.map((r) => r.uid))], chain],
  );
  const withQuotes = new Set(quoted.rows.map((r) => r.uid));
  for (const row of unlinked.filter((r) => withQuotes.has(r.uid)).sort((a, b) => Number(a.id) - Number(b.id))) {
    await q.query(
      `UPDATE chain_payments p SET deposit_id = (
         SELECT d.id FROM deposits d
          WHERE d.uid = p.uid AND d.chain = p.chain AND d.status = 'pending'
            AND NOT EXISTS (SELECT 1 FROM chain_payments o WHERE o.deposit_id = d.id AND o.status NOT IN ('orphaned', 'reversed'))
          ORDER BY d.crypto_units = p.amount_units DESC, d.created_at, d.id LIMIT 1)
       WHERE p.id = $1`,
      [row.id],
    );
  }
}

/**
 * Walks back from `cursor` to the highest kept block the node still has (the fork point), then,
 * in one transaction: payments above it leave their blocks (seen/dust → orphaned; credited →
 * reorged, reversed unless a block takes them back within `confirmations` blocks), their hashes
 * go, the cursor moves to the fork and the reorganisation is counted.
 */
async function rewind(db: Db, reader: ChainReader, cursor: Cursor, settings: FollowSettings): Promise<Cursor> {
  const { rows } = await db.query<{ height: string; hash: string }>('SELECT height, hash FROM chain_blocks WHERE chain = $1 AND height <= $2 ORDER BY height DESC', [reader.chain, cursor.height]);
  let fork: Cursor | null = null;
  for (const kept of rows) {
    const height = Number(kept.height);
    if ((await reader.hashAt(height)) === kept.hash) {
      fork = { height, hash: kept.hash };
      break;
    }
  }
  if (!fork) throw new DeepReorg(`${reader.chain}: reorganisation deeper than the ${rows.length} blocks kept; the follower stops until an operator looks (docs/chain.md "Deep reorganisations")`);
  const at = fork;
  const moved = await db.tx(async (q) => {
    if (!(await holdCursor(q, reader.chain, cursor))) return false;
    await q.query(
      `UPDATE chain_payments SET orphaned_until = CASE WHEN status = 'credited' THEN $3::bigint ELSE NULL END,
              status = CASE WHEN status = 'credited' THEN 'reorged' ELSE 'orphaned' END,
              block_height = NULL, block_hash = NULL, block_time = NULL
        WHERE chain = $1 AND block_height > $2 AND status IN ('seen', 'credited', 'dust')`,
      [reader.chain, at.height, at.height + settings.confirmations],
    );
    await unmarkPayoutsAbove(q, reader.chain, at.height);
    await q.query('DELETE FROM chain_blocks WHERE chain = $1 AND height > $2', [reader.chain, at.height]);
    await q.query(
      'UPDATE chain_cursors SET height = $2, hash = $3, reorgs = reorgs + 1, deepest_reorg = greatest(deepest_reorg, $4), updated_at = now() WHERE chain = $1',
      [reader.chain, at.height, at.hash, cursor.height - at.height],
    );
    return true;
  });
  if (!moved) return readCursor(db, reader, cursor.height, settings.confirmations);
  return at;
}
