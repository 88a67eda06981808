import type { AddressInfo } from 'node:net';
import { callApi } from '@halcyon/test-kit';
import { buildApp } from '../../src/app';
import { describeDevice, sweepSecurityHistory } from '../../src/auth/sessions';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupTestServer, type TestUser } from '../harness';

// Sessions and sign-in history (issue 12 item 3; docs/security.md "Sessions").
const t = setupTestServer();

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Another login of `user` from a browser: its token. */
async function loginFrom(user: { email: string; password: string }, userAgent: string): Promise<string> {
  const res = await t().request<{ token?: string }>('POST', '/auth/login', { body: { email: user.email, password: user.password }, headers: { 'user-agent': userAgent } });
  if (!res.body.token) throw new Error(`login failed: ${res.status}`);
  return res.body.token;
}

const sessions = async (token: string) => (await t().call('listSessions', { token })).body.data ?? [];
const profileStatus = async (token: string) => (await t().call('getProfile', { token })).status;

test('the sessions list: device from the user agent, IP, times, and which one is this', async () => {
  const ann: TestUser = await t().registerUser();
  const laptop = await loginFrom(ann, CHROME_WINDOWS);
  const phone = await loginFrom(ann, SAFARI_IPHONE);
  const list = await sessions(laptop);
  // registerUser's own login, then the laptop and the phone: newest first.
  expect(list.map((s) => [s.device, s.current])).toEqual([
    ['Safari on iPhone', false],
    ['Chrome on Windows', true],
    [expect.any(String), false],
  ]);
  expect(list[0]).toMatchObject({ ip: '127.0.0.1', createdAt: expect.any(String), lastSeenAt: expect.any(String) });
  expect((await sessions(phone))[0]?.current).toBe(true);
});

test('ending one session refuses its token at once; the others keep working', async () => {
  const ann = await t().registerUser();
  const laptop = await loginFrom(ann, CHROME_WINDOWS);
  const phone = await loginFrom(ann, SAFARI_IPHONE);
  const phoneId = (await sessions(phone)).find((s) => s.current)?.id ?? '';
  const ended = await t().call('endSession', { token: laptop, params: { id: phoneId } });
  expect(ended.status).toBe(200);
  expect(ended.body.message).toBe('Session ended.');
  const refused = await t().call('getProfile', { token: phone });
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ code: 'SESSION_REVOKED', message: 'Your session has ended, please log in again' });
  expect(await profileStatus(laptop)).toBe(200);
  expect((await sessions(laptop)).map((s) => s.id)).not.toContain(phoneId);
  // Ending it again: it is no open session any more.
  expect((await t().call('endSession', { token: laptop, params: { id: phoneId } })).status).toBe(404);
});

test('end all other sessions keeps only this one', async () => {
  const ann = await t().registerUser();
  const a = await loginFrom(ann, CHROME_WINDOWS);
  const b = await loginFrom(ann, SAFARI_IPHONE);
  const c = await loginFrom(ann, CHROME_WINDOWS);
  const res = await t().call('endOtherSessions', { token: b });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { ended: 3 }, message: '3 other sessions ended.' }); // a, c and registerUser's
  expect([await profileStatus(a), await profileStatus(b), await profileStatus(c)]).toEqual([401, 200, 401]);
  expect((await sessions(b)).map((s) => s.current)).toEqual([true]);
});

test('nobody can see or end another person\'s session', async () => {
  const ann = await t().registerUser();
  const bob = await t().registerUser();
  const annId = (await sessions(ann.token))[0]?.id ?? '';
  expect((await sessions(bob.token)).map((s) => s.id)).not.toContain(annId);
  const attempt = await t().call('endSession', { token: bob.token, params: { id: annId } });
  expect(attempt.status).toBe(404);
  const admin = await t().loginAdmin();
  expect((await t().call('endSession', { token: admin.token, params: { id: annId } })).status).toBe(404);
  expect(await profileStatus(ann.token)).toBe(200);
  expect((await t().call('endSession', { token: bob.token, params: { id: 'x' } })).status).toBe(400);
  expect((await t().call('listSessions')).status).toBe(401);
});

