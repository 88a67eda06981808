import { setupTestServer } from '../harness';
import { figures, fund, setupCast } from '../ledger/helpers';

// Request spam (issue 15, item 10): open requests per user and the largest single request.
const t = setupTestServer();
const { admin, ann, bob } = setupCast(t, { ann: {}, bob: {} });
let saved: { maxPendingDeposits: number; maxPendingWithdrawals: number; maxDepositUsd: number; maxWithdrawalUsd: number };
beforeAll(() => {
  saved = { ...t().config.requestLimits };
});
afterEach(() => {
  // The config is live: put back what a test changed.
  t().config.requestLimits = { ...saved };
});

const deposit = (user: { uid: string; token: string }, amount = 10) =>
  t().call('createDeposit', { token: user.token, body: { method: 'bitcoin', amount, from: user.uid } });
const withdraw = (user: { uid: string; token: string }, amount = 1) =>
  t().call('createWithdrawal', { token: user.token, body: { method: 'usdt', amount, to: user.uid } });
const countRows = async (table: 'deposits' | 'withdrawals', uid: string) =>
  (await t().db.query(`SELECT 1 FROM ${table} WHERE uid = $1`, [uid])).rows.length;

test('the defaults: 5 open deposits, 5 open withdrawals, 1,000,000 USD per request', () => {
  expect(saved).toEqual({ maxPendingDeposits: 5, maxPendingWithdrawals: 5, maxDepositUsd: 1_000_000, maxWithdrawalUsd: 1_000_000 });
});

test('a sixth pending deposit is 422 TOO_MANY_PENDING; another user is not affected', async () => {
  for (let i = 0; i < 5; i++) expect((await deposit(ann)).status).toBe(201);
  const sixth = await deposit(ann);
  expect(sixth.status).toBe(422);
  expect(sixth.body).toEqual({
    message: 'You have 5 pending deposit requests (at most 5 at a time); wait for them to be reviewed before making another',
    code: 'TOO_MANY_PENDING',
  });
  expect(await countRows('deposits', ann.uid)).toBe(5);
  expect((await deposit(bob)).status).toBe(201);
});

test('after an approval or a decline the pending count drops and a new deposit passes', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await deposit(ann)).body.data.id);
  expect((await deposit(ann)).status).toBe(422);
  expect((await t().call('approveDeposit', { token: admin.token, params: { id: ids[0] ?? '', method: 'bitcoin' } })).status).toBe(200);
  expect((await deposit(ann)).status).toBe(201);
  expect((await deposit(ann)).status).toBe(422);
  expect((await t().call('declineDeposit', { token: admin.token, params: { id: ids[1] ?? '' } })).status).toBe(200);
  expect((await deposit(ann)).status).toBe(201);
  expect(await countRows('deposits', ann.uid)).toBe(7);
});

test('withdrawals: pending and processing ones count; a refused request holds no money; a decision frees a place', async () => {
  await fund(t(), admin, ann, 100);
  t().config.requestLimits.maxPendingWithdrawals = 2;
  const first = (await withdraw(ann)).body.data.id;
  expect((await t().call('processWithdrawal', { token: admin.token, params: { id: first } })).status).toBe(200);
  expect((await withdraw(ann)).status).toBe(201);
  const third = await withdraw(ann);
  expect(third.status).toBe(422);
  expect(third.body).toEqual({
    message: 'You have 2 pending withdrawal requests (at most 2 at a time); wait for them to be reviewed before making another',
    code: 'TOO_MANY_PENDING',
  });
  expect(await figures(t(), ann)).toMatchObject({ usdtBal: 98 });
  expect((await t().call('approveWithdrawal', { token: admin.token, params: { id: first } })).status).toBe(200);
  expect((await withdraw(ann)).status).toBe(201);
  expect(await countRows('withdrawals', ann.uid)).toBe(3);
});

test('a deposit above MAX_DEPOSIT_USD is 422 AMOUNT_ABOVE_MAXIMUM naming amount and the maximum; the maximum itself passes', async () => {
  const over = await deposit(ann, 1_000_000.01);
  expect(over.status).toBe(422);
  expect(over.body).toEqual({ message: 'amount: 1000000.01 USD is above the maximum of 1000000 USD per deposit request', code: 'AMOUNT_ABOVE_MAXIMUM' });
  // The report: a 1e12 deposit request.
  expect((await deposit(ann, 1e12)).body.code).toBe('AMOUNT_ABOVE_MAXIMUM');
  expect(await countRows('deposits', ann.uid)).toBe(0);
  expect((await deposit(ann, 1_000_000)).status).toBe(201);
});

test('a withdrawal above MAX_WITHDRAWAL_USD is 422 AMOUNT_ABOVE_MAXIMUM and holds nothing', async () => {
  await fund(t(), admin, ann, 100);
  t().config.requestLimits.maxWithdrawalUsd = 50;
  const over = await withdraw(ann, 50.5);
  expect(over.status).toBe(422);
  expect(over.body).toEqual({ message: 'amount: 50.5 USD is above the maximum of 50 USD per withdrawal request', code: 'AMOUNT_ABOVE_MAXIMUM' });
  expect(await figures(t(), ann)).toMatchObject({ usdtBal: 100 });
  expect((await withdraw(ann, 50)).status).toBe(201);
});

test('a refused request replays its refusal for the same Idempotency-Key; a new key passes once there is room', async () => {
  t().config.requestLimits.maxPendingDeposits = 1;
  const id = (await deposit(ann)).body.data.id;
  const body = { method: 'bitcoin' as const, amount: 10, from: ann.uid };
  const refused = await t().call('createDeposit', { token: ann.token, body, idempotencyKey: 'k-1' });
  expect(refused.body.code).toBe('TOO_MANY_PENDING');
  await t().call('declineDeposit', { token: admin.token, params: { id } });
  expect((await t().call('createDeposit', { token: ann.token, body, idempotencyKey: 'k-1' })).body.code).toBe('TOO_MANY_PENDING');
  expect((await t().call('createDeposit', { token: ann.token, body, idempotencyKey: 'k-2' })).status).toBe(201);
});
