import { ADMIN_EMAIL, ADMIN_PASSWORD, setupTestServer } from '../harness';

// Every users-table endpoint, as investor and admin: no body anywhere carries a password or hash key.
const t = setupTestServer();

/** Every key of a JSON value, at any depth, with its path. */
function keyPaths(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyPaths(v, `${path}${i}.`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [`${path}${k}`, ...keyPaths(v, `${path}${k}.`)]);
}

test('no users endpoint sends a key naming a password or a hash', async () => {
  const s = t();
  const user = await s.registerUser();
  const admin = await s.loginAdmin();
  const invite = await s.call('createInvite', { token: admin.token });
  const responses = [
    await s.call('register', { body: { name: 'Bea', username: 'bea', email: 'bea@example.com', phone: '+14155550123', password: 'Quiet-Harbor-4812' } }),
    await s.call('login', { body: { email: user.email, password: user.password } }),
    await s.call('login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }),
    await s.call('getProfile', { token: user.token }),
    await s.call('updateProfile', { token: user.token, body: { city: 'Paris' } }),
    await s.call('listUsers', { token: admin.token }),
    invite,
    await s.call('listInvites', { token: admin.token }),
    await s.call('registerAdmin', { body: { email: 'ops@example.com', password: 'Quiet-Harbor-4812', name: 'Ops', inviteCode: invite.body.data.code } }),
    await s.call('sendUserPasswordReset', { token: admin.token, params: { uid: user.uid } }),
    await s.call('forgotPassword', { body: { email: user.email } }),
  ];
  expect(responses.map((r) => r.status).filter((status) => status >= 300)).toEqual([]);
  const bodies = responses.map((r) => r.body);
  const keys = bodies.flatMap((b) => keyPaths(b));
  // The walk saw the real bodies: profiles, lists and the admin record (so an empty walk cannot pass).
  expect(keys).toEqual(expect.arrayContaining(['data.email', 'data.0.email', 'data.role', 'token', 'data.code', 'message']));
  expect(keys.filter((k) => /password|hash|token_?version/i.test(k))).toEqual([]);
  expect(JSON.stringify(bodies)).not.toMatch(/scrypt\$/);
});
