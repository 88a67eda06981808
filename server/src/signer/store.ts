import type { Chain } from '@halcyon/api-client/contract';
import type { Db, Queryable } from '../db/types';

// The signer's reads and writes: the payout tables only (migration 026's halcyon_signer role).

/** A payout as the signer takes it. */
export interface PayoutRow {
  id: string;
  chain: Chain;
  asset: 'btc' | 'eth' | 'usdt';
  destination: string;
  units: string;
  coin_decimals: number;
  attempts: number;
}

/** A signed transaction, stored before it is broadcast. */
export interface SignedPayout {
  txid: string;
  raw: string;
  feeUnits: bigint;
  /** EVM: the hot address's nonce it uses. */
  nonce?: bigint;
  /** Bitcoin: the outputs it spends, "txid:vout". */
  inputs?: string[];
}

/**
 * Serialises one chain's signing across every signer process for the rest of the transaction:
 * two signers never pick the same coins or nonce, and the daily limit counts every payout signed.
 */
export async function lockChain(q: Queryable, chain: Chain): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext('halcyon-signer:' || $1))", [chain]);
}

/** The oldest queued payout of `chain`, locked for this transaction; none when there is none. */
export async function claimQueued(q: Queryable, chain: Chain): Promise<PayoutRow | null> {
  const { rows } = await q.query<PayoutRow>(
    `SELECT id, chain, asset, destination, units::text, coin_decimals, attempts FROM payouts
      WHERE status = 'queued' AND chain = $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [chain],
  );
  return rows[0] ?? null;
}

/** Units of `chain` paid from the hot wallet in the last 24 hours (first attempts: a replacement pays nothing more). */
export async function hotSpentToday(q: Queryable, chain: Chain): Promise<bigint> {
  const { rows } = await q.query<{ units: string }>(
    `SELECT coalesce(sum(p.units), 0)::text AS units FROM payout_transactions t JOIN payouts p ON p.id = t.payout_id
      WHERE t.chain = $1 AND t.signed_by = 'hot' AND t.attempt = 1 AND t.created_at > now() - interval '24 hours'`,
    [chain],
  );
  return BigInt(rows[0]?.units ?? '0');
}

/** Above the hot limits: the payout waits for an admin's offline signature. */
export async function holdForOffline(q: Queryable, id: string, why: string): Promise<void> {
  await q.query("UPDATE payouts SET status = 'offline', last_error = $2, last_error_at = now(), updated_at = now() WHERE id = $1 AND status = 'queued'", [id, why]);
}

/** Stores the signed bytes and marks the payout signed, in the claim's transaction. */
export async function recordSigned(q: Queryable, payout: PayoutRow, signed: SignedPayout, signer: string, signedBy: 'hot' | 'offline' = 'hot'): Promise<void> {
  const attempt = payout.attempts + 1;
  await q.query(
    `INSERT INTO payout_transactions (chain, txid, payout_id, attempt, raw, fee_units, nonce, inputs, signed_by, signer)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8, $9, $10)`,
    [payout.chain, signed.txid, payout.id, attempt, signed.raw, signed.feeUnits.toString(), signed.nonce?.toString() ?? null, signed.inputs ?? null, signedBy, signer],
  );
  await q.query("UPDATE payouts SET status = 'signed', txid = $2, attempts = $3, last_error = NULL, updated_at = now() WHERE id = $1", [payout.id, signed.txid, attempt]);
}

/**
 * Outputs spent by payout transactions not yet confirmed, or given to an offline signer and not
 * back yet: not to be chosen again (the UTXO set still lists them).
 */
export async function coinsInFlight(q: Queryable): Promise<Set<string>> {
  const { rows } = await q.query<{ outpoint: string }>(
    `SELECT unnest(t.inputs) AS outpoint FROM payout_transactions t JOIN payouts p ON p.id = t.payout_id
      WHERE t.chain = 'bitcoin' AND p.status IN ('signed', 'sent')
     UNION ALL
     SELECT (i->>'txid') || ':' || (i->>'vout') FROM payout_offline o JOIN payouts p ON p.id = o.payout_id, jsonb_array_elements(o.expected->'inputs') i
      WHERE p.chain = 'bitcoin' AND p.status = 'offline'`,
  );
  return new Set(rows.map((r) => r.outpoint));
}

/** An offline payout of `chain` with nothing prepared for its offline signer yet, locked for this transaction. */
export async function claimUnprepared(q: Queryable, chain: Chain): Promise<PayoutRow | null> {
  const { rows } = await q.query<PayoutRow>(
    `SELECT p.id, p.chain, p.asset, p.destination, p.units::text, p.coin_decimals, p.attempts FROM payouts p
      WHERE p.status = 'offline' AND p.chain = $1 AND NOT EXISTS (SELECT 1 FROM payout_offline o WHERE o.payout_id = p.id)
      ORDER BY p.id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [chain],
  );
  return rows[0] ?? null;
}

