import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { callApi } from '@halcyon/test-kit';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app';
import { setupTestServer } from '../harness';

// With REDIS_URL the rate-limit counters live in Redis, which must never evict them (issue 30
// item 5; docs/security.md "Rate limits"). Against the local Redis: its maxmemory-policy is set
// here and put back in a finally; keys go to database 14 of it, which nothing else uses.
const t = setupTestServer();
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB = 14;
const url = (auth = '') => `${REDIS.replace('://', `://${auth}`).replace(/\/\d*$/, '')}/${DB}`;
const PREFIX = 'halcyon:limits:';

let admin: Redis | undefined;
beforeAll(async () => {
  const probe = new Redis(url(), { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    admin = probe;
  } catch {
    probe.disconnect();
    // CI has Redis (127.0.0.1:6379): there a missing Redis is a failure, not a skip.
    if (process.env.CI) throw new Error(`Redis is not reachable at ${REDIS}`);
    console.warn(`Redis not reachable at ${REDIS}: Redis policy tests skipped`);
  }
});
afterAll(() => admin?.disconnect());

const ourKeys = async () => (admin ? admin.keys(`${PREFIX}*`) : []);
const dropOurKeys = async () => {
  const keys = await ourKeys();
  if (keys.length) await admin?.del(...keys);
};

/** This server started with REDIS_URL = `redisUrl`; its warnings are collected. */
async function start(redisUrl: string, assumeNoEviction = false): Promise<{ app: FastifyInstance; origin: string; warnings: string[] }> {
  const lines: string[] = [];
  const config = { ...t().config, redisUrl, redisAssumeNoEviction: assumeNoEviction, logLevel: 'warn' as const, rateLimits: { ...t().config.rateLimits, login: 10 } };
  const app = await buildApp(config, { db: t().db, mailTransport: null, workJobs: false, logStream: { write: (line: string) => void lines.push(line) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40).map((l) => l.msg);
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, warnings };
}

/** One guarded request (a wrong login spends the login budgets), then where its counters went. */
async function countersAfterALogin(origin: string): Promise<{ redisKeys: number; tableRows: number }> {
  await callApi(origin, 'POST', '/auth/login', { body: { email: `policy-${randomBytes(4).toString('hex')}@example.com`, password: 'Wrong-guess-42' } });
  const { rows } = await t().db.query<{ n: string }>('SELECT count(*) AS n FROM limit_counters');
  return { redisKeys: (await ourKeys()).length, tableRows: Number(rows[0]?.n) };
}

/** Runs `fn` with this Redis's maxmemory-policy set to `policy`, and always puts the original back. */
async function withPolicy<T>(policy: string, fn: () => Promise<T>): Promise<T> {
  if (!admin) throw new Error('no Redis');
  const [, original] = (await admin.config('GET', 'maxmemory-policy')) as [string, string];
  await admin.config('SET', 'maxmemory-policy', policy);
  try {
    return await fn();
  } finally {
    await admin.config('SET', 'maxmemory-policy', original);
  }
}

test('a Redis that may evict keys (allkeys-* or volatile-*) stops the start with an error naming maxmemory-policy', async () => {
  if (!admin) return;
  for (const policy of ['allkeys-lru', 'volatile-ttl']) {
    const error = await withPolicy(policy, () => start(url()).then(async (s) => {
      await s.app.close();
      return null;
    }, (e: unknown) => e));
    expect(error).toMatchObject({ name: 'ConfigError' });
    expect((error as Error).message).toBe(
      `Invalid configuration:\n  REDIS_URL: this Redis's maxmemory-policy is ${policy}, so it may evict keys and drop rate-limit counters ` +
        '(they all expire, so volatile-* policies evict them too). Set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction, ' +
        'and in redis.conf), or unset REDIS_URL to keep the counters in the database.',
    );
  }
});

test('with noeviction the counters are in Redis, not in the table', async () => {
  if (!admin) return;
  await dropOurKeys();
  const s = await withPolicy('noeviction', () => start(url()));
  try {
    expect(s.warnings).toEqual([]);
    const where = await countersAfterALogin(s.origin);
    expect(where.redisKeys).toBeGreaterThan(0);
    expect(where.tableRows).toBe(0);
  } finally {
    await s.app.close();
    await dropOurKeys();
  }
});

test('where CONFIG is refused, the start warns why and keeps the counters in the database, unless REDIS_ASSUME_NOEVICTION=1', async () => {
  if (!admin) return;
  // A user of this Redis that may do anything but CONFIG, as on managed Redis.
  const user = `halcyon-test-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  await admin.call('ACL', 'SETUSER', user, 'on', `>${password}`, '~*', '&*', '+@all', '-config');
  await dropOurKeys();
  try {
    const limited = url(`${user}:${password}@`);
    const fallback = await start(limited);
    try {
      expect(fallback.warnings).toHaveLength(1);
      expect(fallback.warnings[0]).toMatch(/^REDIS_URL: cannot read this Redis's maxmemory-policy \(CONFIG GET refused: NOPERM .*\)\. A Redis that may evict keys would drop rate-limit counters, so they are kept in the database \(limit_counters\) instead\. If this Redis's maxmemory-policy is noeviction, set REDIS_ASSUME_NOEVICTION=1 to keep them in Redis\.$/);
      const where = await countersAfterALogin(fallback.origin);
      expect(where).toEqual({ redisKeys: 0, tableRows: expect.any(Number) });
      expect(where.tableRows).toBeGreaterThan(0);
    } finally {
      await fallback.app.close();
    }

    await t().db.query('DELETE FROM limit_counters');
    const vouched = await start(limited, true);
    try {
      expect(vouched.warnings).toEqual([expect.stringContaining('REDIS_ASSUME_NOEVICTION=1 says it is noeviction, so rate-limit counters are kept in Redis')]);
      const where = await countersAfterALogin(vouched.origin);
      expect(where.redisKeys).toBeGreaterThan(0);
      expect(where.tableRows).toBe(0);
    } finally {
      await vouched.app.close();
    }
  } finally {
    await admin.call('ACL', 'DELUSER', user);
    await dropOurKeys();
  }
});

test('an unreachable Redis stops the start (it cannot be checked)', async () => {
  await expect(start('redis://127.0.0.1:1/14')).rejects.toThrow(/^REDIS_URL: Redis did not answer at start: connect ECONNREFUSED 127\.0\.0\.1:1$/);
});
