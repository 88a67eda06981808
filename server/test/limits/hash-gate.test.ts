import type { AddressInfo } from 'node:net';
import { callApi } from '@halcyon/test-kit';
import { HashGate } from '../../src/auth/hash-gate';
import { buildApp } from '../../src/app';
import { setupTestServer } from '../harness';

describe('HashGate', () => {
  test('runs at most `concurrency` at once, queues `queue` more, refuses the rest with 503 BUSY', async () => {
    const gate = new HashGate(2, 1);
    let running = 0;
    let peak = 0;
    const release: Array<() => void> = [];
    const work = () =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => release.push(r));
        running--;
        return 'done';
      });
    const a = work();
    const b = work();
    const c = work(); // queued
    await expect(work()).rejects.toMatchObject({ status: 503, code: 'BUSY', headers: { 'retry-after': '1' } });
    await new Promise((r) => setImmediate(r));
    expect(running).toBe(2);
    release.shift()?.();
    await a;
    await new Promise((r) => setImmediate(r));
    release.shift()?.();
    release.shift()?.();
    await expect(Promise.all([b, c])).resolves.toEqual(['done', 'done']);
    expect(peak).toBe(2);
  });

  test('a failing job frees its slot', async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 1)).resolves.toBe(1);
  });
});

const t = setupTestServer();

test('a flood of logins for unknown emails is shed with 503 + Retry-After instead of queueing without end', async () => {
  const app = await buildApp({ ...t().config, hashing: { concurrency: 1, queue: 2 } }, { db: t().db, mailTransport: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_v, i) => callApi<{ code?: string }>(origin, 'POST', '/auth/login', { body: { email: `flood${i}@example.com`, password: 'Wrong-guess-42' } })),
    );
    const busy = replies.filter((r) => r.status === 503);
    expect(replies.every((r) => r.status === 401 || r.status === 503)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(replies.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(1);
    expect(busy[0]?.body).toEqual({ message: 'The server is busy, please try again in a moment', code: 'BUSY' });
    expect(busy[0]?.headers.get('retry-after')).toBe('1');
  } finally {
    await app.close();
  }
});
