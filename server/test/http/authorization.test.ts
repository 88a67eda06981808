import { routes, type RouteName } from '@halcyon/api-client/contract';
import { setupTestServer, type TestServer } from '../harness';

// Driven by the contract's route table: a route added there is checked here without editing this file.
const t = setupTestServer();
const names = Object.keys(routes) as RouteName[];
const guarded = names.filter((n) => routes[n].access !== 'none');
const userOnly = names.filter((n) => routes[n].access === 'user');
const adminOnly = names.filter((n) => routes[n].access === 'admin');

/** The route's path with placeholder parameters (valid for their schemas, e.g. method 'bitcoin'). */
const pathOf = (n: RouteName) => routes[n].path.replace(/:(\w+)/g, (_m, key: string) => (key === 'method' ? 'bitcoin' : 'no-such-id'));
const hit = (s: TestServer, n: RouteName, token?: string) => s.request(routes[n].method, pathOf(n), { token, body: routes[n].method === 'GET' || routes[n].method === 'DELETE' ? undefined : {} });

test('every route of the contract is registered under /api', () => {
  const missing = names.filter((n) => !t().app.hasRoute({ method: routes[n].method, url: `/api${routes[n].path}` }));
  expect(missing).toEqual([]);
});

test.each(guarded)('%s: anonymous is 401 and a garbage token is 401', async (n) => {
  const anon = await hit(t(), n);
  expect(anon.status).toBe(401);
  expect(anon.body).toEqual({ message: 'Authentication required', code: 'UNAUTHENTICATED' });
  const garbage = await hit(t(), n, 'v1.e30.AAAA');
  expect(garbage.status).toBe(401);
  expect(garbage.body).toEqual({ message: 'Invalid or expired token', code: 'INVALID_TOKEN' });
});

test.each(adminOnly)('%s: an investor token is 403', async (n) => {
  const user = await t().registerUser();
  const res = await hit(t(), n, user.token);
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ message: 'This needs an admin account', code: 'FORBIDDEN' });
});

test.each(userOnly)('%s: an admin token is 403', async (n) => {
  const admin = await t().loginAdmin();
  const res = await hit(t(), n, admin.token);
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ message: 'This needs an investor account', code: 'FORBIDDEN' });
});

test.each(guarded.filter((n) => routes[n].access !== 'admin'))('%s: a closed account\'s token is 401', async (n) => {
  const user = await t().registerUser();
  await t().db.query('UPDATE users SET closed_at = now() WHERE id = $1', [user.uid]);
  const res = await hit(t(), n, user.token);
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ message: 'Your session has ended, please log in again', code: 'SESSION_REVOKED' });
});

test('a token of a demoted or revoked session (token_version bumped) is 401 on every guarded route', async () => {
  const user = await t().registerUser();
  await t().db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [user.uid]);
  for (const n of guarded.filter((r) => routes[r].access !== 'admin')) expect((await hit(t(), n, user.token)).status).toBe(401);
});

test('routes with access none answer without a token', async () => {
  const open = names.filter((n) => routes[n].access === 'none');
  // latestLiabilities: the published proof-of-liabilities root is public by design (docs/ledger.md).
  // lockAccount, confirmTwoFactorReset: an emailed link's token is the credential (services/account-lock.ts, services/two-factor.ts).
  // signInChallenge, passkeyLogin: a passkey is the credential (docs/security.md "Passkeys").
  expect(open.sort()).toEqual([
    'confirmTwoFactorReset', 'forgotPassword', 'health', 'latestLiabilities', 'lockAccount', 'login', 'passkeyLogin', 'register', 'registerAdmin', 'resetPassword', 'signInChallenge',
  ]);
  for (const n of open) expect((await hit(t(), n)).status).not.toBe(401);
});

test('another investor\'s record is refused: a deposit "from" someone else is 403', async () => {
  const a = await t().registerUser();
  const b = await t().registerUser();
  const res = await t().call('createDeposit', { token: a.token, body: { method: 'bitcoin', amount: 10, from: b.uid } });
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('FORBIDDEN');
});
