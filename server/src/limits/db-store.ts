import type { Queryable } from '../db/types';
import { bucketOf, type Counts, type Hit, type LimitStore } from './store';

/** How often a process deletes expired counter rows (any process may; the delete is idempotent). */
const PURGE_EVERY_MS = 60_000;

/** Counters in the `limit_counters` table (PGlite or PostgreSQL): one statement bumps every key. */
export function dbLimitStore(db: Queryable): LimitStore {
  let nextPurge = 0;
  return {
    async hit(hits: Hit[], now: number): Promise<Counts[]> {
      if (!hits.length) return [];
      if (now >= nextPurge) {
        nextPurge = now + PURGE_EVERY_MS;
        await db.query('DELETE FROM limit_counters WHERE expires_at < $1', [new Date(now)]);
      }
      const buckets = hits.map((h) => bucketOf(now, h.windowMs));
      // A row outlives its bucket by one window: the next bucket's estimate still reads it.
      const expires = hits.map((h, i) => new Date(((buckets[i] ?? 0) + 2) * h.windowMs).toISOString());
      const { rows } = await db.query<{ key: string; hits: number; previous: number }>(
        `WITH input AS (
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[]) AS t(key, bucket, expires_at)
         ), bumped AS (
           INSERT INTO limit_counters AS c (key, bucket, hits, expires_at)
           SELECT key, bucket, 1, expires_at FROM input
           ON CONFLICT (key, bucket) DO UPDATE SET hits = c.hits + 1
           RETURNING c.key, c.bucket, c.hits
         )
         SELECT b.key, b.hits, coalesce(p.hits, 0) AS previous
         FROM bumped b LEFT JOIN limit_counters p ON p.key = b.key AND p.bucket = b.bucket - 1`,
        [hits.map((h) => h.key), buckets.map(String), expires],
      );
      const byKey = new Map(rows.map((r) => [r.key, { current: Number(r.hits), previous: Number(r.previous) }]));
      return hits.map((h) => byKey.get(h.key) ?? { current: 1, previous: 0 });
    },
    async close() {},
  };
}