/** What an offline signer gets, and what its signed transaction is checked against. */
export interface OfflinePrepared {
  format: 'psbt' | 'evm';
  unsigned: string;
  expected: Record<string, unknown>;
}

export async function recordPrepared(q: Queryable, payoutId: string, prepared: OfflinePrepared): Promise<void> {
  await q.query('INSERT INTO payout_offline (payout_id, format, unsigned, expected) VALUES ($1, $2, $3, $4)', [payoutId, prepared.format, prepared.unsigned, JSON.stringify(prepared.expected)]);
}

/** An offline payout an admin uploaded a signed transaction for, locked for this transaction. */
export async function claimUploaded(q: Queryable, chain: Chain): Promise<{ payout: PayoutRow; uploaded: string; expected: Record<string, unknown> } | null> {
  const { rows } = await q.query<PayoutRow & { uploaded: string; expected: Record<string, unknown> }>(
    `SELECT p.id, p.chain, p.asset, p.destination, p.units::text, p.coin_decimals, p.attempts, o.uploaded, o.expected FROM payouts p JOIN payout_offline o ON o.payout_id = p.id
      WHERE p.status = 'offline' AND p.chain = $1 AND o.uploaded IS NOT NULL ORDER BY p.id LIMIT 1 FOR UPDATE OF p SKIP LOCKED`,
    [chain],
  );
  const row = rows[0];
  if (!row) return null;
  const { uploaded, expected, ...payout } = row;
  return { payout, uploaded, expected };
}

/** The upload is not the payout asked for: refused, with why; the payout waits for another. */
export async function rejectUploaded(q: Queryable, payoutId: string, why: string): Promise<void> {
  await q.query('UPDATE payout_offline SET uploaded = NULL, rejection = $2 WHERE payout_id = $1', [payoutId, why.slice(0, 500)]);
}

/** The next nonce of a hot EVM address: the stored one, or the node's count when that is higher (the key used elsewhere). */
export async function takeNonce(q: Queryable, chain: Chain, address: string, nodeCount: bigint): Promise<bigint> {
  const { rows } = await q.query<{ next_nonce: string }>('SELECT next_nonce FROM signer_nonces WHERE chain = $1 AND address = $2 FOR UPDATE', [chain, address]);
  const stored = rows[0] ? BigInt(rows[0].next_nonce) : 0n;
  const nonce = stored > nodeCount ? stored : nodeCount;
  await q.query(
    `INSERT INTO signer_nonces (chain, address, next_nonce) VALUES ($1, $2, $3)
     ON CONFLICT (chain, address) DO UPDATE SET next_nonce = EXCLUDED.next_nonce`,
    [chain, address, (nonce + 1n).toString()],
  );
  return nonce;
}

/** A payout the signer could not sign now (no funds, a node down): it stays queued, with why. */
export async function noteError(db: Queryable, id: string, message: string): Promise<void> {
  await db.query('UPDATE payouts SET last_error = $2, last_error_at = now(), updated_at = now() WHERE id = $1', [id, message.slice(0, 500)]);
}

/** A payout that can never be signed as it is (a destination the chain refuses): failed, for an admin. */
export async function failPayout(db: Queryable, id: string, message: string): Promise<void> {
  await db.query("UPDATE payouts SET status = 'failed', last_error = $2, last_error_at = now(), updated_at = now() WHERE id = $1 AND status = 'queued'", [id, message.slice(0, 500)]);
}

