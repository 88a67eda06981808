import { setupTestServer } from '../harness';
import { BAD_AMOUNTS, accountCents, figures, fund, setupCast } from './helpers';

// Withdrawals: the request holds the funds (available → held); approve pays out (held → custody),
// decline releases them (held → available); processing keeps them held.
const t = setupTestServer();
const { admin, user } = setupCast(t, { user: { name: 'Ann Lee' } });

const request = (body: Record<string, unknown>, token = user.token) => t().call('createWithdrawal', { token, body });
const withdraw = async (amount: number, method = 'usdt', address = 'TAddr1') => {
  const res = await request({ method, amount, to: user.uid, address });
  expect(res.status).toBe(201);
  return res.body.data.id;
};

test('POST /withdrawal holds the amount and answers with the pending withdrawal', async () => {
  await fund(t(), admin, user, 100, 'bitcoin');
  const res = await request({ method: 'bitcoin', amount: 30.5, to: user.uid, address: 'bc1qexample' });
  expect(res.status).toBe(201);
  expect(res.body.message).toBe('Withdrawal request submitted successfully.');
  expect(res.body.data).toMatchObject({ uid: user.uid, amount: 30.5, method: 'bitcoin', address: 'bc1qexample', status: 'pending', decidedAt: null, user: { name: 'Ann Lee', email: user.email } });
  expect(await figures(t(), user)).toMatchObject({ btcBal: 69.5, balance: 69.5, totalWithdrawals: 0 });
  expect(await accountCents(t(), `held:btc:${user.uid}`)).toBe(3050);
});

test('a withdrawal beyond the available balance is a 422 and leaves no request behind', async () => {
  await fund(t(), admin, user, 20);
  const res = await request({ method: 'usdt', amount: 20.01, to: user.uid });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' });
  expect((await t().call('listWithdrawals', { token: admin.token })).body.data).toEqual([]);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 20 });
});

test('each asset is its own balance: bitcoin funds do not pay an ethereum withdrawal', async () => {
  await fund(t(), admin, user, 50, 'bitcoin');
  const res = await request({ method: 'ethereum', amount: 10, to: user.uid, address: '0xabc' });
  expect(res.status).toBe(422);
});

test('bank draws from usdt and needs no address; usdt\'s address is optional', async () => {
  await fund(t(), admin, user, 100, 'usdt');
  const bank = await request({ method: 'bank', amount: 40, to: user.uid });
  expect(bank.status).toBe(201);
  expect(bank.body.data).toMatchObject({ method: 'bank', address: '' });
  const usdt = await request({ method: 'usdt', amount: 10, to: user.uid });
  expect(usdt.status).toBe(201);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 50 });
});

test('a bank withdrawal naming a wallet address is a 400 naming `address`', async () => {
  await fund(t(), admin, user, 100, 'usdt');
  const res = await request({ method: 'bank', amount: 10, to: user.uid, address: 'bc1qexample' });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: 'address: is not allowed for bank withdrawals', code: 'VALIDATION' });
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 100 });
});

test.each(['bitcoin', 'ethereum', 'solana'])('a %s withdrawal with no address typed and none saved is a 400, and holds nothing', async (method) => {
  await fund(t(), admin, user, 100, method as 'bitcoin');
  for (const address of [undefined, '', '   ']) {
    const res = await request({ method, amount: 10, to: user.uid, ...(address === undefined ? {} : { address }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Please provide a valid wallet address.', code: 'VALIDATION' });
  }
  expect((await t().call('listWithdrawals', { token: admin.token })).body.data).toEqual([]);
});

test.each([
  ['bitcoin', 'bitcoin', 'bc1qsavedpayout'],
  ['ethereum', 'ethereum', '0xSavedPayout'],
  ['solana', 'sol', 'SoLSavedPayout'],
  ['usdt', 'usdt', 'TSavedPayout'],
] as const)('the spec\'s own body { method: %s, amount, to } pays to the payout address saved in Settings', async (method, field, saved) => {
  await fund(t(), admin, user, 100, method === 'usdt' ? 'usdt' : method);
  expect((await t().call('updateProfile', { token: user.token, body: { [field]: saved } })).status).toBe(200);
  const res = await request({ method, amount: 10, to: user.uid });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ method, address: saved, status: 'pending' });
  // A typed address still wins over the saved one.
  const typed = await request({ method, amount: 5, to: user.uid, address: 'typed-address' });
  expect(typed.body.data).toMatchObject({ address: 'typed-address' });
});

test('POST /withdrawal with another user as `to` is a 403 and holds nothing', async () => {
  const other = await t().registerUser();
  await fund(t(), admin, other, 100);
  const res = await request({ method: 'usdt', amount: 10, to: other.uid });
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ message: 'You can only withdraw from your own account', code: 'FORBIDDEN' });
  expect(await figures(t(), other)).toMatchObject({ usdtBal: 100 });
});

