import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/types';
import { totalsJson, totalsThrough } from './kind-totals';

/**
 * Seals: a hash chain over the immutable transfers, in id order (docs/ledger.md "Seals", where an
 * auditor finds the exact recipe to recompute them). A seal covers every transfer after the
 * previous seal up to a horizon below which no transaction can still add a transfer.
 */

/** Any fixed number: one process seals at a time. */
const SEAL_LOCK = 7_243_013;
/** Transfers per seal at most, so one run's memory and transaction stay small. */
const MAX_PER_SEAL = 5_000;
/** The chain's start: the first seal's prev_hash. */
export const GENESIS_HASH = '0'.repeat(64);

/** The canonical fields of a transfer, as text, in this order (docs/ledger.md). */
const CANONICAL = `id::text AS id, debit_account, credit_account, asset, amount_cents::text AS amount_cents, kind, actor, reason,
  ref_type, ref_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at`;

interface CanonicalTransfer {
  id: string;
  debit_account: string;
  credit_account: string;
  asset: string;
  amount_cents: string;
  kind: string;
  actor: string;
  reason: string;
  ref_type: string;
  ref_id: string;
  created_at: string;
}

/** SHA-256 of the JSON array of the canonical fields. */
function transferDigest(t: CanonicalTransfer): Buffer {
  const fields = [t.id, t.debit_account, t.credit_account, t.asset, t.amount_cents, t.kind, t.actor, t.reason, t.ref_type, t.ref_id, t.created_at];
  return createHash('sha256').update(JSON.stringify(fields)).digest();
}

/** hex SHA-256 of `prev_hash`, then for each digest in id order a newline and the digest in hex. */
function sealHash(prevHash: string, digests: Buffer[]): string {
  const h = createHash('sha256').update(prevHash);
  for (const d of digests) h.update(`\n${d.toString('hex')}`);
  return h.digest('hex');
}

/**
 * The highest transfer id below which every transfer is final. Transaction commit order is not id
 * order (a transaction may hold id 50 while 51 commits), so this briefly takes a SHARE lock on
 * transfers, which waits for every transaction that inserted one to end; the lock is released at
 * once. lock_timeout keeps a money transaction from ever waiting long behind it (or deadlocking
 * with it): when the lock is not free within 100 ms this run seals nothing and the next one retries.
 */
