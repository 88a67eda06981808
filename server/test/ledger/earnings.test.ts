import { setupTestServer } from '../harness';
import { BAD_AMOUNTS, accountCents, createPlan, figures, fund, invest, setupCast } from './helpers';

// Earnings: admin credit (returns → earnings, USD) and deduct (earnings → returns, never below 0),
// each naming a real investment of that user and its plan.
const t = setupTestServer();
const { admin, user } = setupCast(t, { user: { name: 'Ann Lee' } });
let plan: string;
let inv: string;
beforeEach(async () => {
  plan = await createPlan(t(), admin);
  await fund(t(), admin, user, 1000);
  inv = await invest(t(), user, plan, 500);
});

const credit = (body: Record<string, unknown>, uid = user.uid) => t().call('creditEarnings', { token: admin.token, params: { uid }, body });
const deduct = (body: Record<string, unknown>, uid = user.uid) => t().call('deductEarnings', { token: admin.token, params: { uid }, body });

test('crediting moves USD from the returns account to the user\'s earnings and is listed', async () => {
  const res = await credit({ amount: 42.5, plan_id: plan, investment_id: inv, reason: 'Bonus' });
  expect(res.status).toBe(201);
  expect(res.body.message).toBe('Earnings credited successfully!');
  expect(res.body.data).toMatchObject({
    uid: user.uid, user: { name: 'Ann Lee', email: user.email }, kind: 'credit', amount: 42.5, investment_id: inv, plan_id: plan, reason: 'Bonus', actor: admin.uid,
  });
  expect(await figures(t(), user)).toMatchObject({ earnings: 42.5, balance: 500 });
  expect(await accountCents(t(), 'returns:usd')).toBe(-4250);
  const listed = await t().call('listEarnings', { token: admin.token });
  expect(listed.body.data).toEqual([res.body.data]);
  const mine = (await t().call('getInvestments', { token: user.token })).body.data[0];
  expect(mine).toMatchObject({ earnings: 42.5, earningBalance: 42.5 });
});

test('deducting takes earnings back; below zero is a 422 and moves nothing', async () => {
  await credit({ amount: 30, plan_id: plan, investment_id: inv });
  const res = await deduct({ amount: 10.25, plan_id: plan, investment_id: inv });
  expect(res.status).toBe(201);
  expect(res.body.message).toBe('Earnings deducted successfully!');
  expect(res.body.data).toMatchObject({ kind: 'deduct', amount: -10.25, reason: 'Earnings deducted by admin' });
  expect(await figures(t(), user)).toMatchObject({ earnings: 19.75 });
  const tooMuch = await deduct({ amount: 19.76, plan_id: plan, investment_id: inv });
  expect(tooMuch.status).toBe(422);
  expect(tooMuch.body).toEqual({ message: 'Insufficient earnings: this investment has 19.75 USD of earnings and a deduction cannot take it below zero', code: 'INSUFFICIENT_EARNINGS' });
  expect(await figures(t(), user)).toMatchObject({ earnings: 19.75 });
  expect((await deduct({ amount: 19.75, plan_id: plan, investment_id: inv })).status).toBe(201);
  expect(await figures(t(), user)).toMatchObject({ earnings: 0 });
  const kinds = (await t().call('listEarnings', { token: admin.token })).body.data.map((e) => [e.kind, e.amount]);
  expect(kinds).toEqual([['deduct', -19.75], ['deduct', -10.25], ['credit', 30]]);
});

test('deducting from a user with no earnings at all is a 422', async () => {
  const res = await deduct({ amount: 1, plan_id: plan, investment_id: inv });
  expect(res.status).toBe(422);
});

test('a deduction is checked against its own investment: another investment\'s earnings do not cover it', async () => {
  const second = await invest(t(), user, plan, 100);
  await credit({ amount: 50, plan_id: plan, investment_id: inv });
  await credit({ amount: 10, plan_id: plan, investment_id: second });
  const res = await deduct({ amount: 40, plan_id: plan, investment_id: second });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ message: 'Insufficient earnings: this investment has 10.00 USD of earnings and a deduction cannot take it below zero', code: 'INSUFFICIENT_EARNINGS' });
  expect(await figures(t(), user)).toMatchObject({ earnings: 60 });
  expect((await deduct({ amount: 10, plan_id: plan, investment_id: second })).status).toBe(201);
  const mine = (await t().call('getInvestments', { token: user.token })).body.data;
  expect(Object.fromEntries(mine.map((i) => [i.id, i.earnings]))).toEqual({ [inv]: 50, [second]: 0 });
});

test('an investment that is not this user\'s, or unknown, is a 404; a plan_id that does not match is a 422', async () => {
  const other = await t().registerUser();
  const unknown = await credit({ amount: 5, plan_id: plan, investment_id: 'nope' });
  expect(unknown.status).toBe(404);
  expect(unknown.body).toEqual({ message: 'Investment not found for this user', code: 'NOT_FOUND' });
  const wrongUser = await credit({ amount: 5, plan_id: plan, investment_id: inv }, other.uid);
  expect(wrongUser.status).toBe(404);
  const unknownUser = await deduct({ amount: 5, plan_id: plan, investment_id: inv }, 'ghost');
  expect(unknownUser.status).toBe(404);
  const otherPlan = await createPlan(t(), admin, { name: 'Other' });
  const mismatch = await credit({ amount: 5, plan_id: otherPlan, investment_id: inv });
  expect(mismatch.status).toBe(422);
  expect(mismatch.body).toEqual({ message: 'plan_id does not match the investment', code: 'PLAN_MISMATCH' });
  expect(await figures(t(), user)).toMatchObject({ earnings: 0 });
});

test.each(BAD_AMOUNTS)('crediting or deducting an amount that is %s is a 400', async (_name, amount, message) => {
  for (const res of [await credit({ amount, plan_id: plan, investment_id: inv }), await deduct({ amount, plan_id: plan, investment_id: inv })]) {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'VALIDATION' });
  }
});

test('investors cannot credit themselves (403)', async () => {
  const res = await t().call('creditEarnings', { token: user.token, params: { uid: user.uid }, body: { amount: 5, plan_id: plan, investment_id: inv } });
  expect(res.status).toBe(403);
  expect(await figures(t(), user)).toMatchObject({ earnings: 0 });
});
