import { Redis } from 'ioredis';
import { ConfigError } from '../config';
import { bucketOf, type Counts, type Hit, type LimitStore } from './store';

/** The one maxmemory-policy under which Redis never drops a key to make room. */
const NO_EVICTION = 'noeviction';

/** What start-up logs through (the app's logger). */
interface StartLog {
  warn(details: object, message: string): void;
}

/**
 * The rate-limit store for REDIS_URL, checked at start (docs/security.md "Rate limits"): a Redis
 * that may evict keys could drop a counter and reset someone's budget, and every counter of ours
 * carries an expiry, so the volatile-* policies evict them as readily as allkeys-*. Reads
 * `CONFIG GET maxmemory-policy`:
 * - `noeviction`: the counters go to Redis;
 * - any other policy: throws a ConfigError naming the setting (the server does not start);
 * - CONFIG refused (managed Redis often disables or renames it): logs a warning, and the counters
 *   go to `fallback()` (the database: it never drops a live counter, and every process shares it)
 *   unless `assumeNoEviction` (REDIS_ASSUME_NOEVICTION=1, the operator vouching for the policy);
 * - Redis unreachable: throws (the start fails rather than guess).
 * Only at start: a policy changed later is not seen until the next start.
 */
export async function checkedRedisLimitStore(url: string, options: { assumeNoEviction: boolean; log: StartLog; fallback: () => LimitStore; prefix?: string }): Promise<LimitStore> {
  const policy = await readEvictionPolicy(url);
  if ('policy' in policy) {
    if (policy.policy === NO_EVICTION) return redisLimitStore(url, options.prefix);
    throw new ConfigError(
      `Invalid configuration:\n  REDIS_URL: this Redis's maxmemory-policy is ${policy.policy}, so it may evict keys and drop rate-limit counters ` +
        '(they all expire, so volatile-* policies evict them too). Set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction, ' +
        'and in redis.conf), or unset REDIS_URL to keep the counters in the database.',
    );
  }
  const why = `REDIS_URL: cannot read this Redis's maxmemory-policy (CONFIG GET refused: ${policy.refused}).`;
  if (options.assumeNoEviction) {
    options.log.warn({ reason: policy.refused }, `${why} REDIS_ASSUME_NOEVICTION=1 says it is noeviction, so rate-limit counters are kept in Redis; if it may evict keys, limits can reset.`);
    return redisLimitStore(url, options.prefix);
  }
  options.log.warn(
    { reason: policy.refused },
    `${why} A Redis that may evict keys would drop rate-limit counters, so they are kept in the database (limit_counters) instead. ` +
      "If this Redis's maxmemory-policy is noeviction, set REDIS_ASSUME_NOEVICTION=1 to keep them in Redis.",
  );
  return options.fallback();
}

/** The server's maxmemory-policy, or why it would not say (a Redis error reply to CONFIG GET). */
async function readEvictionPolicy(url: string): Promise<{ policy: string } | { refused: string }> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 5_000, enableOfflineQueue: false });
  // The connection's own error (connect() itself only says "Connection is closed.").
  let failure: unknown;
  probe.on('error', (error: unknown) => (failure = error));
  try {
    try {
      await probe.connect();
    } catch (error) {
      throw new Error(`REDIS_URL: Redis did not answer at start: ${messageOf(failure ?? error)}`, { cause: error });
    }
    let reply: unknown;
    try {
      reply = await probe.call('CONFIG', 'GET', 'maxmemory-policy');
    } catch (error) {
      // An error answer of Redis (NOPERM, unknown command), not a lost connection.
      if ((error as { name?: unknown } | null)?.name === 'ReplyError') return { refused: messageOf(error) };
      throw error;
    }
    const value = Array.isArray(reply) ? reply[1] : undefined;
    return typeof value === 'string' ? { policy: value } : { refused: `no value in the reply ${JSON.stringify(reply)}` };
  } finally {
    // A connection that never opened has ended already (disconnecting it would hold the process 2 s).
    if (probe.status !== 'end') probe.disconnect();
  }
}

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

const messageOf = (error: unknown): string => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
};
