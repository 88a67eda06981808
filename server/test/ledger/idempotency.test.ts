import { canonicalJson, requestHash } from '../../src/ledger/idempotency';
import { setupTestServer } from '../harness';
import { createPlan, figures, fund, invest, setupCast } from './helpers';

// Idempotency-Key on the money POSTs: same key + same body → the first answer again (nothing moves
// twice); other body → 422; per caller; refusals are replayed too. Races are in concurrency.pg.test.ts.
const t = setupTestServer();
const { admin, user } = setupCast(t, { user: {} });

const withKey = (key: string) => ({ 'idempotency-key': key });

test('a repeated deposit request with the same key answers the first response and creates one deposit', async () => {
  const body = { method: 'usdt' as const, amount: 10, from: user.uid };
  const first = await t().call('createDeposit', { token: user.token, body, headers: withKey('dep-1') });
  const second = await t().call('createDeposit', { token: user.token, body, headers: withKey('dep-1') });
  expect(first.status).toBe(201);
  expect(second.status).toBe(201);
  expect(second.body).toEqual(first.body);
  expect((await t().call('listDeposits', { token: admin.token })).body.data).toHaveLength(1);
});

test('a repeated withdrawal with the same key holds the money once', async () => {
  await fund(t(), admin, user, 100);
  const body = { method: 'usdt' as const, amount: 60, to: user.uid };
  const first = await t().call('createWithdrawal', { token: user.token, body, headers: withKey('w-1') });
  const second = await t().call('createWithdrawal', { token: user.token, body, headers: withKey('w-1') });
  expect([first.status, second.status]).toEqual([201, 201]);
  expect(second.body).toEqual(first.body);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 40 });
});

test('the same key with another body is a 422 and does nothing', async () => {
  await fund(t(), admin, user, 100);
  await t().call('createWithdrawal', { token: user.token, body: { method: 'usdt', amount: 10, to: user.uid }, headers: withKey('k') });
  const other = await t().call('createWithdrawal', { token: user.token, body: { method: 'usdt', amount: 11, to: user.uid }, headers: withKey('k') });
  expect(other.status).toBe(422);
  expect(other.body).toEqual({ message: 'This Idempotency-Key was already used with a different request', code: 'IDEMPOTENCY_KEY_REUSED' });
  // Another route with the same key is another request too.
  const dep = await t().call('createDeposit', { token: user.token, body: { method: 'usdt', amount: 10, from: user.uid }, headers: withKey('k') });
  expect(dep.status).toBe(422);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 90 });
});

test('keys are scoped per caller: two users may use the same key', async () => {
  const other = await t().registerUser();
  const a = await t().call('createDeposit', { token: user.token, body: { method: 'usdt', amount: 1, from: user.uid }, headers: withKey('same') });
  const b = await t().call('createDeposit', { token: other.token, body: { method: 'usdt', amount: 1, from: other.uid }, headers: withKey('same') });
  expect([a.status, b.status]).toEqual([201, 201]);
  expect(a.body.data.id).not.toBe(b.body.data.id);
});

test('a refusal is the first answer too: the retry gets the same 422 even after funding', async () => {
  const body = { method: 'usdt' as const, amount: 50, to: user.uid };
  const first = await t().call('createWithdrawal', { token: user.token, body, headers: withKey('poor') });
  expect(first.status).toBe(422);
  await fund(t(), admin, user, 100);
  const retry = await t().call('createWithdrawal', { token: user.token, body, headers: withKey('poor') });
  expect(retry.status).toBe(422);
  expect(retry.body).toEqual(first.body);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 100 });
  // A new key is a new request.
  expect((await t().call('createWithdrawal', { token: user.token, body, headers: withKey('rich') })).status).toBe(201);
});

