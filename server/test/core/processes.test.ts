import type { AddressInfo } from 'node:net';
import { callApi } from '@halcyon/test-kit';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { setupTestServer } from '../harness';

const t = setupTestServer();

test('WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process', () => {
  expect(() => loadConfig({ WORKERS: '3' })).toThrow(ConfigError);
  expect(() => loadConfig({ WORKERS: '3' })).toThrow(/WORKERS: more than 1 needs DATABASE_URL/);
  expect(loadConfig({ WORKERS: '3', DATABASE_URL: 'postgres://x@127.0.0.1/db' }).workers).toBe(3);
  expect(loadConfig({}).pressure).toEqual({ maxEventLoopDelayMs: 1000, maxEventLoopUtilization: 0.98 });
});

test('an overloaded process sheds requests at once with 503 OVERLOADED and Retry-After, in the API’s error shape', async () => {
  // Both limits: the delay histogram may record the blocked turn after the sampler has already run, the utilization cannot miss it.
  const app = await buildApp({ ...t().config, pressure: { maxEventLoopDelayMs: 10, maxEventLoopUtilization: 0.5 } }, { db: t().db, mailTransport: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    // Block the event loop as an overloaded process would, long enough for a few samples.
    await new Promise((r) => setTimeout(r, 100));
    const end = Date.now() + 1500;
    while (Date.now() < end) {
      /* busy */
    }
    // The sampler runs once a second: ask until it has seen the blocked second (at most two samples).
    let res = await callApi(origin, 'GET', '/health');
    for (let tries = 0; res.status !== 503 && tries < 25; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await callApi(origin, 'GET', '/health');
    }
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'The server is overloaded, please try again in a moment', code: 'OVERLOADED' });
    expect(res.headers.get('retry-after')).toBe('5');
  } finally {
    await app.close();
  }
});

test('closing lets a request in flight finish: its change is saved and answered, new connections are refused', async () => {
  const user = await t().registerUser();
  const app = await buildApp(t().config, { db: t().db, mailTransport: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let release = () => undefined as void;
  // Hold the user's row: the request below waits inside its transaction, as a slow money request would.
  const holding = t().db.tx(async (q) => {
    await q.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.uid]);
    await new Promise<void>((r) => (release = r));
  });
  await new Promise((r) => setTimeout(r, 50));
  const inFlight = callApi(origin, 'PATCH', '/user/profile', { token: user.token, body: { city: 'Lisbon' } });
  await new Promise((r) => setTimeout(r, 100));
  const closing = app.close();
  await new Promise((r) => setTimeout(r, 100));
  release();
  await holding;
  const res = await inFlight;
  expect(res.status).toBe(200);
  await closing;
  expect((await t().db.query<{ city: string }>('SELECT city FROM users WHERE id = $1', [user.uid])).rows[0]?.city).toBe('Lisbon');
  await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
});