test.each(BAD_AMOUNTS)('POST /withdrawal with an amount that is %s is a 400', async (_name, amount, message) => {
  const res = await request({ method: 'usdt', amount, to: user.uid });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message, code: 'VALIDATION' });
});

test('approve pays out from held to custody; totalWithdrawals counts it; a second approve is a 409', async () => {
  await fund(t(), admin, user, 100, 'solana');
  const id = await withdraw(60, 'solana', 'So1Addr');
  const res = await t().call('approveWithdrawal', { token: admin.token, params: { id } });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Withdrawal approved successfully.');
  expect(res.body.data.status).toBe('approved');
  expect(await figures(t(), user)).toMatchObject({ solBal: 40, totalWithdrawals: 60, totalDeposits: 100 });
  expect(await accountCents(t(), `held:sol:${user.uid}`)).toBe(0);
  expect(await accountCents(t(), 'custody:sol')).toBe(-4000);
  const again = await t().call('approveWithdrawal', { token: admin.token, params: { id } });
  expect(again.status).toBe(409);
  expect(again.body).toEqual({ message: 'Withdrawal is already approved', code: 'ILLEGAL_TRANSITION' });
  const decline = await t().call('declineWithdrawal', { token: admin.token, params: { id } });
  expect(decline.status).toBe(409);
  expect(await figures(t(), user)).toMatchObject({ solBal: 40 });
});

test('decline releases the held funds back to available, once', async () => {
  await fund(t(), admin, user, 100);
  const id = await withdraw(70);
  const res = await t().call('declineWithdrawal', { token: admin.token, params: { id } });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Withdrawal declined successfully.');
  expect(res.body.data.status).toBe('declined');
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 100, totalWithdrawals: 0 });
  const again = await t().call('declineWithdrawal', { token: admin.token, params: { id } });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe('Withdrawal is already declined');
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 100 });
});

test('processing keeps the funds held; from processing it can be approved or declined, not processed again', async () => {
  await fund(t(), admin, user, 100);
  const a = await withdraw(30);
  const b = await withdraw(20);
  const p = await t().call('processWithdrawal', { token: admin.token, params: { id: a } });
  expect(p.status).toBe(200);
  expect(p.body.message).toBe('Withdrawal processed successfully.');
  expect(p.body.data.status).toBe('processing');
  expect(await accountCents(t(), `held:usdt:${user.uid}`)).toBe(5000);
  const twice = await t().call('processWithdrawal', { token: admin.token, params: { id: a } });
  expect(twice.status).toBe(409);
  expect(twice.body.message).toBe('Withdrawal is already processing');
  expect((await t().call('approveWithdrawal', { token: admin.token, params: { id: a } })).status).toBe(200);
  await t().call('processWithdrawal', { token: admin.token, params: { id: b } });
  expect((await t().call('declineWithdrawal', { token: admin.token, params: { id: b } })).status).toBe(200);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 70, totalWithdrawals: 30 });
  const late = await t().call('processWithdrawal', { token: admin.token, params: { id: b } });
  expect(late.status).toBe(409);
  expect(late.body.message).toBe('Withdrawal is already declined');
});

test('unknown withdrawals are 404 for approve, decline and processing', async () => {
  for (const name of ['approveWithdrawal', 'declineWithdrawal', 'processWithdrawal'] as const) {
    const res = await t().call(name, { token: admin.token, params: { id: 'missing' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Withdrawal not found', code: 'NOT_FOUND' });
  }
});

test('GET /admin/withdrawals/all lists them newest first', async () => {
  await fund(t(), admin, user, 100);
  await withdraw(1);
  await withdraw(2);
  const res = await t().call('listWithdrawals', { token: admin.token });
  expect(res.body.data.map((w) => w.amount)).toEqual([2, 1]);
});
