import { runMaturity } from '../../src/jobs/maturity';
import { returnCents } from '../../src/ledger/money';
import { setupTestServer } from '../harness';
import { accountCents, createPlan, figures, fund, invest, setupCast } from './helpers';

// The maturity job: approved investments past their end date pay principal back and
// amount × returns% as earnings, exactly once. End dates are moved into the past by SQL.
const t = setupTestServer();
const { admin, user } = setupCast(t, { user: {} });

const expire = (id: string) => t().db.query("UPDATE investments SET end_date = now() - interval '1 second' WHERE id = $1", [id]);
const approve = (id: string) => t().call('approveInvestment', { token: admin.token, params: { id } });

test('returns are amount × returns% in cents, rounded half up', () => {
  expect(returnCents(10_000, 1000)).toBe(1000); // 100.00 at 10 % = 10.00
  expect(returnCents(333, 1250)).toBe(42); // 3.33 at 12.5 % = 0.41625 → 0.42
  expect(returnCents(1, 5000)).toBe(1); // 0.005 → 0.01 (half up)
  expect(returnCents(1, 4999)).toBe(0); // 0.004999 → 0.00
  expect(returnCents(99_999_999_999_999, 100_000)).toBe(999_999_999_999_990); // 1e12 USD at 1000 %: exact
});

test('a due approved investment is settled once: principal back, returns to earnings, ended matured', async () => {
  const plan = await createPlan(t(), admin, { returns: 12.5, duration: 30, minAmount: 1, maxAmount: 10_000 });
  await fund(t(), admin, user, 1000, 'ethereum');
  const id = await invest(t(), user, plan, 333.33, 'ETH');
  await approve(id);
  expect(await runMaturity(t().db)).toEqual([]); // not due yet
  await expire(id);

  expect(await runMaturity(t().db)).toEqual([id]);
  // 333.33 × 12.5 % = 41.66625 → 41.67
  expect(await figures(t(), user)).toMatchObject({ ethBal: 1000, earnings: 41.67 });
  expect(await accountCents(t(), `invested:eth:${user.uid}`)).toBe(0);
  const inv = (await t().call('getInvestments', { token: user.token })).body.data[0];
  expect(inv).toMatchObject({ status: 'ended', endedReason: 'matured', earnings: 41.67 });
  expect(inv?.endedAt).not.toBeNull();

  expect(await runMaturity(t().db)).toEqual([]);
  expect(await figures(t(), user)).toMatchObject({ ethBal: 1000, earnings: 41.67 });
  const entries = (await t().call('listEarnings', { token: admin.token })).body.data;
  expect(entries).toEqual([expect.objectContaining({ kind: 'maturity', amount: 41.67, investment_id: id, actor: 'system' })]);
  // One movement in the statement: the principal back (invested → available) and the returns.
  const statement = (await t().call('getLedger', { token: user.token, query: { kind: 'maturity_principal,maturity_earnings' } })).body.data;
  expect(statement).toHaveLength(3);
  expect(new Set(statement.map((e: { movementId: string }) => e.movementId)).size).toBe(1);
  expect(statement.map((e: { transferId: string }) => e.transferId)).toContain(statement[0]?.movementId);
});

test('pending, processing, stopped and not-yet-due investments are left alone', async () => {
  const plan = await createPlan(t(), admin);
  await fund(t(), admin, user, 5000);
  const pending = await invest(t(), user, plan, 100);
  const processing = await invest(t(), user, plan, 200);
  const stopped = await invest(t(), user, plan, 300);
  const notDue = await invest(t(), user, plan, 400);
  await t().call('processInvestment', { token: admin.token, params: { id: processing } });
  await approve(stopped);
  await t().call('endInvestment', { token: admin.token, params: { id: stopped } });
  await approve(notDue);
  for (const id of [pending, processing, stopped]) await expire(id);
  expect(await runMaturity(t().db)).toEqual([]);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 5000 - 100 - 200 - 400, earnings: 0 });
});

test('a processing investment past its end date matures once it is approved again', async () => {
  const plan = await createPlan(t(), admin, { returns: 10 });
  await fund(t(), admin, user, 1000);
  const id = await invest(t(), user, plan, 1000);
  await t().call('processInvestment', { token: admin.token, params: { id } });
  await expire(id);
  expect(await runMaturity(t().db)).toEqual([]);
  await approve(id);
  expect(await runMaturity(t().db)).toEqual([id]);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 1000, earnings: 100 });
});

test('a plan with 0 % returns gives the principal back and no earnings transfer', async () => {
  const plan = await createPlan(t(), admin, { returns: 0 });
  await fund(t(), admin, user, 500);
  const id = await invest(t(), user, plan, 500);
  await approve(id);
  await expire(id);
  expect(await runMaturity(t().db)).toEqual([id]);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 500, earnings: 0 });
  expect((await t().db.query("SELECT 1 FROM transfers WHERE kind = 'maturity_earnings'")).rows).toEqual([]);
});

test('stop after maturity is a 409: the investment already ended', async () => {
  const plan = await createPlan(t(), admin);
  await fund(t(), admin, user, 500);
  const id = await invest(t(), user, plan, 500);
  await approve(id);
  await expire(id);
  await runMaturity(t().db);
  const res = await t().call('endInvestment', { token: admin.token, params: { id } });
  expect(res.status).toBe(409);
  expect(res.body.message).toBe('Investment is already ended');
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 500, earnings: 50 });
});

test('many due investments of many users settle in one run', async () => {
  const plan = await createPlan(t(), admin, { returns: 1 });
  const other = await t().registerUser();
  await fund(t(), admin, user, 1000);
  await fund(t(), admin, other, 1000);
  const ids: string[] = [];
  for (const u of [user, other]) for (let i = 0; i < 3; i++) ids.push(await invest(t(), u, plan, 100));
  for (const id of ids) {
    await approve(id);
    await expire(id);
  }
  expect((await runMaturity(t().db)).sort()).toEqual([...ids].sort());
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 1000, earnings: 3 });
  expect(await figures(t(), other)).toMatchObject({ usdtBal: 1000, earnings: 3 });
});
