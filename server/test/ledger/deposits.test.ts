import { setupTestServer } from '../harness';
import { BAD_AMOUNTS, accountCents, figures, fund, setupCast } from './helpers';

// Deposits: created pending (nothing moves); an admin approves (custody → available) or declines.
const t = setupTestServer();
const { admin, user } = setupCast(t, { user: { name: 'Ann Lee' } });

const create = (body: Record<string, unknown>, token = user.token, headers: Record<string, string> = {}) =>
  t().call('createDeposit', { token, body, headers });

test('POST /deposit creates a pending deposit and moves no money', async () => {
  const res = await create({ method: 'bitcoin', amount: 250.5, from: user.uid });
  expect(res.status).toBe(201);
  expect(res.body.message).toBe('Deposit initiated successfully!');
  expect(res.body.data).toMatchObject({
    uid: user.uid, amount: 250.5, method: 'bitcoin', status: 'pending', decidedAt: null, user: { name: 'Ann Lee', email: user.email },
  });
  expect(await figures(t(), user)).toMatchObject({ balance: 0, btcBal: 0, totalDeposits: 0 });
  expect((await t().db.query('SELECT 1 FROM transfers')).rows).toEqual([]);
});

test('POST /deposit with another user as `from` is refused with 403', async () => {
  const other = await t().registerUser();
  const res = await create({ method: 'usdt', amount: 10, from: other.uid });
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ message: 'You can only deposit into your own account', code: 'FORBIDDEN' });
});

test.each(BAD_AMOUNTS)('POST /deposit with an amount that is %s is a 400', async (_name, amount, message) => {
  const res = await create({ method: 'usdt', amount, from: user.uid });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message, code: 'VALIDATION' });
});

test('POST /deposit with an unknown method is a 400 naming the field', async () => {
  const res = await create({ method: 'bank', amount: 10, from: user.uid });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('method: must be one of bitcoin, ethereum, solana, usdt');
});

test('approving credits the method\'s asset from custody, once; the figures follow', async () => {
  const dep = await create({ method: 'ethereum', amount: 120.25, from: user.uid });
  const res = await t().call('approveDeposit', { token: admin.token, params: { id: dep.body.data.id, method: 'ethereum' } });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Deposit approved successfully.');
  expect(res.body.data).toMatchObject({ status: 'approved', method: 'ethereum', amount: 120.25 });
  expect(res.body.data.decidedAt).not.toBeNull();
  expect(await figures(t(), user)).toEqual({
    balance: 120.25, btcBal: 0, usdtBal: 0, ethBal: 120.25, solBal: 0, earnings: 0, totalDeposits: 120.25, totalWithdrawals: 0,
  });
  expect(await accountCents(t(), 'custody:eth')).toBe(-12025);
  const transfers = await t().db.query('SELECT debit_account, credit_account, amount_cents, kind, actor, ref_type, ref_id FROM transfers');
  expect(transfers.rows).toEqual([
    { debit_account: 'custody:eth', credit_account: `available:eth:${user.uid}`, amount_cents: '12025', kind: 'deposit', actor: admin.uid, ref_type: 'deposit', ref_id: dep.body.data.id },
  ]);
});

test('the admin approves with the method actually received: that asset is credited', async () => {
  const dep = await create({ method: 'bitcoin', amount: 50, from: user.uid });
  const res = await t().call('approveDeposit', { token: admin.token, params: { id: dep.body.data.id, method: 'solana' } });
  expect(res.body.data.method).toBe('solana');
  expect(await figures(t(), user)).toMatchObject({ btcBal: 0, solBal: 50, balance: 50 });
});

test('approving twice is a 409 and credits once; declining an approved deposit is a 409', async () => {
  const id = await fund(t(), admin, user, 40);
  const again = await t().call('approveDeposit', { token: admin.token, params: { id, method: 'usdt' } });
  expect(again.status).toBe(409);
  expect(again.body).toEqual({ message: 'Deposit is already approved', code: 'ILLEGAL_TRANSITION' });
  const decline = await t().call('declineDeposit', { token: admin.token, params: { id } });
  expect(decline.status).toBe(409);
  expect(decline.body.message).toBe('Deposit is already approved');
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 40, totalDeposits: 40 });
});

test('declining moves nothing and cannot be approved afterwards', async () => {
  const dep = await create({ method: 'usdt', amount: 75, from: user.uid });
  const id = dep.body.data.id;
  const res = await t().call('declineDeposit', { token: admin.token, params: { id } });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Deposit declined successfully.');
  expect(res.body.data.status).toBe('declined');
  const approve = await t().call('approveDeposit', { token: admin.token, params: { id, method: 'usdt' } });
  expect(approve.status).toBe(409);
  expect(approve.body.message).toBe('Deposit is already declined');
  expect(await figures(t(), user)).toMatchObject({ balance: 0, totalDeposits: 0 });
});

test('approving or declining an unknown deposit is a 404', async () => {
  const a = await t().call('approveDeposit', { token: admin.token, params: { id: 'no-such-id', method: 'usdt' } });
  expect(a.status).toBe(404);
  expect(a.body).toEqual({ message: 'Deposit not found', code: 'NOT_FOUND' });
  const d = await t().call('declineDeposit', { token: admin.token, params: { id: '00000000-0000-0000-0000-000000000000' } });
  expect(d.status).toBe(404);
});

test('approving with a method outside the list is a 400', async () => {
  const dep = await create({ method: 'usdt', amount: 5, from: user.uid });
  const res = await t().request('PATCH', `/admin/deposits/${dep.body.data.id}/bank/approve`, { token: admin.token });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ message: 'method: must be one of bitcoin, ethereum, solana, usdt' });
});

test('an investor cannot approve their own deposit (403)', async () => {
  const dep = await create({ method: 'usdt', amount: 5, from: user.uid });
  const res = await t().call('approveDeposit', { token: user.token, params: { id: dep.body.data.id, method: 'usdt' } });
  expect(res.status).toBe(403);
  expect(await figures(t(), user)).toMatchObject({ balance: 0 });
});

test('GET /admin/deposits/all lists every deposit, newest first, with the user', async () => {
  const other = await t().registerUser({ name: 'Bo Chen' });
  await create({ method: 'usdt', amount: 1, from: user.uid });
  await fund(t(), admin, other, 2, 'bitcoin');
  const res = await t().call('listDeposits', { token: admin.token });
  expect(res.status).toBe(200);
  expect(res.body.data.map((d) => [d.user.name, d.amount, d.status])).toEqual([
    ['Bo Chen', 2, 'approved'],
    ['Ann Lee', 1, 'pending'],
  ]);
});
