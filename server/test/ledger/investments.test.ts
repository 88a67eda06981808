import { setupTestServer } from '../harness';
import { BAD_AMOUNTS, accountCents, createPlan, figures, fund, invest, setupCast } from './helpers';

// Investments: request (available → invested, pending), approve, processing, stop (principal back).
const t = setupTestServer();
const { admin, user } = setupCast(t, { user: { name: 'Ann Lee' } });
let plan: string;
beforeEach(async () => {
  plan = await createPlan(t(), admin, { name: 'Gold', minAmount: 100, maxAmount: 5000, returns: 10, duration: 30 });
});

const request = (body: Record<string, unknown>, token = user.token) => t().call('createInvestment', { token, body });
const act = (name: 'approveInvestment' | 'processInvestment' | 'endInvestment', id: string) => t().call(name, { token: admin.token, params: { id } });

test('POST /investment locks the amount and answers with the pending investment and its terms', async () => {
  await fund(t(), admin, user, 1000, 'bitcoin');
  const res = await request({ plan_id: plan, amount: 250, method: 'BTC' });
  expect(res.status).toBe(201);
  expect(res.body.message).toBe('Investment successful!');
  const inv = res.body.data;
  expect(inv).toMatchObject({
    uid: user.uid, plan_id: plan, plan_name: 'Gold', name: 'Ann Lee', email: user.email, amount: 250, plan_price: 250,
    method: 'BTC', asset: 'btc', status: 'pending', duration: 30, returns: 10, endedReason: null, endedAt: null, earnings: 0, earningBalance: 0,
  });
  // End date = creation + duration days (spec 9).
  expect(Date.parse(inv.endDate) - Date.parse(inv.createdAt)).toBe(30 * 86_400_000);
  expect(await figures(t(), user)).toMatchObject({ btcBal: 750, balance: 750 });
  expect(await accountCents(t(), `invested:btc:${user.uid}`)).toBe(25_000);
});

test('an amount outside the plan\'s range is a 422 with the spec\'s message', async () => {
  await fund(t(), admin, user, 10_000);
  for (const amount of [99.99, 5000.01]) {
    const res = await request({ plan_id: plan, amount, method: 'USDT' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'Amount must be between 100 and 5000.', code: 'AMOUNT_OUT_OF_RANGE' });
  }
  expect((await request({ plan_id: plan, amount: 100, method: 'USDT' })).status).toBe(201);
  expect((await request({ plan_id: plan, amount: 5000, method: 'USDT' })).status).toBe(201);
});

test('not enough in the method\'s asset is a 422 and creates no investment', async () => {
  await fund(t(), admin, user, 150, 'ethereum');
  const res = await request({ plan_id: plan, amount: 150, method: 'USDT' });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' });
  expect((await t().call('getInvestments', { token: user.token })).body.data).toEqual([]);
});

test('a plan private to someone else, deleted, or unknown is a 404', async () => {
  await fund(t(), admin, user, 1000);
  const other = await t().registerUser();
  const theirs = await createPlan(t(), admin, { uid: other.uid });
  const mine = await createPlan(t(), admin, { uid: user.uid });
  const deleted = await createPlan(t(), admin);
  await t().call('deletePlan', { token: admin.token, params: { id: deleted } });
  for (const id of [theirs, deleted, 'nope']) {
    const res = await request({ plan_id: id, amount: 200, method: 'USDT' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Plan not found', code: 'NOT_FOUND' });
  }
  expect((await request({ plan_id: mine, amount: 200, method: 'USDT' })).status).toBe(201);
});

test.each(BAD_AMOUNTS)('POST /investment with an amount that is %s is a 400', async (_name, amount, message) => {
  const res = await request({ plan_id: plan, amount, method: 'USDT' });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message, code: 'VALIDATION' });
});

test('POST /investment with a lowercase method is a 400', async () => {
  const res = await request({ plan_id: plan, amount: 100, method: 'usdt' });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('method: must be one of BTC, USDT, ETH, SOL');
});

test('pending → approved → processing → approved → stopped: principal back once, illegal steps are 409', async () => {
  await fund(t(), admin, user, 1000);
  const id = await invest(t(), user, plan, 400);

  const stopPending = await act('endInvestment', id);
  expect(stopPending.status).toBe(409);
  expect(stopPending.body).toEqual({ message: 'Investment is pending and cannot be stopped', code: 'ILLEGAL_TRANSITION' });

  const approve = await act('approveInvestment', id);
  expect(approve.status).toBe(200);
  expect(approve.body.message).toBe('Investment approved successfully.');
  expect(approve.body.data.status).toBe('approved');
  expect((await act('approveInvestment', id)).body.message).toBe('Investment is already approved');

  const processing = await act('processInvestment', id);
  expect(processing.status).toBe(200);
  expect(processing.body.message).toBe('Investment processed successfully.');
  expect(processing.body.data.status).toBe('processing');
  expect((await act('endInvestment', id)).body.message).toBe('Investment is processing and cannot be stopped');
  expect((await act('processInvestment', id)).body.message).toBe('Investment is already processing');
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 600 });

  expect((await act('approveInvestment', id)).status).toBe(200);
  const stop = await act('endInvestment', id);
  expect(stop.status).toBe(200);
  expect(stop.body.message).toBe('Investment stopped successfully.');
  expect(stop.body.data).toMatchObject({ status: 'ended', endedReason: 'stopped', earnings: 0 });
  expect(stop.body.data.endedAt).not.toBeNull();
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 1000, earnings: 0 });
  expect(await accountCents(t(), `invested:usdt:${user.uid}`)).toBe(0);

  for (const name of ['endInvestment', 'approveInvestment', 'processInvestment'] as const) {
    const res = await act(name, id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Investment is already ended');
  }
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 1000 });
});

test('unknown investments are 404 for approve, processing and end', async () => {
  for (const name of ['approveInvestment', 'processInvestment', 'endInvestment'] as const) {
    const res = await act(name, 'missing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Investment not found', code: 'NOT_FOUND' });
  }
});

test('GET /investment/all is the caller\'s; GET /admin/investments/all filters by status', async () => {
  const other = await t().registerUser();
  await fund(t(), admin, user, 1000);
  await fund(t(), admin, other, 1000);
  const a = await invest(t(), user, plan, 100);
  const b = await invest(t(), user, plan, 200);
  const c = await invest(t(), other, plan, 300);
  await act('approveInvestment', b);
  await act('approveInvestment', c);
  const mine = (await t().call('getInvestments', { token: user.token })).body.data.map((i) => i.id);
  expect(mine).toEqual([b, a]);
  const approved = (await t().call('listInvestments', { token: admin.token, query: { status: 'approved' } })).body.data.map((i) => i.id);
  expect(approved).toEqual([c, b]);
  const all = (await t().call('listInvestments', { token: admin.token })).body.data.map((i) => i.id);
  expect(all).toEqual([c, b, a]);
  const bad = await t().request('GET', '/admin/investments/all?status=active', { token: admin.token });
  expect(bad.status).toBe(400);
});
