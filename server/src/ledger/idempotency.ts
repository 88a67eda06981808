import { createHash, randomUUID } from 'node:crypto';
import { routes, type RouteName } from '@halcyon/api-client/contract';
import type { Db, Queryable, TxQueryable } from '../db/types';
import { AppError, conflict, unprocessable } from '../errors';

/**
 * Idempotency-Key for the POSTs that move money (ledger.md rule 3, as Stripe and the IETF draft do):
 * - same caller, same key, same request: the stored first answer again (same status and body);
 * - same key, another request (route, params or body): 422;
 * - same key while the first request is still running: it waits for the first and replays its
 *   answer when the key is taken inside the money transaction (the usual case), 409 while a check
 *   that spends something (a two-factor code) holds it in flight.
 * Keys are scoped per caller and expire after 24 hours. The finished answer is written in the same
 * transaction as the money movement, so a crash can never leave money moved without its record.
 * One mechanism (`idempotentStatement`) with the database's functions idempotency_claim,
 * idempotency_keep and idempotency_held (migrations 018, 024), whether the move is one composed
 * statement (a withdrawal) or a transaction of several (`idempotent`).
 */

const KEY_TTL_HOURS = 24;
/** An in-flight claim this old belongs to a request that died (its transaction rolled back). */
const STALE_CLAIM_MINUTES = 5;

export interface IdempotencyScope {
  uid: string;
  /** The Idempotency-Key header; without it the request simply runs once. */
  key: string | undefined;
  route: RouteName;
  /** What makes two requests "the same": params and body after validation. */
  request: unknown;
  /**
   * A check that runs once per key, before the transaction, and not when the stored answer is
   * replayed (a two-factor code is spent by it: a retry after a lost answer must not need another).
   */
  before?: () => Promise<void>;
}

/** What holds a key (idempotency_held): its request, and its answer once kept. */
export interface HeldKey {
  request_hash: string;
  status: 'in_flight' | 'done';
  response_status: number | null;
  response_body: unknown;
}

interface ErrorBody {
  message: string;
  code: string;
}

/**
 * `idempotentStatement` for a move of several statements: one transaction that takes the key (a
 * concurrent request with the same key waits for it, then replays its answer), runs `run` and
 * keeps its answer under the key. Without a key, `run` in a transaction.
 */
export function idempotent<T>(db: Db, scope: Omit<IdempotencyScope, 'before'>, run: (q: TxQueryable) => Promise<T>): Promise<T> {
  return idempotentStatement(db, { ...scope, beforeSpends: false }, inTransaction(db, routes[scope.route].status, run), (answer) => answer);
}

/** A move of several statements as a money call: in one transaction, the key taken, the move, its answer kept. */
function inTransaction<R>(db: Db, status: number, run: (q: TxQueryable) => Promise<R>) {
  return (_q: Queryable, key: KeyClaim | null): Promise<StatementAnswer<R>> =>
    db.tx(async (q) => {
      if (key) {
        const claimed = await q.query<{ taken: boolean; held: HeldKey | null }>(
          'SELECT taken, CASE WHEN taken THEN NULL ELSE idempotency_held($1, $2) END AS held FROM idempotency_claim($1, $2, $3, $4, $5, $6, $7) AS taken',
          [key.uid, key.key, key.route, key.hash, key.claim, key.ttlHours, key.staleMinutes],
        );
        const row = claimed.rows[0];
        if (!row?.taken) return { claimed: false, key: row?.held ?? null };
      }
      const record = await run(q);
      if (key) await keepAnswer(q, key, status, record);
      return { claimed: true, record };
    });
}

/** Stores `record` as the key's answer over this request's claim (idempotency_keep raises HL005 when another request took the key over). */
async function keepAnswer(q: Queryable, key: KeyClaim, status: number, record: unknown): Promise<void> {
  try {
    await q.query('SELECT idempotency_keep($1, $2, $3, $4, $5::jsonb)', [key.uid, key.key, key.claim, status, JSON.stringify({ record })]);
  } catch (error) {
    throw idempotencyRefusal(error) ?? error;
  }
}

/** The API error for idempotency_keep's HL005 (migration 024): our claim was presumed dead and taken over; everything rolls back. */
export function idempotencyRefusal(error: unknown): AppError | undefined {
  return (error as { code?: unknown } | null)?.code === 'HL005' ? conflict('A request with this Idempotency-Key is still in progress', 'IDEMPOTENCY_SUPERSEDED') : undefined;
}

/** Takes the key (new, expired or abandoned), or returns the stored answer, or throws 409/422. */
async function claimKey(db: Db, uid: string, key: string, route: string, hash: string, claim: string): Promise<unknown> {
  for (let attempt = 0; attempt < 3; attempt++) {
    // The claim commits on its own but asynchronously (no WAL flush of its own): it is visible to
    // concurrent requests at once, and becomes durable with the money transaction's commit, which
    // flushes the WAL up to and past it. A crash before that loses at most an in-flight claim whose
    // money never moved, so a retry simply runs (instead of waiting out STALE_CLAIM_MINUTES).
    const taken = await db.query<{ taken: boolean }>(
      `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
       SELECT idempotency_claim($1, $2, $3, $4, $5, $6, $7) AS taken FROM async_commit`,
      [uid, key, route, hash, claim, KEY_TTL_HOURS, STALE_CLAIM_MINUTES],
    );
    if (taken.rows[0]?.taken) return undefined;
    const existing = (await db.query<{ held: HeldKey | null }>('SELECT idempotency_held($1, $2) AS held', [uid, key])).rows[0]?.held;
    // Swept between the two statements: try to take it again.
    if (existing) return storedAnswer(existing, hash);
  }
  throw inFlight();
}