test('logout ends the session: gone from the list, its token refused', async () => {
  const ann = await t().registerUser();
  const phone = await loginFrom(ann, SAFARI_IPHONE);
  expect((await t().call('logout', { token: phone })).status).toBe(200);
  expect(await profileStatus(phone)).toBe(401);
  expect((await sessions(ann.token)).map((s) => s.device)).not.toContain('Safari on iPhone');
});

test('an ended session is refused by every process on the database', async () => {
  const ann = await t().registerUser();
  const phone = await loginFrom(ann, SAFARI_IPHONE);
  const other = await buildApp(t().config, { db: t().db, mailTransport: null });
  await other.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  try {
    expect((await callApi(origin, 'GET', '/user/profile', { token: phone })).status).toBe(200);
    const phoneId = (await sessions(phone)).find((s) => s.current)?.id ?? '';
    await t().call('endSession', { token: ann.token, params: { id: phoneId } });
    expect((await callApi(origin, 'GET', '/user/profile', { token: phone })).status).toBe(401);
  } finally {
    await other.close();
  }
});

test('sign-in history: successes and failures of the account, newest first, for its owner only; admins have theirs', async () => {
  const ann = await t().registerUser();
  await t().request('POST', '/auth/login', { body: { email: ann.email, password: 'Wrong-password-123' }, headers: { 'user-agent': SAFARI_IPHONE } });
  await loginFrom(ann, CHROME_WINDOWS);
  // An unknown email belongs to nobody: nothing to record, the same answer.
  expect((await t().request('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'Wrong-password-123' } })).status).toBe(401);
  const history = (await t().call('listSignIns', { token: ann.token })).body.data ?? [];
  expect(history.map((h) => [h.device, h.success])).toEqual([
    ['Chrome on Windows', true],
    ['Safari on iPhone', false],
    [expect.any(String), true],
  ]);
  expect(history[0]).toMatchObject({ ip: '127.0.0.1', at: expect.any(String) });
  const bob = await t().registerUser();
  expect((await t().call('listSignIns', { token: bob.token })).body.data).toHaveLength(1);
  const admin = await t().request<{ token?: string }>('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const adminHistory = (await t().call('listSignIns', { token: admin.body.token ?? '' })).body.data ?? [];
  expect(adminHistory[0]?.success).toBe(true);
  expect((await t().call('listSessions', { token: admin.body.token ?? '' })).body.data?.[0]?.current).toBe(true);
});

test('history older than 90 days is swept; recent history stays', async () => {
  const ann = await t().registerUser();
  await t().db.query("INSERT INTO sign_ins (uid, at, ip, user_agent, success) VALUES ($1, now() - interval '91 days', '10.0.0.1', 'old', true)", [ann.uid]);
  await sweepSecurityHistory(t().db);
  const { rows } = await t().db.query<{ ip: string }>('SELECT ip FROM sign_ins WHERE uid = $1', [ann.uid]);
  expect(rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
});

test('devices people recognise', () => {
  expect(describeDevice(CHROME_WINDOWS)).toBe('Chrome on Windows');
  expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iPhone');
  expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Linux');
  expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on macOS');
  expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
  expect(describeDevice('')).toBe('Unknown device');
});

test('a session unused for SESSION_IDLE_HOURS ends at its next request, and is no longer listed', async () => {
  const ann = await t().registerUser();
  const phone = await loginFrom(ann, SAFARI_IPHONE);
  const phoneId = (await sessions(phone)).find((s) => s.current)?.id ?? '';
  // 73 hours without a request (default idle limit 72 h).
  await t().db.query("UPDATE sessions SET last_seen_at = now() - interval '73 hours' WHERE id = $1", [phoneId]);
  expect((await sessions(ann.token)).map((s) => s.id)).not.toContain(phoneId);
  const refused = await t().call('getProfile', { token: phone });
  expect(refused.status).toBe(401);
  expect(refused.body.code).toBe('SESSION_REVOKED');
  expect((await t().db.query<{ ended_by: string }>('SELECT ended_by FROM sessions WHERE id = $1', [phoneId])).rows).toEqual([{ ended_by: 'idle' }]);
  expect(await profileStatus(ann.token)).toBe(200);
});
