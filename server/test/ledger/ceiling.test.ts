import { setupTestServer } from '../harness';
import { accountCents, createPlan, figures, fund, invest, setupCast } from './helpers';

// Issue 15 item 6: individually legal amounts may never add up past what the API can represent
// (JS numbers are exact below 2^53). Money that enters from a platform account is capped at
// 2^49 cents: the transfer that would pass it is a 422 and every read stays 200.
const t = setupTestServer();
const { admin, ann } = setupCast(t, { ann: { name: 'Ann Lee' } });
let plan: string;
let inv: string;
beforeEach(async () => {
  plan = await createPlan(t(), admin);
  await fund(t(), admin, ann, 1000);
  inv = await invest(t(), ann, plan, 500);
});

const MAX = 1e12;
/** 2^49 cents, stated here as the rule rather than imported, so the test checks the server's number. */
const CEILING_CENTS = 2 ** 49;
const credit = (amount: number) =>
  t().call('creditEarnings', { token: admin.token, params: { uid: ann.uid }, body: { amount, plan_id: plan, investment_id: inv } });
const LIMIT = {
  message: 'Limit exceeded: this would take the money that entered the platform past 5629499534213.12 USD, the most its totals can show exactly',
  code: 'LIMIT_EXCEEDED',
};

/** Every read that sums money answers 200; returns what they say about Ann's earnings. */
async function reads() {
  const profile = await t().call('getProfile', { token: ann.token });
  const login = await t().call('login', { body: { email: ann.email, password: ann.password } });
  const users = await t().call('listUsers', { token: admin.token });
  const solvency = await t().call('solvency', { token: admin.token });
  const investments = await t().call('listInvestments', { token: admin.token });
  expect([profile.status, login.status, users.status, solvency.status, investments.status]).toEqual([200, 200, 200, 200, 200]);
  return {
    profile: profile.body.data.earnings,
    login: 'earnings' in login.body.data ? login.body.data.earnings : undefined,
    users: users.body.data.find((u) => u.uid === ann.uid)?.earnings,
    solvency: solvency.body.data.earningsOwed,
    investment: investments.body.data.find((i) => i.id === inv)?.earnings,
  };
}
const everywhere = (earnings: number) => ({ profile: earnings, login: earnings, users: earnings, solvency: earnings, investment: earnings });

test("the issue's 91 credits of 1e12: from the sixth on 422 LIMIT_EXCEEDED, and every read stays 200 and exact", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 91; i++) {
    const res = await credit(MAX);
    statuses.push(res.status);
    if (res.status === 422) expect(res.body).toEqual(LIMIT);
  }
  // 1000 USD of deposits plus five credits of 1e12 fit under 2^49 cents; a sixth does not.
  expect(statuses).toEqual([...Array(5).fill(201), ...Array(86).fill(422)]);
  expect(await reads()).toEqual(everywhere(5 * MAX));
  expect(await figures(t(), ann)).toMatchObject({ balance: 500, totalDeposits: 1000 });
  expect(await accountCents(t(), 'returns:usd')).toBe(-5 * MAX * 100);
});

test('the ceiling is exact: reaching it is allowed, one cent more is refused and moves nothing, a deduction makes no room', async () => {
  for (let i = 0; i < 5; i++) expect((await credit(MAX)).status).toBe(201);
  // What is left up to the ceiling after the 1000 USD deposit and the five credits, in USD.
  const leftCents = CEILING_CENTS - 1000 * 100 - 5 * MAX * 100;
  const full = await credit(leftCents / 100);
  expect(full.status).toBe(201);
  const earned = (5 * MAX * 100 + leftCents) / 100;
  expect(earned).toBe(5629499533213.12);
  expect(await reads()).toEqual(everywhere(earned));

  const cent = await credit(0.01);
  expect(cent.status).toBe(422);
  expect(cent.body).toEqual(LIMIT);
  expect(await accountCents(t(), `earnings:usd:${ann.uid}`)).toBe(earned * 100);

  // A deposit approval is inflow too: refused, and the deposit stays pending.
  const dep = await t().call('createDeposit', { token: ann.token, body: { method: 'bitcoin', amount: 1, from: ann.uid } });
  const approve = await t().call('approveDeposit', { token: admin.token, params: { id: dep.body.data.id, method: 'bitcoin' } });
  expect(approve.status).toBe(422);
  expect(approve.body).toEqual(LIMIT);
  const deposits = (await t().call('listDeposits', { token: admin.token })).body.data;
  expect(deposits.find((d) => d.id === dep.body.data.id)?.status).toBe('pending');

  // The counter is gross: money leaving does not let more in.
  const deduct = await t().call('deductEarnings', { token: admin.token, params: { uid: ann.uid }, body: { amount: 1, plan_id: plan, investment_id: inv } });
  expect(deduct.status).toBe(201);
  expect((await credit(0.01)).status).toBe(422);
  expect(await reads()).toEqual(everywhere(earned - 1));
  const solvency = (await t().call('solvency', { token: admin.token })).body.data;
  expect(solvency).toMatchObject({ returnsPaid: earned - 1, totalOwed: earned - 1 + 1000, totalCustody: 1000 });
});
