import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { callApi } from '@halcyon/test-kit';
import { buildApp } from '../../src/app';
import { redisLimitStore } from '../../src/limits/redis-store';
import type { LimitStore } from '../../src/limits/store';
import { setupTestServer } from '../harness';

const t = setupTestServer();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A second server process's app over the same database (what N processes behind a balancer are). */
async function secondInstance(limits?: LimitStore): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({ ...t().config, rateLimits: t().config.rateLimits }, { db: t().db, mailTransport: null, ...(limits ? { limits } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const guess = (origin: string, email: string) => callApi(origin, 'POST', '/auth/login', { body: { email, password: 'Wrong-guess-42' } });

async function alternate(origins: string[], email: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await guess(origins[i % origins.length] ?? '', email)).status);
  return out;
}

test('two server instances on one database share the login budget: 10 guesses in all, not 10 each', async () => {
  const other = await secondInstance();
  t().config.rateLimits.login = 10;
  try {
    expect(await alternate([t().url, other.url], 'shared@example.com', 14)).toEqual([...Array(10).fill(401), 429, 429, 429, 429]);
  } finally {
    t().config.rateLimits.login = 0;
    await other.app.close();
  }
});

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

test('with REDIS_URL two instances share counters in Redis', async () => {
  if (!(await redisReachable())) {
    // CI has Redis (127.0.0.1:6379): there a missing Redis is a failure, not a skip.
    if (process.env.CI) throw new Error(`Redis is not reachable at ${REDIS_URL}`);
    console.warn(`Redis not reachable at ${REDIS_URL}: Redis store test skipped`);
    return;
  }
  const prefix = `halcyon-test:${randomBytes(6).toString('hex')}:`;
  const a = await secondInstance(redisLimitStore(REDIS_URL, prefix));
  const b = await secondInstance(redisLimitStore(REDIS_URL, prefix));
  t().config.rateLimits.login = 10;
  try {
    expect(await alternate([a.url, b.url], 'redis@example.com', 13)).toEqual([...Array(10).fill(401), 429, 429, 429]);
    // The counters are in Redis with an expiry (no unbounded growth), and nothing went to the table.
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    const { rows } = await t().db.query('SELECT 1 FROM limit_counters');
    expect(rows).toEqual([]);
  } finally {
    t().config.rateLimits.login = 0;
    await a.app.close();
    await b.app.close();
  }
});

test('counters expire: rows past their window are purged by the store, not kept forever', async () => {
  t().config.rateLimits.login = 10;
  try {
    await guess(t().url, 'old@example.com');
    await t().db.query("UPDATE limit_counters SET expires_at = now() - interval '1 second'");
    // A fresh store purges on its first hit.
    const other = await secondInstance();
    try {
      await guess(other.url, 'new@example.com');
    } finally {
      await other.app.close();
    }
    const { rows } = await t().db.query<{ n: string }>('SELECT count(*) AS n FROM limit_counters');
    expect(Number(rows[0]?.n)).toBe(1);
  } finally {
    t().config.rateLimits.login = 0;
  }
});

test('when the counter store fails, guarded requests are refused with 503 (fail closed), never run unchecked', async () => {
  const broken = { hit: () => Promise.reject(new Error('store down')), close: async () => undefined };
  const other = await secondInstance(broken);
  t().config.rateLimits.login = 10;
  try {
    const res = await callApi(other.url, 'POST', '/auth/login', { body: { email: 'down@example.com', password: 'Wrong-guess-42' } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'The server is busy, please try again in a moment', code: 'BUSY' });
    expect(res.headers.get('retry-after')).toBe('5');
  } finally {
    t().config.rateLimits.login = 0;
    await other.app.close();
  }
});
