import { setupTestServer } from '../harness';
import { toErrorBody } from '../../src/http/error-handler';

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

test('a NUL byte in a path parameter or a text field is a 400 naming the field, never a 500', async () => {
  const admin = await t().loginAdmin();
  const del = await t().request('DELETE', '/admin/users/abc%00def', { token: admin.token });
  expect(del.status).toBe(400);
  expect(del.body).toEqual({ message: 'uid: must not contain control characters', code: 'VALIDATION' });
  const user = await t().registerUser();
  const patch = await t().request('PATCH', '/user/profile', { token: user.token, body: { city: 'Par\u0000is' } });
  expect(patch.status).toBe(400);
  expect(patch.body).toEqual({ message: 'city: must not contain control characters', code: 'VALIDATION' });
});

test('a multipart upload without a boundary is a 400', async () => {
  const user = await t().registerUser();
  const res = await t().fetch('/api/image/upload-single', {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'multipart/form-data' },
    body: 'not really multipart',
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toMatch(/^file: malformed multipart body/);
});

test('text PostgreSQL refuses (NUL, bad encoding) that slips past a schema is a 400, not a 500', () => {
  for (const code of ['22021', '22P05']) {
    const error = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
    expect(toErrorBody(error)).toEqual({ status: 400, message: 'Input contains characters that are not allowed', code: 'INVALID_CHARACTERS' });
  }
});
