import { buildApp } from '../../src/app';
import { periodicKind } from '../../src/jobs';
import { JobQueue } from '../../src/jobs/queue';
import type { MailMessage } from '../../src/mail/mailer';
import { setupTestServer } from '../harness';
import { createPlan, figures, fund, invest } from '../ledger/helpers';

// The job queue (pg-boss, docs/server.md "Jobs"): mail delivery with retries, failed jobs for
// admins, one run at a time across processes, and catch-up after the platform was down.

/** A mail server that fails while `down` is true. */
const mailServer = { down: false, attempts: 0, delivered: [] as MailMessage[] };
const t = setupTestServer(
  { jobs: { schema: 'pgboss', pollIntervalMs: 500, mailRetryLimit: 2, mailRetryDelaySeconds: 1, maintenanceIntervalSeconds: 30 } }, // schema: the template's (test/template.ts)
  {
    workJobs: true,
    mailTransport: {
      async send(message) {
        mailServer.attempts++;
        if (mailServer.down) throw new Error('421 mail server unavailable');
        mailServer.delivered.push(message);
      },
    },
  },
);

beforeEach(() => {
  Object.assign(mailServer, { down: false, attempts: 0, delivered: [] });
});

/** Polls `check` until it holds or `ms` pass (then returns its last value). */
async function eventually<T>(check: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await check();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await check();
  }
  return value;
}

describe('mail delivery', () => {
  test('a mail the server refuses is retried with backoff, then shown to admins as failed; their retry delivers it once', async () => {
    const admin = await t().loginAdmin();
    const user = await t().registerUser();
    mailServer.down = true;
    expect((await t().call('forgotPassword', { body: { email: user.email } })).status).toBe(200);

    // First try, then 2 retries (1 s, then 2 s later): 3 attempts, then the job is failed.
    const jobs = await eventually(
      async () => (await t().call('listJobs', { token: admin.token })).body.data,
      (d) => (d?.failed.length ?? 0) > 0,
    );
    expect(mailServer.attempts).toBe(3);
    expect(jobs?.failed).toEqual([
      { id: expect.any(String), queue: 'mail', error: '421 mail server unavailable', retryCount: 2, createdAt: expect.any(String), failedAt: expect.any(String) },
    ]);
    expect(jobs?.queues.find((q) => q.queue === 'mail')).toMatchObject({ failed: 1, waiting: 0, active: 0 });
    const outbox = await t().db.query<{ sent_at: Date | null; error: string | null }>('SELECT sent_at, error FROM mail_outbox');
    expect(outbox.rows).toEqual([{ sent_at: null, error: '421 mail server unavailable' }]);
    // The job holds the outbox id only: no address, no reset link.
    const failedId = jobs?.failed[0]?.id ?? '';

    mailServer.down = false;
    const retried = await t().call('retryJob', { token: admin.token, params: { queue: 'mail', id: failedId } });
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe('The job will run again shortly.');
    await t().app.jobs.settle('mail');
    expect(mailServer.delivered.map((m) => m.to)).toEqual([user.email]);
    expect((await t().db.query<{ sent: boolean }>('SELECT sent_at IS NOT NULL AS sent FROM mail_outbox')).rows).toEqual([{ sent: true }]);
    expect((await t().call('listJobs', { token: admin.token })).body.data?.failed).toEqual([]);
    // A second retry of the same job finds nothing failed.
    const again = await t().call('retryJob', { token: admin.token, params: { queue: 'mail', id: failedId } });
    expect(again.status).toBe(404);
  }, 60_000);

  test('a mail is delivered by the queue on its own (no test help) within a poll interval or two', async () => {
    const user = await t().registerUser();
    const res = await t().fetch('/api/auth/forgot_password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email }) });
    expect(res.status).toBe(200);
    const delivered = await eventually(async () => mailServer.delivered.length, (n) => n > 0);
    expect(delivered).toBe(1);
  }, 30_000);
});

describe('admin job routes', () => {
  test('admins only; a bad id or queue is a 400 naming it; an unknown job a 404', async () => {
    const admin = await t().loginAdmin();
    const user = await t().registerUser();
    expect((await t().call('listJobs', { token: user.token })).status).toBe(403);
    expect((await t().call('listJobs')).status).toBe(401);
    expect((await t().call('retryJob', { token: user.token, params: { queue: 'mail', id: '5b0e8a36-1f55-4d49-9d2a-1a1b2c3d4e5f' } })).status).toBe(403);
    const badId = await t().call('retryJob', { token: admin.token, params: { queue: 'mail', id: 'nope' } });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/id/);
    const badQueue = await t().call('retryJob', { token: admin.token, params: { queue: 'DROP TABLE', id: '5b0e8a36-1f55-4d49-9d2a-1a1b2c3d4e5f' } });
    expect(badQueue.status).toBe(400);
    expect(badQueue.body.message).toMatch(/queue/);
    const unknown = await t().call('retryJob', { token: admin.token, params: { queue: 'maturity', id: '5b0e8a36-1f55-4d49-9d2a-1a1b2c3d4e5f' } });
    expect(unknown.status).toBe(404);
    const overview = await t().call('listJobs', { token: admin.token });
    expect(overview.body.data?.queues.map((q) => q.queue)).toEqual(['history-sweep', 'idempotency-sweep', 'ledger-seal', 'mail', 'maturity', 'upload-sweep']);
  });
});

