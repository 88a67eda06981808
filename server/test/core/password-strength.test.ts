import { ConfigError, loadConfig } from '../../src/config';
import { setupTestServer } from '../harness';

// Issue 15 item 9: guessable passwords are refused wherever a password is set (real HTTP).
const t = setupTestServer();

const WEAK = ['password', 'aaaaaaaa', 'qwerty123', 'Halcyon2024'];
const tooEasy = { message: expect.stringMatching(/^password: is too easy to guess\. \S/), code: 'VALIDATION' };
const count = async (sql: string, params: unknown[] = []) => Number((await t().db.query<{ n: string }>(sql, params)).rows[0]?.n);

test.each(WEAK)('register refuses %s with 400 naming password, and creates no account', async (password) => {
  const res = await t().call('register', { body: { name: 'Weak Pass', username: 'weak_pass', phone: '+14155550123', email: 'weak@example.com', password } });
  expect(res.status).toBe(400);
  expect(res.body).toEqual(tooEasy);
  expect(await count('SELECT count(*) AS n FROM users WHERE email = $1', ['weak@example.com'])).toBe(0);
});

test('register says why: the warning and the suggestions of the estimator', async () => {
  const res = await t().call('register', { body: { name: 'Weak Pass', username: 'weak_pass', phone: '+14155550123', email: 'weak@example.com', password: 'password' } });
  expect(res.body.message).toBe('password: is too easy to guess. This is a heavily used password. Add more words that are less common.');
});

test('register-admin refuses a weak password and leaves the invite unused', async () => {
  const admin = await t().loginAdmin();
  const invite = await t().call('createInvite', { token: admin.token });
  const res = await t().call('registerAdmin', { body: { email: 'ops@example.com', password: 'aaaaaaaa', inviteCode: invite.body.data.code } });
  expect(res.status).toBe(400);
  expect(res.body).toEqual(tooEasy);
  expect(await count('SELECT count(*) AS n FROM users WHERE email = $1', ['ops@example.com'])).toBe(0);
  expect(await count('SELECT count(*) AS n FROM admin_invites WHERE used_at IS NULL')).toBe(1);
  const strong = await t().call('registerAdmin', { body: { email: 'ops@example.com', password: 'Copper-Violin-2917', inviteCode: invite.body.data.code } });
  expect(strong.status).toBe(201);
});

test('reset_password refuses a weak password; the old password and the link still work', async () => {
  const user = await t().registerUser();
  await t().call('resetPassword', { body: { email: user.email } });
  const token = /token=([\w-]+)/.exec(t().mails[0]?.text ?? '')?.[1] ?? '';
  const res = await t().call('resetPassword', { body: { email: user.email, token, password: 'qwerty123' } });
  expect(res.status).toBe(400);
  expect(res.body).toEqual(tooEasy);
  expect((await t().call('getProfile', { token: user.token })).status).toBe(200);
  expect((await t().call('login', { body: { email: user.email, password: user.password } })).status).toBe(200);
  expect((await t().call('resetPassword', { body: { email: user.email, token, password: 'Copper-Violin-2917' } })).status).toBe(200);
});

test('a short password still gets the length text first', async () => {
  const res = await t().call('register', { body: { name: 'Short', username: 'short', phone: '+14155550123', email: 'short@example.com', password: 'abc' } });
  expect(res.body).toEqual({ message: 'password: must be at least 8 characters', code: 'VALIDATION' });
});

test('the server does not start with a guessable ADMIN_PASSWORD', () => {
  const start = () => loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Admin12345!' });
  expect(start).toThrow(ConfigError);
  expect(start).toThrow(/ADMIN_PASSWORD: is too easy to guess\./);
});
