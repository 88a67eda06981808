import { Redis } from 'ioredis';
import { bucketOf, type Counts, type Hit, type LimitStore } from './store';

/**
 * Counters in Redis (REDIS_URL): INCR per key and bucket with an expiry, all keys in one
 * MULTI/EXEC round trip. `prefix` separates deployments (and test runs) sharing one Redis.
 */
export function redisLimitStore(url: string, prefix = 'halcyon:limits:'): LimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(hits: Hit[], now: number): Promise<Counts[]> {
      if (!hits.length) return [];
      const multi = redis.multi();
      for (const h of hits) {
        const bucket = bucketOf(now, h.windowMs);
        const key = `${prefix}${h.key}:${bucket}`;
        multi.incr(key).pexpire(key, 2 * h.windowMs).get(`${prefix}${h.key}:${bucket - 1}`);
      }
      const replies = await multi.exec();
      if (!replies) throw new Error('Redis transaction was discarded');
      return hits.map((_h, i) => {
        const [incrErr, current] = replies[i * 3] ?? [];
        const [getErr, previous] = replies[i * 3 + 2] ?? [];
        if (incrErr || getErr) throw incrErr ?? getErr;
        return { current: Number(current), previous: Number(previous ?? 0) };
      });
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