async function sealHorizon(db: Db): Promise<string | null> {
  try {
    return await db.tx(async (q) => {
      await q.exec("SET LOCAL lock_timeout = '100ms'");
      await q.exec('LOCK TABLE transfers IN SHARE MODE');
      const r = await q.query<{ max: string | null }>('SELECT max(id)::text AS max FROM transfers');
      return r.rows[0]?.max ?? null;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return null; // lock_not_available
    throw error;
  }
}

async function lastSeal(q: Queryable): Promise<{ id: number; lastTransfer: string; hash: string; totals: Record<string, string> | null } | null> {
  const r = await q.query<{ id: string; last_transfer: string; hash: string; totals: Record<string, string> | null }>(
    'SELECT id::text, last_transfer::text, hash, totals FROM ledger_seals ORDER BY ledger_seals.id DESC LIMIT 1',
  );
  const row = r.rows[0];
  return row ? { id: Number(row.id), lastTransfer: row.last_transfer, hash: row.hash, totals: row.totals } : null;
}

/** Seals every final, unsealed transfer (in seals of at most MAX_PER_SEAL). Returns how many it sealed. */
export async function sealLedger(db: Db): Promise<number> {
  const horizon = await sealHorizon(db);
  if (horizon === null) return 0;
  let sealed = 0;
  for (;;) {
    const n = await db.tx(async (q) => {
      const lock = await q.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [SEAL_LOCK]);
      if (!lock.rows[0]?.ok) return 0; // another process is sealing
      const last = await lastSeal(q);
      const rows = (
        await q.query<CanonicalTransfer>(`SELECT ${CANONICAL} FROM transfers WHERE id > $1 AND id <= $2 ORDER BY transfers.id LIMIT $3`, [last?.lastTransfer ?? '0', horizon, MAX_PER_SEAL])
      ).rows;
      const first = rows[0];
      const end = rows.at(-1);
      if (!first || !end) return 0;
      const digests = rows.map(transferDigest);
      const prevHash = last?.hash ?? GENESIS_HASH;
      // The kinds' totals through this seal (ledger/kind-totals.ts): not part of the hash chain.
      const totals = await totalsThrough(q, last, end.id);
      await q.query(
        'INSERT INTO ledger_seals (id, first_transfer, last_transfer, transfer_ids, digests, prev_hash, hash, totals) VALUES ($1, $2, $3, $4::bigint[], $5, $6, $7, $8::jsonb)',
        [(last?.id ?? 0) + 1, first.id, end.id, rows.map((r) => r.id), Buffer.concat(digests), prevHash, sealHash(prevHash, digests), totalsJson(totals)],
      );
      return rows.length;
    });
    sealed += n;
    if (n < MAX_PER_SEAL) return sealed;
  }
}

export interface LedgerVerification {
  ok: boolean;
  seals: number;
  sealedTransfers: number;
  /** Transfers after the last seal (sealed by the next run of the job). */
  unsealedTransfers: number;
  head: { seal: number; hash: string; lastTransfer: string } | null;
  /** The first seal that does not hold, and the first transfer in it that differs (null: the seal itself). */
  firstBroken: { seal: number; transferId: string | null; problem: string } | null;
}

interface SealRow {
  id: string;
  first_transfer: string;
  last_transfer: string;
  transfer_ids: Array<string | number>;
  digests: Uint8Array;
  prev_hash: string;
  hash: string;
}

/** Why the seal does not match the transfers now in its range, or null. */
function checkSeal(seal: SealRow, prevHash: string, prevLast: string, rows: CanonicalTransfer[]): { transferId: string | null; problem: string } | null {
  if (seal.prev_hash !== prevHash) return { transferId: null, problem: 'the chain is broken: prev_hash is not the previous seal’s hash' };
  if (BigInt(seal.first_transfer) <= BigInt(prevLast)) return { transferId: null, problem: 'the seal overlaps the previous one' };
  const ids = seal.transfer_ids.map(String);
  const digests = Buffer.from(seal.digests);
  const stored = ids.map((_id, i) => digests.subarray(i * 32, i * 32 + 32));
  if (sealHash(seal.prev_hash, stored) !== seal.hash) return { transferId: null, problem: 'the seal’s own hash does not match its digests' };
  const n = Math.max(ids.length, rows.length);
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    const id = ids[i];
    if (!row) return { transferId: id ?? null, problem: 'a sealed transfer is missing' };
    if (row.id !== id) {
      const missing = id !== undefined && BigInt(id) < BigInt(row.id);
      return missing ? { transferId: id, problem: 'a sealed transfer is missing' } : { transferId: row.id, problem: 'a transfer appeared inside a sealed range' };
    }
    if (!transferDigest(row).equals(stored[i] ?? Buffer.alloc(0))) return { transferId: row.id, problem: 'a sealed transfer was changed' };
  }
  return null;
}

/**
 * Recomputes every seal from the transfers now in the table, in order, a seal at a time (memory
 * stays flat; time grows with the ledger: an audit, not a request path). Names the first seal that
 * does not hold and the first transfer in it that differs.
 */
export async function verifyLedger(q: Queryable): Promise<LedgerVerification> {
  let prevHash = GENESIS_HASH;
  let prevLast = '0';
  let count = 0;
  let sealedTransfers = 0;
  let head: LedgerVerification['head'] = null;
  for (;;) {
    const seal = (
      await q.query<SealRow>('SELECT id::text, first_transfer::text, last_transfer::text, transfer_ids, digests, prev_hash, hash FROM ledger_seals WHERE id = $1', [count + 1])
    ).rows[0];
    if (!seal) break;
    const rows = (await q.query<CanonicalTransfer>(`SELECT ${CANONICAL} FROM transfers WHERE id > $1 AND id <= $2 ORDER BY transfers.id`, [prevLast, seal.last_transfer])).rows;
    const broken = checkSeal(seal, prevHash, prevLast, rows);
    if (broken) return { ok: false, seals: count, sealedTransfers, unsealedTransfers: await countAfter(q, seal.last_transfer), head, firstBroken: { seal: count + 1, ...broken } };
    count++;
    sealedTransfers += seal.transfer_ids.length;
    prevHash = seal.hash;
    prevLast = seal.last_transfer;
    head = { seal: count, hash: seal.hash, lastTransfer: seal.last_transfer };
  }
  return { ok: true, seals: count, sealedTransfers, unsealedTransfers: await countAfter(q, prevLast), head, firstBroken: null };
}

async function countAfter(q: Queryable, transferId: string): Promise<number> {
  return Number((await q.query<{ n: string }>('SELECT count(*)::text AS n FROM transfers WHERE id > $1', [transferId])).rows[0]?.n ?? 0);
}