describe('periodic jobs across processes', () => {
  test('two processes asking for the same periodic job every 20 ms: one job per second', async () => {
    const { schema } = t().config.jobs;
    const queues = [0, 1].map(() => new JobQueue(t().db, { schema, pollIntervalMs: 500, log: t().app.log }));
    let runs = 0;
    for (const q of queues) {
      q.define(
        periodicKind('per-period-test', 60, async () => {
          runs++;
          await new Promise((r) => setTimeout(r, 150));
        }),
      );
    }
    try {
      for (const q of queues) await q.start();
      await Promise.all(queues.map((q) => q.repeat('per-period-test', 20)));
      await eventually(async () => runs, (n) => n >= 3);
    } finally {
      for (const q of queues) await q.stop();
    }
    expect(runs).toBeGreaterThanOrEqual(3);
    // Some 150 asks a second from the two, one job per second kept: the rest were dropped, not stacked.
    const { rows } = await t().db.query<{ jobs: string; periods: string }>(
      `SELECT count(*)::text AS jobs, count(DISTINCT singleton_on)::text AS periods FROM ${schema}.job WHERE name = 'per-period-test'`,
    );
    expect(rows[0]?.jobs).toBe(rows[0]?.periods);
  }, 30_000);

  test('a run left active by a killed process does not hold up the next period’s', async () => {
    const { schema } = t().config.jobs;
    const q = new JobQueue(t().db, { schema, pollIntervalMs: 500, log: t().app.log });
    let runs = 0;
    let deadId: string | undefined;
    q.define(
      periodicKind('after-crash-test', 300, async () => {
        runs++;
      }),
    );
    try {
      await q.start();
      // What a process killed mid-run leaves: its job active under the queue's policy, nobody to
      // finish it, for the 5 minutes until it expires.
      const dead = await t().db.query<{ id: string }>(
        `INSERT INTO ${schema}.job (name, data, state, started_on, expire_in, policy)
         SELECT name, '{}', 'active', now(), interval '300 seconds', policy FROM ${schema}.queue WHERE name = 'after-crash-test' RETURNING id::text`,
      );
      deadId = String(dead.rows[0]?.id);
      await q.repeat('after-crash-test', 1000);
      await eventually(async () => runs, (n) => n >= 2, 10_000);
    } finally {
      await q.stop();
    }
    expect(runs).toBeGreaterThanOrEqual(2);
    // The dead run is still as the killed process left it: the later runs went round it. (A run
    // fetched just as the queue stopped may be active too: pg-boss's stop does not undo a fetch.)
    const { rows } = await t().db.query<{ state: string }>(`SELECT state::text FROM ${schema}.job WHERE id::text = $1`, [deadId]);
    expect(rows[0]?.state).toBe('active');
  }, 30_000);

  test('catch-up: an investment that matured while no process ran is settled when one starts', async () => {
    const admin = await t().loginAdmin();
    const user = await t().registerUser();
    const plan = await createPlan(t(), admin, { returns: 10 });
    await fund(t(), admin, user, 500);
    const id = await invest(t(), user, plan, 500);
    await t().call('approveInvestment', { token: admin.token, params: { id } });
    // The file's server has run its one maturity job at start (interval 0): due now, nothing runs it.
    await t().db.query("UPDATE investments SET end_date = now() - interval '3 days' WHERE id = $1", [id]);
    const restarted = await buildApp({ ...t().config, maturityIntervalMs: 0 }, { db: t().db, mailTransport: null });
    try {
      const status = await eventually(
        async () => (await t().call('getInvestments', { token: user.token })).body.data[0]?.status,
        (s) => s === 'ended',
      );
      expect(status).toBe('ended');
    } finally {
      await restarted.close();
    }
    expect(await figures(t(), user)).toMatchObject({ usdtBal: 500, earnings: 50 });
  }, 30_000);
});
