// Issue 11 §5: three server processes on one PostgreSQL behave as one platform. A round-robin
// client spreads requests over them; money, rate limits, jobs and retries must come out exactly
// as with one process, and one process dying under load must not break a rule.
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { Client } from 'pg';
import { callApi, expectApi, type Product } from '@halcyon/test-kit';
import { startServer } from '../src/lib/server';
import { newKey, pool } from '../src/lib/http';
import { fundInvestors, loginAdmin, registerInvestors } from '../src/lib/fixtures';
import { checkInvariants, transfersByRef } from '../src/lib/invariants';
import { databaseUrl, describeWithPostgres } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SANE = { unbalancedAssets: [], driftedAccounts: [], figureMismatches: [], negativeUserAccounts: [], reservationMismatches: [], openWithdrawalMismatches: [], inflowMismatches: [] };

describeWithPostgres('three processes on one PostgreSQL', () => {
  const servers: Product[] = [];
  let db: Client;
  let bases: string[] = [];
  let admin = '';
  const at = (i: number) => bases[i % bases.length] ?? '';

  beforeAll(async () => {
    db = new Client({ connectionString: databaseUrl() });
    await db.connect();
    // Started one after the other (each runs the migrations under their advisory lock anyway).
    // The login budget is on, as in production; the jobs run every 500 ms in every process.
    const env = { RATE_LIMIT_LOGIN: '10', MATURITY_INTERVAL_MS: '500', LOG_LEVEL: 'warn' };
    for (let i = 0; i < 3; i++) servers.push(await startServer({ databaseUrl: databaseUrl(), env }));
    bases = servers.map((s) => s.baseUrl);
    admin = await loginAdmin(at(0));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await db.end();
  });

  it('40 concurrent withdrawals of $10 against $100, spread over the three: exactly 10 accepted', async () => {
    const [investor] = await registerInvestors(at(0), 1, `procs-w-${Date.now()}`);
    if (!investor) throw new Error('no investor');
    await fundInvestors(at(1), admin, [investor], 100);
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_v, i) =>
        callApi(at(i), 'POST', '/withdrawal', { token: investor.token, idempotencyKey: newKey(), body: { method: 'usdt', amount: 10, to: investor.uid, address: 'T-procs' } }),
      ),
    );
    // Allowed open requests are lifted for the fault tests; the balance is the only limit here.
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    expect(replies.filter((r) => r.status !== 201).every((r) => r.status === 422)).toBe(true);
    const profile = await expectApi<{ data: { usdtBal: number } }>(at(2), 'GET', '/user/profile', 200, { token: investor.token });
    expect(profile.data.usdtBal).toBe(0);
    expect(await checkInvariants(db)).toMatchObject(SANE);
  });

  it('the login limit is reached at the same count as with one process (10 a minute, then 429)', async () => {
    const email = `procs-limit-${Date.now()}@halcyon.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await callApi(at(i), 'POST', '/auth/login', { body: { email, password: 'Wrong-guess-42' } })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429, 429, 429]);
  });

  it('a maturity batch is paid once while all three run the job', async () => {
    const investors = await registerInvestors(at(0), 4, `procs-m-${Date.now()}`);
    await fundInvestors(at(1), admin, investors, 500);
    const plan = await expectApi<{ data: { id: string } }>(at(2), 'POST', '/admin/plans', 201, {
      token: admin,
      body: { name: 'Procs plan', minAmount: 10, maxAmount: 1000, returns: 10, duration: 30 },
    });
    const ids = await pool(investors, 4, async (inv, i) => {
      const made = await expectApi<{ data: { id: string } }>(at(i), 'POST', '/investment', 201, {
        token: inv.token,
        idempotencyKey: newKey(),
        body: { plan_id: plan.data.id, amount: 100, method: 'USDT' },
      });
      await expectApi(at(i + 1), 'PATCH', `/admin/investments/${made.data.id}/approve`, 200, { token: admin });
      return made.data.id;
    });
    await db.query(`UPDATE investments SET end_date = now() - interval '1 minute' WHERE id = ANY($1::text[])`, [ids]);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const { rows } = await db.query<{ n: string }>("SELECT count(*)::text AS n FROM investments WHERE id = ANY($1::text[]) AND status = 'ended'", [ids]);
      if (Number(rows[0]?.n) === ids.length) break;
      await sleep(250);
    }
    await sleep(1500); // every process has had more runs by now
    const earnings = await transfersByRef(db, 'maturity_earnings', ids);
    const principal = await transfersByRef(db, 'maturity_principal', ids);
    expect(ids.map((id) => [earnings.get(id), principal.get(id)])).toEqual(ids.map(() => [1, 1]));
    expect(await checkInvariants(db)).toMatchObject(SANE);
  });

  it('a retry with the same Idempotency-Key after a dropped connection, on another process, moves money once', async () => {
    const [investor] = await registerInvestors(at(0), 1, `procs-r-${Date.now()}`);
    if (!investor) throw new Error('no investor');
    await fundInvestors(at(0), admin, [investor], 50);
    const key = newKey();
    const body = JSON.stringify({ method: 'usdt', amount: 20, to: investor.uid, address: 'T-retry' });
    // Send the request and drop the connection without reading the answer.
    await new Promise<void>((resolve) => {
      const url = new URL(`${at(0)}/api/withdrawal`);
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${investor.token}`, 'idempotency-key': key } });
      req.on('error', () => resolve());
      req.end(body, () => setTimeout(() => (req.destroy(), resolve()), 5));
    });
    let reply = await callApi<{ data?: { id: string } }>(at(1), 'POST', '/withdrawal', { token: investor.token, idempotencyKey: key, body: JSON.parse(body) as unknown });
    for (let i = 0; i < 20 && reply.status === 409; i++) {
      await sleep(100); // the first is still in flight on the other process
      reply = await callApi(at(1), 'POST', '/withdrawal', { token: investor.token, idempotencyKey: key, body: JSON.parse(body) as unknown });
    }
    expect(reply.status).toBe(201);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM withdrawals WHERE uid = $1', [investor.uid]);
    expect(rows.map((r) => r.id)).toEqual([reply.body.data?.id]);
    expect((await transfersByRef(db, 'withdrawal_hold', [reply.body.data?.id ?? ''])).get(reply.body.data?.id ?? '')).toBe(1);
  });

  it('kill -9 of one process under money load: every 2xx has exactly one transfer, the ledger balances', async () => {
    const investors = await registerInvestors(at(0), 6, `procs-k-${Date.now()}`);
    await fundInvestors(at(1), admin, investors, 1_000);
    const attempts: Array<{ inv: (typeof investors)[number]; key: string; status: number | 'failed'; id?: string }> = [];
    let running = true;
    let turn = 0;
    const worker = async () => {
      while (running) {
        const t = turn++;
        const inv = investors[t % investors.length];
        if (!inv) continue;
        const key = newKey();
        try {
          const r = await callApi<{ data?: { id: string } }>(at(t), 'POST', '/withdrawal', { token: inv.token, idempotencyKey: key, body: { method: 'usdt', amount: 1.5, to: inv.uid, address: 'T-kill' } });
          attempts.push({ inv, key, status: r.status, ...(r.body.data?.id ? { id: r.body.data.id } : {}) });
        } catch {
          attempts.push({ inv, key, status: 'failed' });
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, worker));
    await sleep(1500);
    const victim = servers[2];
    await victim?.kill();
    bases = bases.slice(0, 2); // the balancer notices: the dead one gets no more traffic
    await sleep(800);
    running = false;
    await load;
    // Retry what got no answer, with its key, on a live process.
    for (const a of attempts.filter((x) => x.status === 'failed')) {
      const r = await callApi<{ data?: { id: string } }>(at(0), 'POST', '/withdrawal', { token: a.inv.token, idempotencyKey: a.key, body: { method: 'usdt', amount: 1.5, to: a.inv.uid, address: 'T-kill' } });
      a.status = r.status;
      if (r.body.data?.id) a.id = r.body.data.id;
    }
    const ok = attempts.filter((a) => a.status === 201);
    expect(ok.length).toBeGreaterThan(20);
    const ids = ok.map((a) => a.id ?? '');
    expect(new Set(ids).size).toBe(ids.length);
    const holds = await transfersByRef(db, 'withdrawal_hold', ids);
    expect(ids.filter((id) => holds.get(id) !== 1)).toEqual([]);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM withdrawals WHERE uid = ANY($1::text[])', [investors.map((i) => i.uid)]);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(await checkInvariants(db)).toMatchObject(SANE);
  });

  it('WORKERS=3 starts three workers behind one port that serve and stop together', async () => {
    const product = await startServer({ databaseUrl: databaseUrl(), env: { WORKERS: '3', LOG_LEVEL: 'warn' } });
    try {
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(product.pid)], { encoding: 'utf8' }).trim().split(/\s+/).filter(Boolean);
      expect(children).toHaveLength(3);
      for (let i = 0; i < 6; i++) await expectApi(product.baseUrl, 'GET', '/health', 200);
    } finally {
      await product.stop();
    }
  });
});