test('a key still in flight is a 409', async () => {
  await t().db.query(
    "INSERT INTO idempotency_keys (uid, key, route, request_hash, status, claim) VALUES ($1, 'busy', 'createDeposit', $2, 'in_flight', 'other')",
    [user.uid, requestHash('createDeposit', { body: { method: 'usdt', amount: 1, from: user.uid } })],
  );
  const res = await t().call('createDeposit', { token: user.token, body: { method: 'usdt', amount: 1, from: user.uid }, headers: withKey('busy') });
  expect(res.status).toBe(409);
  expect(res.body).toEqual({ message: 'A request with this Idempotency-Key is still in progress', code: 'IDEMPOTENCY_IN_FLIGHT' });
});

test('an abandoned in-flight key (older than 5 minutes) and an expired key (24 h) can be used again', async () => {
  await t().db.query(
    "INSERT INTO idempotency_keys (uid, key, route, request_hash, status, claim, created_at) VALUES ($1, 'dead', 'createDeposit', 'x', 'in_flight', 'gone', now() - interval '6 minutes')",
    [user.uid],
  );
  await t().db.query(
    `INSERT INTO idempotency_keys (uid, key, route, request_hash, status, claim, response_status, response_body, created_at)
     VALUES ($1, 'old', 'createDeposit', 'x', 'done', 'gone', 201, '{}', now() - interval '25 hours')`,
    [user.uid],
  );
  for (const key of ['dead', 'old']) {
    const res = await t().call('createDeposit', { token: user.token, body: { method: 'usdt', amount: 3, from: user.uid }, headers: withKey(key) });
    expect(res.status).toBe(201);
  }
  expect((await t().call('listDeposits', { token: admin.token })).body.data).toHaveLength(2);
});

test('an invalid key is a 400 before anything happens', async () => {
  const res = await t().request('POST', '/deposit', { token: user.token, body: { method: 'usdt', amount: 1, from: user.uid }, headers: { 'idempotency-key': 'x'.repeat(256) } });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 'VALIDATION' });
  expect((await t().call('listDeposits', { token: admin.token })).body.data).toEqual([]);
});

test('investment and earnings POSTs replay with the same key', async () => {
  const plan = await createPlan(t(), admin);
  await fund(t(), admin, user, 1000);
  const body = { plan_id: plan, amount: 200, method: 'USDT' as const };
  const a = await t().call('createInvestment', { token: user.token, body, headers: withKey('inv') });
  const b = await t().call('createInvestment', { token: user.token, body, headers: withKey('inv') });
  expect(b.body).toEqual(a.body);
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 800 });

  const inv = await invest(t(), user, plan, 100);
  const eb = { amount: 7, plan_id: plan, investment_id: inv };
  for (const name of ['creditEarnings', 'deductEarnings'] as const) {
    const x = await t().call(name, { token: admin.token, params: { uid: user.uid }, body: eb, headers: withKey(name) });
    const y = await t().call(name, { token: admin.token, params: { uid: user.uid }, body: eb, headers: withKey(name) });
    expect(x.status).toBe(201);
    expect(y.body).toEqual(x.body);
  }
  expect(await figures(t(), user)).toMatchObject({ earnings: 0 });
  expect((await t().call('listEarnings', { token: admin.token })).body.data).toHaveLength(2);
  // The same key for another user's earnings (another path parameter) is another request.
  const other = await t().registerUser();
  const z = await t().call('creditEarnings', { token: admin.token, params: { uid: other.uid }, body: eb, headers: withKey('creditEarnings') });
  expect(z.status).toBe(422);
});

test('the request hash ignores key order and undefined fields', () => {
  expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
  expect(requestHash('r', { a: 1, b: 2 })).toBe(requestHash('r', { b: 2, a: 1 }));
  expect(requestHash('r', { a: 1 })).not.toBe(requestHash('s', { a: 1 }));
});

test('the database backstop: a deposit cannot get a second credit transfer, whatever the code above does', async () => {
  const depositId = await fund(t(), admin, user, 25);
  const dup = t().db.query(
    `INSERT INTO transfers (debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id)
     SELECT debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id FROM transfers WHERE ref_type = 'deposit' AND ref_id = $1`,
    [depositId],
  );
  await expect(dup).rejects.toMatchObject({ code: '23505' });
  expect(await figures(t(), user)).toMatchObject({ usdtBal: 25 });
});