const inFlight = () => conflict('A request with this Idempotency-Key is still in progress', 'IDEMPOTENCY_IN_FLIGHT');

/** What a key held by an earlier request answers now: its stored answer, or 422 (another request) / 409 (still running). */
function storedAnswer(existing: HeldKey, hash: string): unknown {
  if (existing.request_hash !== hash) {
    throw unprocessable('This Idempotency-Key was already used with a different request', 'IDEMPOTENCY_KEY_REUSED');
  }
  if (existing.status === 'in_flight') throw inFlight();
  const status = existing.response_status ?? 200;
  if (status >= 400) {
    const body = existing.response_body as ErrorBody;
    throw new AppError(status, body.code, body.message);
  }
  return existing.response_body;
}

/** The key as a money call takes it (idempotency_claim): whose, for which route, the request's hash and this request's claim. */
export interface KeyClaim {
  uid: string;
  route: RouteName;
  key: string;
  hash: string;
  claim: string;
  ttlHours: number;
  staleMinutes: number;
}

/** What a money function answers: its record (also stored under the key), or the key's row when another request holds it. */
export type StatementAnswer<R> = { claimed: true; record: R } | { claimed: false; key: HeldKey | null };

/**
 * An Idempotency-Key around a money move. `call` takes the key (idempotency_claim), moves the money
 * and keeps its answer (idempotency_keep: the record, presented by `present` the first time and on
 * every replay) atomically: in one statement composed by a service (a withdrawal: the whole request
 * is one round trip) or in one transaction (`idempotent`). A `before` check that spends something
 * (`beforeSpends`: a two-factor code, a payout address saved) still runs once per key after the
 * key is taken on its own;
 * one that only reads runs first, and when it refuses, the key decides as there: a stored answer
 * is replayed, otherwise the refusal becomes the first answer. A refusal raised by the function
 * rolls its claim back with everything else and is then stored as the key's first answer.
 */
export async function idempotentStatement<R, T>(
  db: Db,
  scope: IdempotencyScope & { beforeSpends: boolean },
  call: (q: Queryable, key: KeyClaim | null) => Promise<StatementAnswer<R>>,
  present: (record: R) => T,
): Promise<T> {
  if (scope.key === undefined) {
    await scope.before?.();
    const answer = await call(db, null);
    if (!answer.claimed) throw new Error('a money function without a key answered unclaimed');
    return present(answer.record);
  }
  const key = scope.key;
  const hash = requestHash(scope.route, scope.request);
  const claim = randomUUID();
  // Answers are kept as { record } (migration 024); a key kept before it, for at most its 24 hours,
  // holds the route's answer itself.
  const presentStored = (stored: unknown) => present(stored !== null && typeof stored === 'object' && 'record' in stored ? (stored.record as R) : (stored as R));
  let claimed = false;
  // The check or the move failed: a refusal is the key's first answer; anything else frees the key.
  // (Answers already stored under the key, 409 and 422 leave as they are.)
  const fail = async (error: unknown): Promise<never> => {
    if (error instanceof AppError && error.status < 500) await recordRefusal(db, scope, key, hash, claim, error).catch(() => undefined);
    else if (claimed) await db.query('DELETE FROM idempotency_keys WHERE uid = $1 AND key = $2 AND claim = $3', [scope.uid, key, claim]).catch(() => undefined);
    throw error;
  };
  if (scope.beforeSpends) {
    const replay = await claimKey(db, scope.uid, key, scope.route, hash, claim);
    if (replay) return presentStored(replay);
    claimed = true;
  }
  try {
    await scope.before?.();
  } catch (error) {
    if (!claimed && error instanceof AppError) {
      // A reading check refused: an earlier answer under this key still wins over it.
      const replay = await claimKey(db, scope.uid, key, scope.route, hash, claim);
      if (replay) return presentStored(replay);
      claimed = true;
    }
    return fail(error);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    let answer: StatementAnswer<R>;
    try {
      answer = await call(db, { uid: scope.uid, route: scope.route, key, hash, claim, ttlHours: KEY_TTL_HOURS, staleMinutes: STALE_CLAIM_MINUTES });
    } catch (error) {
      return fail(error);
    }
    if (answer.claimed) return present(answer.record);
    if (answer.key) return presentStored(storedAnswer(answer.key, hash));
    // No holder to read: swept while we asked, or committed by a concurrent request after our
    // statement's snapshot (the claim waited for it; idempotency_held reads that snapshot): ask again.
  }
  throw inFlight();
}

/**
 * A refusal as the key's first answer: over this request's own claim, or as a new row when the
 * refusal rolled the claim back (a key another request took meanwhile keeps that one's answer).
 */
async function recordRefusal(db: Db, scope: IdempotencyScope, key: string, hash: string, claim: string, error: AppError): Promise<void> {
  await db.query(
    `INSERT INTO idempotency_keys AS k (uid, key, route, request_hash, status, claim, response_status, response_body)
     VALUES ($1, $2, $3, $4, 'done', $5, $6, $7::jsonb)
     ON CONFLICT (uid, key) DO UPDATE SET status = 'done', response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body
       WHERE k.claim = EXCLUDED.claim AND k.status = 'in_flight'`,
    [scope.uid, key, scope.route, hash, claim, error.status, JSON.stringify({ message: error.message, code: error.code } satisfies ErrorBody)],
  );
}

/** sha256 of the route and the request in canonical JSON (object keys sorted). */
export function requestHash(route: string, request: unknown): string {
  return createHash('sha256').update(`${route}\n${canonicalJson(request)}`).digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** Drops expired keys; run periodically (jobs/). */
export async function sweepIdempotencyKeys(db: Db): Promise<number> {
  const r = await db.query('DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)', [KEY_TTL_HOURS]);
  return r.rowCount;
}
