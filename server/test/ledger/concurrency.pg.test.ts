import { runMaturity } from '../../src/jobs/maturity';
import { openPostgres } from '../../src/db/postgres';
import { setupTestServer } from '../harness';
import { accountCents, createPlan, figures, fund, invest, setupCast } from './helpers';

// Races, on the real PostgreSQL only: PGlite has a single connection, so nothing runs concurrently
// there. The root test script runs this suite with DATABASE_URL set.
const pg = process.env.DATABASE_URL;
const describeOnPostgres = pg ? describe : describe.skip;

describeOnPostgres(`races on PostgreSQL${pg ? '' : ' (skipped: DATABASE_URL is not set; races need a real PostgreSQL)'}`, () => {
  // These races fire dozens of requests of one user: lift the open-request cap (request-limits.test.ts covers it).
  const t = setupTestServer({ requestLimits: { maxPendingDeposits: 1000, maxPendingWithdrawals: 1000, maxDepositUsd: 1_000_000, maxWithdrawalUsd: 1_000_000 } });
  const { admin, user } = setupCast(t, { user: {} });

  const count = (statuses: number[]) => statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});

  test('40 concurrent withdrawals of 10 against a balance of 100: exactly 10 accepted, 30 refused, balance 0', async () => {
    await fund(t(), admin, user, 100);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => t().call('createWithdrawal', { token: user.token, body: { method: 'usdt', amount: 10, to: user.uid } })),
    );
    expect(count(results.map((r) => r.status))).toEqual({ 201: 10, 422: 30 });
    for (const r of results.filter((x) => x.status === 422)) expect(r.body).toEqual({ message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' });
    expect(await figures(t(), user)).toMatchObject({ usdtBal: 0, balance: 0 });
    expect(await accountCents(t(), `held:usdt:${user.uid}`)).toBe(10_000);
    expect((await t().call('listWithdrawals', { token: admin.token })).body.data).toHaveLength(10);
  });

  test('10 concurrent deducts of 10 from one investment with 30 of earnings: 3 accepted, 7 refused, never below zero', async () => {
    const plan = await createPlan(t(), admin);
    await fund(t(), admin, user, 200);
    const inv = await invest(t(), user, plan, 100);
    const other = await invest(t(), user, plan, 100);
    const body = (investment_id: string, amount: number) => ({ body: { amount, plan_id: plan, investment_id }, params: { uid: user.uid }, token: admin.token });
    await t().call('creditEarnings', body(inv, 30));
    // Earnings on another investment would let a per-user check pass: the check is per investment.
    await t().call('creditEarnings', body(other, 100));
    const results = await Promise.all(Array.from({ length: 10 }, () => t().call('deductEarnings', body(inv, 10))));
    expect(count(results.map((r) => r.status))).toEqual({ 201: 3, 422: 7 });
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.code).toBe('INSUFFICIENT_EARNINGS');
    const earningsOf = Object.fromEntries((await t().call('getInvestments', { token: user.token })).body.data.map((i) => [i.id, i.earnings]));
    expect(earningsOf).toEqual({ [inv]: 0, [other]: 100 });
    expect(await figures(t(), user)).toMatchObject({ earnings: 100 });
  });

  test('10 concurrent approvals of one deposit credit once: one 200, nine 409', async () => {
    const dep = await t().call('createDeposit', { token: user.token, body: { method: 'bitcoin', amount: 55, from: user.uid } });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t().call('approveDeposit', { token: admin.token, params: { id: dep.body.data.id, method: 'bitcoin' } })),
    );
    expect(count(results.map((r) => r.status))).toEqual({ 200: 1, 409: 9 });
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe('Deposit is already approved');
    expect(await figures(t(), user)).toMatchObject({ btcBal: 55, totalDeposits: 55 });
  });

  test('concurrent approve and decline of one withdrawal: exactly one wins, the money moves once', async () => {
    await fund(t(), admin, user, 100);
    const w = await t().call('createWithdrawal', { token: user.token, body: { method: 'usdt', amount: 100, to: user.uid } });
    const id = w.body.data.id;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_v, i) => t().call(i % 2 ? 'approveWithdrawal' : 'declineWithdrawal', { token: admin.token, params: { id } })),
    );
    expect(count(results.map((r) => r.status))).toEqual({ 200: 1, 409: 9 });
    const winner = results.find((r) => r.status === 200)?.body.data.status;
    expect(await figures(t(), user)).toMatchObject(winner === 'approved' ? { usdtBal: 0, totalWithdrawals: 100 } : { usdtBal: 100, totalWithdrawals: 0 });
  });

  test('the same Idempotency-Key sent 10 times at once moves the money once; replays equal the first answer', async () => {
    await fund(t(), admin, user, 100);
    const body = { method: 'usdt' as const, amount: 30, to: user.uid };
    const headers = { 'idempotency-key': 'burst-1' };
    const results = await Promise.all(Array.from({ length: 10 }, () => t().call('createWithdrawal', { token: user.token, body, headers })));
    const created = results.filter((r) => r.status === 201);
    // Each is either the first answer (201, replayed) or refused while the first is still in flight (409).
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.body).toEqual(created[0]?.body);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('IDEMPOTENCY_IN_FLIGHT');
    const replay = await t().call('createWithdrawal', { token: user.token, body, headers });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(created[0]?.body);
    const other = await t().call('createWithdrawal', { token: user.token, body: { ...body, amount: 31 }, headers });
    expect(other.status).toBe(422);
    expect(await figures(t(), user)).toMatchObject({ usdtBal: 70 });
    expect((await t().call('listWithdrawals', { token: admin.token })).body.data).toHaveLength(1);
  });

  test('the same Idempotency-Key on a move of several statements, 10 at once: one deposit, every answer the first', async () => {
    // The key is taken inside the money transaction: the others wait for it and replay its answer.
    const body = { method: 'usdt' as const, amount: 25, from: user.uid };
    const headers = { 'idempotency-key': 'burst-deposit' };
    const results = await Promise.all(Array.from({ length: 10 }, () => t().call('createDeposit', { token: user.token, body, headers })));
    expect(count(results.map((r) => r.status))).toEqual({ 201: 10 });
    for (const r of results) expect(r.body).toEqual(results[0]?.body);
    expect((await t().call('listDeposits', { token: admin.token })).body.data).toHaveLength(1);
  });

  test('two maturity runs on separate connection pools at once pay each investment once', async () => {
    const plan = await createPlan(t(), admin, { returns: 10, minAmount: 1 });
    await fund(t(), admin, user, 2000);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await invest(t(), user, plan, 100));
    await t().db.query("UPDATE investments SET status = 'approved', end_date = now() - interval '1 second'");
    // A second "server": its own pool on the same database.
    const second = openPostgres({ url: t().databaseUrl ?? '', poolSize: 5 });
    try {
      const [a, b, c] = await Promise.all([runMaturity(t().db), runMaturity(second), runMaturity(second)]);
      const settled = [...(a ?? []), ...(b ?? []), ...(c ?? [])];
      expect(settled.sort()).toEqual([...ids].sort());
    } finally {
      await second.close();
    }
    expect(await figures(t(), user)).toMatchObject({ usdtBal: 2000, earnings: 200 });
    const paid = await t().db.query<{ n: number }>("SELECT count(*)::int AS n FROM transfers WHERE kind = 'maturity_earnings'");
    expect(paid.rows[0]?.n).toBe(20);
  });

  test('stop racing the maturity job on one investment: principal back once', async () => {
    const plan = await createPlan(t(), admin, { returns: 10 });
    await fund(t(), admin, user, 500);
    const id = await invest(t(), user, plan, 500);
    await t().call('approveInvestment', { token: admin.token, params: { id } });
    await t().db.query("UPDATE investments SET end_date = now() - interval '1 second' WHERE id = $1", [id]);
    const [stop, settled] = await Promise.all([t().call('endInvestment', { token: admin.token, params: { id } }), runMaturity(t().db)]);
    const f = await figures(t(), user);
    expect(f.usdtBal).toBe(500);
    if (stop.status === 200) {
      expect(settled).toEqual([]);
      expect(f.earnings).toBe(0);
    } else {
      expect(stop.status).toBe(409);
      expect(settled).toEqual([id]);
      expect(f.earnings).toBe(50);
    }
  });

  test('holds and releases for one user in both directions at once never deadlock or fail', async () => {
    await fund(t(), admin, user, 1000);
    const first = await Promise.all(
      Array.from({ length: 10 }, () => t().call('createWithdrawal', { token: user.token, body: { method: 'usdt', amount: 10, to: user.uid } })),
    );
    const ids = first.map((r) => r.body.data.id);
    const mixed = await Promise.all([
      ...ids.map((id) => t().call('declineWithdrawal', { token: admin.token, params: { id } })),
      ...Array.from({ length: 10 }, () => t().call('createWithdrawal', { token: user.token, body: { method: 'usdt', amount: 10, to: user.uid } })),
    ]);
    expect(mixed.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(await figures(t(), user)).toMatchObject({ usdtBal: 900 });
  });
});