/** The node took the transaction: sent (the follower sees it land). */
export async function markBroadcast(db: Db, chain: Chain, txid: string): Promise<void> {
  await db.tx(async (q) => {
    await q.query('UPDATE payout_transactions SET broadcast_at = now() WHERE chain = $1 AND txid = $2', [chain, txid]);
    await q.query(
      "UPDATE payouts SET status = 'sent', sent_at = coalesce(sent_at, now()), last_error = NULL, updated_at = now() WHERE chain = $1 AND txid = $2 AND status = 'signed'",
      [chain, txid],
    );
  });
}

/** The transaction a payout is waiting on, as stored: what a replacement must conflict with. */
export interface CurrentAttempt {
  raw: string;
  /** What it pays in fees, in the coin's smallest unit (EVM: at most). */
  fee_units: string;
  /** Bitcoin: the outputs it spends ("txid:vout"). */
  inputs: string[] | null;
  /** EVM: its nonce. */
  nonce: string | null;
}

/**
 * A hot payout sent and in no block since its current transaction was signed more than
 * `olderThanSeconds` ago (a fee too low for the chain now), not one of `skip` (replaced this
 * round already): locked for this transaction, with that transaction. Offline-signed ones are left
 * to the admins (the hot key cannot replace them).
 */
export async function claimStuck(q: Queryable, chain: Chain, olderThanSeconds: number, skip: readonly string[]): Promise<{ payout: PayoutRow; current: CurrentAttempt } | null> {
  const { rows } = await q.query<PayoutRow & CurrentAttempt>(
    `SELECT p.id, p.chain, p.asset, p.destination, p.units::text, p.coin_decimals, p.attempts, t.raw, t.fee_units::text, t.inputs, t.nonce::text
       FROM payouts p JOIN payout_transactions t ON t.chain = p.chain AND t.txid = p.txid
      WHERE p.chain = $1 AND p.status = 'sent' AND p.block_hash IS NULL AND t.signed_by = 'hot' AND t.created_at < now() - make_interval(secs => $2)
        AND p.id <> ALL($3::bigint[])
      ORDER BY p.id LIMIT 1 FOR UPDATE OF p SKIP LOCKED`,
    [chain, olderThanSeconds, skip],
  );
  const row = rows[0];
  if (!row) return null;
  const { raw, fee_units, inputs, nonce, ...payout } = row;
  return { payout, current: { raw, fee_units, inputs, nonce } };
}

/** A stored transaction to broadcast (again). */
export interface ToBroadcast {
  payoutId: string;
  chain: Chain;
  txid: string;
  raw: string;
}

/**
 * What must be broadcast again: signed and never taken by a node (a signer killed in between), or
 * sent and in no block for `olderThanSeconds` (dropped by the node, or by a reorganisation).
 */
export async function toBroadcastAgain(db: Queryable, chains: Chain[], olderThanSeconds: number): Promise<ToBroadcast[]> {
  const { rows } = await db.query<{ payout_id: string; chain: Chain; txid: string; raw: string }>(
    `SELECT p.id AS payout_id, p.chain, t.txid, t.raw FROM payouts p JOIN payout_transactions t ON t.chain = p.chain AND t.txid = p.txid
      WHERE p.chain = ANY($1) AND (p.status = 'signed'
         OR (p.status = 'sent' AND p.block_hash IS NULL AND coalesce(t.broadcast_at, t.created_at) < now() - make_interval(secs => $2)))
      ORDER BY p.id`,
    [chains, olderThanSeconds],
  );
  return rows.map((r) => ({ payoutId: r.payout_id, chain: r.chain, txid: r.txid, raw: r.raw }));
}

/** The signer's heartbeat and what it knows of the hot wallet, for the admins' panel. */
export async function reportStatus(db: Queryable, signer: string, startedAt: Date, wallets: Record<string, unknown>, lastError: string | null): Promise<void> {
  await db.query(
    `INSERT INTO signer_status (signer, started_at, seen_at, wallets, last_error) VALUES ($1, $2, now(), $3, $4)
     ON CONFLICT (signer) DO UPDATE SET started_at = EXCLUDED.started_at, seen_at = now(), wallets = EXCLUDED.wallets, last_error = EXCLUDED.last_error`,
    [signer, startedAt, JSON.stringify(wallets), lastError],
  );
}
