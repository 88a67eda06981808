import { portfolioHistory } from '../../src/services/portfolio';
import { setupTestServer } from '../harness';
import { createPlan, fund, invest, setupCast } from './helpers';

// The dashboard's portfolio chart (issue 13 item 2): the value of the investor's accounts over
// time, from the ledger, with deposits and payouts marked.
const t = setupTestServer();
const { admin, ann, bo } = setupCast(t, { ann: {}, bo: {} });

/** Deposit 1000, a 100 payout, 400 invested (moves between her own accounts), 5 earnings: 905 in all. */
async function history() {
  await fund(t(), admin, ann, 1000);
  const w = await t().call('createWithdrawal', { token: ann.token, body: { method: 'bank', amount: 100, to: ann.uid } });
  expect((await t().call('approveWithdrawal', { token: admin.token, params: { id: w.body.data.id } })).status).toBe(200);
  const plan = await createPlan(t(), admin);
  const inv = await invest(t(), ann, plan, 400);
  await t().call('approveInvestment', { token: admin.token, params: { id: inv } });
  expect((await t().call('creditEarnings', { token: admin.token, params: { uid: ann.uid }, body: { amount: 5, plan_id: plan, investment_id: inv } })).status).toBe(201);
}

test('30 days: 0 until the money came, the total after it, and the deposit and payout marked', async () => {
  await history();
  const res = await t().call('getPortfolioHistory', { token: ann.token, query: { range: '30d' } });
  expect(res.status).toBe(200);
  const { points, events } = res.body.data;
  expect(points.length).toBe(31);
  expect(points[0]?.value).toBe(0);
  expect(points.at(-1)?.value).toBe(905);
  expect(Date.parse(points.at(-1)?.at ?? '') - Date.parse(points[0]?.at ?? '')).toBeGreaterThanOrEqual(30 * 24 * 3600 * 1000 - 1000);
  expect(events.map((e) => [e.kind, e.amount])).toEqual([['deposit', 1000], ['withdrawal', 100]]);
  // Another investor's chart is their own: empty.
  const bos = (await t().call('getPortfolioHistory', { token: bo.token, query: { range: '7d' } })).body.data;
  expect(bos.points.every((p) => p.value === 0)).toBe(true);
  expect(bos.events).toEqual([]);
});

test('a range that starts after the movements opens at their sum (one sum, not the history); "all" starts at the first one', async () => {
  await history();
  const later = new Date(Date.now() + 10 * 24 * 3600 * 1000);
  const week = await portfolioHistory(t().db, ann.uid, '7d', later);
  expect(week.points.length).toBe(29);
  expect(new Set(week.points.map((p) => p.value))).toEqual(new Set([905]));
  expect(week.events).toEqual([]);
  const all = (await t().call('getPortfolioHistory', { token: ann.token, query: { range: 'all' } })).body.data;
  expect(all.points[0]?.value).toBeGreaterThan(0); // the first point is the first deposit's moment
  expect(all.points.at(-1)?.value).toBe(905);
  expect((await t().call('getPortfolioHistory', { token: ann.token })).body.data.range).toBe('30d');
});

test('a bad range is a 400 naming it; the chart is the investor\'s own', async () => {
  const bad = await t().call('getPortfolioHistory', { token: ann.token, query: { range: '5y' as '7d' } });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/range/);
  expect((await t().call('getPortfolioHistory')).status).toBe(401);
  expect((await t().call('getPortfolioHistory', { token: admin.token })).status).toBe(403);
});

test('the profile\'s portfolio is everything the investor owns: its parts add up to the chart\'s value now, and investing or a withdrawal request does not lower it', async () => {
  await history();
  const parts = async () => (await t().call('getProfile', { token: ann.token })).body.data.portfolio;
  // 1000 in, 100 paid out, 400 invested, 5 earned.
  expect(await parts()).toEqual({ available: 500, held: 0, invested: 400, earnings: 5, total: 905 });
  // A request holds its amount: still owned until it is paid out.
  const w = await t().call('createWithdrawal', { token: ann.token, body: { method: 'bank', amount: 50, to: ann.uid } });
  expect(w.status).toBe(201);
  const now = await parts();
  expect(now).toEqual({ available: 450, held: 50, invested: 400, earnings: 5, total: 905 });
  const chart = (await t().call('getPortfolioHistory', { token: ann.token, query: { range: '7d' } })).body.data;
  expect(chart.points.at(-1)?.value).toBe(now?.total);
  // The spec's balance stays what is available.
  expect((await t().call('getProfile', { token: ann.token })).body.data.balance).toBe(450);
  // An admin's users list carries it too.
  const row = (await t().call('listUsers', { token: admin.token, query: { q: ann.email } })).body.data.find((u: { uid: string }) => u.uid === ann.uid);
  expect(row?.portfolio?.total).toBe(905);
});
