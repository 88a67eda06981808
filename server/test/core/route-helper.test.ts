import { setupTestServer } from '../harness';

// The generic parts defineRoute adds to every route, seen through real routes.
const t = setupTestServer();

test('a malformed Idempotency-Key is 400 before anything happens', async () => {
  const user = await t().registerUser();
  const res = await t().call('createDeposit', { token: user.token, body: { method: 'bitcoin', amount: 10, from: user.uid }, headers: { 'idempotency-key': 'x'.repeat(256) } });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: 'Idempotency-Key: must be 1 to 255 visible characters', code: 'VALIDATION' });
  expect((await t().db.query('SELECT 1 FROM deposits')).rows).toHaveLength(0);
});

test('path parameters are validated too, naming the parameter', async () => {
  const admin = await t().loginAdmin();
  const res = await t().request('PATCH', '/admin/deposits/some-id/dogecoin/approve', { token: admin.token });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: 'method: must be one of bitcoin, ethereum, solana, usdt', code: 'VALIDATION' });
});

test('query strings are validated, naming the field', async () => {
  const admin = await t().loginAdmin();
  const res = await t().request('GET', '/admin/investments/all?status=lost', { token: admin.token });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION');
  expect(res.body.message).toMatch(/^status: /);
});

test('a trailing slash reaches the same route', async () => {
  expect((await t().request('GET', '/health/')).status).toBe(200);
});
