import { setupTestServer } from '../harness';

const t = setupTestServer();

test('GET /api/health answers ok with the database kind once migrations ran', async () => {
  const res = await t().call('health');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
});

test('an unknown API route is a 404 with { message, code }', async () => {
  const res = await t().request('GET', '/nope');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: 'No route GET /api/nope', code: 'NOT_FOUND' });
});
