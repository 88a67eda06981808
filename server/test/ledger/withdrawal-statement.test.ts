import { setupTestServer } from '../harness';
import { accountCents, figures, fund, setupCast } from './helpers';

// Without a mail transport (the outbox only, as the product runs by default), a withdrawal request
// is one statement: withdrawal_request (migration 018) takes the Idempotency-Key, counts the open
// requests, files the withdrawal, holds its funds, records its alert and stores its answer. The
// harness's other files run with a transport, where the same call sits in a transaction with the
// mail's delivery job.
const t = setupTestServer({ requestLimits: { maxPendingDeposits: 20, maxPendingWithdrawals: 2, maxDepositUsd: 1_000_000, maxWithdrawalUsd: 1_000_000 } }, { mailTransport: null });
const { admin, user } = setupCast(t, { user: { name: 'Ann Lee' } });

const body = (amount: number) => ({ method: 'usdt', amount, to: user.uid, address: 'TAddr1' });
const withdraw = (amount: number, key?: string) =>
  t().call('createWithdrawal', { token: user.token, body: body(amount), ...(key ? { headers: { 'idempotency-key': key } } : {}) });
const count = async (sql: string, params: unknown[] = []) => Number((await t().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0]?.n);

test('a withdrawal with a key: one request, one hold, its alert (lock link and mail with the anti-phishing phrase), and the same answer on every retry', async () => {
  await fund(t(), admin, user, 100);
  expect((await t().call('updateProfile', { token: user.token, body: { antiPhishingPhrase: 'blue heron', usdt: 'TAddr1', currentPassword: user.password } })).status).toBe(200);
  const links = await count('account_lock_links WHERE uid = $1', [user.uid]);
  const first = await withdraw(30, 'w-1');
  expect(first.status).toBe(201);
  expect(first.body).toEqual({
    message: 'Withdrawal request submitted successfully.',
    data: expect.objectContaining({ uid: user.uid, amount: 30, method: 'usdt', address: 'TAddr1', status: 'pending', decidedAt: null, user: { name: 'Ann Lee', email: user.email } }),
  });
  expect(first.body.data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const again = await withdraw(30, 'w-1');
  expect(again.status).toBe(201);
  expect(again.body).toEqual(first.body);
  expect(await count('withdrawals WHERE uid = $1', [user.uid])).toBe(1);
  expect(await count("transfers WHERE kind = 'withdrawal_hold' AND ref_id = $1", [first.body.data.id])).toBe(1);
  expect(await accountCents(t(), `held:usdt:${user.uid}`)).toBe(3000);
  expect(await count('account_lock_links WHERE uid = $1', [user.uid])).toBe(links + 1);
  const mail = (await t().db.query<{ body: string }>("SELECT body FROM mail_outbox WHERE to_address = $1 AND subject LIKE '%withdrawal requested'", [user.email])).rows;
  expect(mail).toHaveLength(1);
  expect(mail[0]?.body).toMatch(/^Your anti-phishing phrase: blue heron\n\nHello Ann Lee,/);
  expect(mail[0]?.body).toContain('Amount: $30 by usdt to TAddr1.');
});

test('a refusal rolls everything back and is the key\'s first answer: the retry after funding gets the same 422', async () => {
  await fund(t(), admin, user, 10);
  // The address is the saved one: the request saves nothing (no payout-change alert of its own).
  expect((await t().call('updateProfile', { token: user.token, body: { usdt: 'TAddr1' } })).status).toBe(200);
  const links = await count('account_lock_links WHERE uid = $1', [user.uid]);
  const refused = await withdraw(10.01, 'short');
  expect(refused.status).toBe(422);
  expect(refused.body).toEqual({ message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' });
  expect(await count('withdrawals WHERE uid = $1', [user.uid])).toBe(0);
  expect(await count('account_lock_links WHERE uid = $1', [user.uid])).toBe(links);
  expect(await count("mail_outbox WHERE subject LIKE '%withdrawal requested'")).toBe(0);
  expect(await count('idempotency_keys WHERE uid = $1 AND key = $2 AND response_status = 422', [user.uid, 'short'])).toBe(1);
  await fund(t(), admin, user, 100);
  expect(await withdraw(10.01, 'short')).toMatchObject({ status: 422, body: refused.body });
  expect(await withdraw(10.01, 'short-2')).toMatchObject({ status: 201 });
  // The same key with another body is still refused as a reuse.
  expect((await withdraw(5, 'short')).body.code).toBe('IDEMPOTENCY_KEY_REUSED');
});

test('the open-requests cap is counted inside the statement, with the count in the message', async () => {
  await fund(t(), admin, user, 100);
  expect((await withdraw(1)).status).toBe(201);
  expect((await withdraw(1, 'second')).status).toBe(201);
  const third = await withdraw(1, 'third');
  expect(third.status).toBe(422);
  expect(third.body).toEqual({
    message: 'You have 2 pending withdrawal requests (at most 2 at a time); wait for them to be reviewed before making another',
    code: 'TOO_MANY_PENDING',
  });
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 98 });
});

test('concurrent retries of one key move the money once and all answer the same withdrawal', async () => {
  await fund(t(), admin, user, 100);
  const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(7, 'burst')));
  const created = answers.filter((r) => r.status === 201);
  // A retry that meets the first one still running waits for its commit and replays its answer;
  // a 409 (still in progress) is the only other answer allowed.
  expect(answers.every((r) => r.status === 201 || r.body.code === 'IDEMPOTENCY_IN_FLIGHT')).toBe(true);
  expect(created.length).toBeGreaterThan(0);
  expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
  expect(await count('withdrawals WHERE uid = $1', [user.uid])).toBe(1);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 93 });
});

test('Total Deposit and Total Withdrawals come from the accounts\' totals: approved deposits in, approved withdrawals out', async () => {
  await fund(t(), admin, user, 100);
  await fund(t(), admin, user, 0.5, 'bitcoin');
  const paid = (await withdraw(40)).body.data.id as string;
  const declined = (await withdraw(5)).body.data.id as string;
  expect((await t().call('approveWithdrawal', { token: admin.token, params: { id: paid } })).status).toBe(200);
  expect((await t().call('declineWithdrawal', { token: admin.token, params: { id: declined } })).status).toBe(200);
  expect(await figures(t(), user)).toMatchObject({ totalDeposits: 100.5, totalWithdrawals: 40, usdtBal: 60, btcBal: 0.5 });
});
