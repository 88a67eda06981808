import { generateSync } from 'otplib';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupTestServer, type TestUser } from '../harness';
import { assert, createPasskey } from '../authenticator';

// Changing the password from a session (issue 29 item 6; docs/security.md "Changing the password"):
// the current password, the second factor when on, the new one by the rule of every new password;
// every other session ends, this one stays; the owner is mailed; guesses spend the account's budget.
const ORIGIN = 'http://localhost:5173';
const BUDGET = 6;
const t = setupTestServer({
  webauthn: { rpId: 'localhost', origins: [ORIGIN] },
  rateLimits: { login: 0, loginAccount: 0, loginIp: 0, register: 0, reset: 0, resetIp: 0, secondFactor: BUDGET },
});

const NEW_PASSWORD = 'copper violin tundra marmalade';

const login = (email: string, password: string, code?: string) =>
  t().request<{ token?: string; code?: string; message?: string }>('POST', '/auth/login', { body: { email, password, ...(code ? { code } : {}) } });

/** Another device of `user`'s: a token of a new session. */
async function otherSession(user: Pick<TestUser, 'email' | 'password'>, code?: string): Promise<string> {
  const r = await login(user.email, user.password, code);
  expect(r.status).toBe(200);
  return r.body.token ?? '';
}

const change = (token: string, body: Record<string, unknown>) => t().call('changePassword', { token, body });
const profileStatus = async (token: string) => (await t().call('getProfile', { token })).status;
const alerts = (email: string) => t().mails.filter((m) => m.to === email && m.subject === 'Halcyon: your password was changed');

test('the right current password sets the new one; every other session ends, this one stays; the owner is mailed', async () => {
  const ann = await t().registerUser();
  const phone = await otherSession(ann);
  const laptop = await otherSession(ann);
  const ok = await change(ann.token, { currentPassword: ann.password, newPassword: NEW_PASSWORD });
  expect(ok.status).toBe(200);
  expect(ok.body).toEqual({ data: { endedSessions: 2 }, message: 'Your password has been changed. Your 2 other sessions were signed out.' });
  // Only this session goes on.
  expect(await profileStatus(ann.token)).toBe(200);
  for (const other of [phone, laptop]) {
    const refused = await t().call('getProfile', { token: other });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('SESSION_REVOKED');
  }
  expect((await t().call('listSessions', { token: ann.token })).body.data?.map((s) => s.current)).toEqual([true]);
  // The old password no longer signs in; the new one does.
  expect((await login(ann.email, ann.password)).status).toBe(401);
  expect((await login(ann.email, NEW_PASSWORD)).status).toBe(200);
  // Mailed with a lock link, and kept in the account's security events; withdrawals pause from now.
  const [mail] = alerts(ann.email);
  expect(alerts(ann.email)).toHaveLength(1);
  expect(mail?.text).toContain('The password of your account was just changed.');
  expect(mail?.text).toContain('with the current password. Every other session of the account was signed out (2).');
  expect(mail?.text).toMatch(/\/auth\/lock-account\?token=/);
  const events = await t().db.query<{ kind: string; detail: { endedSessions: number; secondFactor: string | null } }>('SELECT kind, detail FROM security_events WHERE uid = $1', [ann.uid]);
  expect(events.rows).toEqual([{ kind: 'password-changed', detail: { endedSessions: 2, secondFactor: null } }]);
  const user = await t().db.query<{ changed: boolean }>('SELECT password_changed_at > now() - interval \'1 minute\' AS changed FROM users WHERE id = $1', [ann.uid]);
  expect(user.rows[0]?.changed).toBe(true);
});

test('a wrong current password is 403 naming the field: nothing changes, nobody is signed out, nothing is mailed', async () => {
  const ann = await t().registerUser();
  const phone = await otherSession(ann);
  const wrong = await change(ann.token, { currentPassword: 'a-thiefs-guess-1', newPassword: NEW_PASSWORD });
  expect(wrong.status).toBe(403);
  expect(wrong.body).toEqual({ code: 'PASSWORD_INVALID', message: 'currentPassword: is not the password of this account' });
  expect(await profileStatus(phone)).toBe(200);
  expect((await login(ann.email, ann.password)).status).toBe(200);
  expect(alerts(ann.email)).toEqual([]);
});

test('the body is checked first (400 naming the field, nothing spent): the new password by the rule of every new password, and different', async () => {
  const ann = await t().registerUser();
  const cases: Array<[Record<string, unknown>, string | RegExp]> = [
    [{ newPassword: NEW_PASSWORD }, 'currentPassword: is required'],
    [{ currentPassword: ann.password }, 'newPassword: is required'],
    [{ currentPassword: ann.password, newPassword: 'short' }, 'newPassword: must be at least 8 characters'],
    [{ currentPassword: ann.password, newPassword: 'password' }, /^newPassword: is too easy to guess\. This is a heavily used password\./],
    [{ currentPassword: ann.password, newPassword: ann.password }, 'newPassword: must differ from your current password'],
  ];
  for (const [body, message] of cases) {
    const r = await change(ann.token, body);
    expect([r.status, r.body.code]).toEqual([400, 'VALIDATION']);
    expect(r.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  }
  // None of them spent the budget: as many wrong guesses as it allows are still answered 403.
  for (let i = 0; i < BUDGET; i++) expect((await change(ann.token, { currentPassword: `guess-${i}-xyz`, newPassword: NEW_PASSWORD })).status).toBe(403);
  // Without a session: 401.
  expect((await t().call('changePassword', { body: { currentPassword: ann.password, newPassword: NEW_PASSWORD } })).status).toBe(401);
});

test('guesses of the current password spend the account budget (shared with other security changes): then 429, even for the right one', async () => {
  const ann = await t().registerUser();
  for (let i = 0; i < BUDGET; i++) expect((await change(ann.token, { currentPassword: `guess-${i}-xyz`, newPassword: NEW_PASSWORD })).status).toBe(403);
  const limited = await change(ann.token, { currentPassword: ann.password, newPassword: NEW_PASSWORD });
  expect(limited.status).toBe(429);
  expect(limited.body.code).toBe('RATE_LIMITED');
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  // The same budget guards the other changes that re-type the password.
  expect((await t().call('startTwoFactor', { token: ann.token, body: { password: ann.password } })).status).toBe(429);
  expect((await login(ann.email, ann.password)).status).toBe(200);
});

test('with two-factor on it needs a code: missing or wrong is 403 (the password still unchanged), a right one or a recovery code changes it', async () => {
  const ann = await t().registerUser();
  const setup = await t().call('startTwoFactor', { token: ann.token, body: { password: ann.password } });
  const secret = setup.body.data?.secret ?? '';
  const on = await t().call('enableTwoFactor', { token: ann.token, body: { password: ann.password, code: generateSync({ secret }) } });
  const recovery = on.body.data?.recoveryCodes ?? [];
  const missing = await change(ann.token, { currentPassword: ann.password, newPassword: NEW_PASSWORD });
  expect([missing.status, missing.body.code, missing.body.message]).toEqual([403, 'TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app.']);
  const wrong = await change(ann.token, { currentPassword: ann.password, newPassword: NEW_PASSWORD, code: '000000' });
  expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([403, 'TOTP_INVALID', 'That code is not valid. Use the current code, or one of your recovery codes.']);
  expect(alerts(ann.email)).toEqual([]);
  const ok = await change(ann.token, { currentPassword: ann.password, newPassword: NEW_PASSWORD, code: recovery[0] });
  expect(ok.status).toBe(200);
  expect(ok.body.message).toBe('Your password has been changed.');
  expect((await t().call('getTwoFactor', { token: ann.token })).body.data?.recoveryCodesLeft).toBe(9);
  const events = await t().db.query<{ detail: { secondFactor: string } }>("SELECT detail FROM security_events WHERE uid = $1 AND kind = 'password-changed'", [ann.uid]);
  expect(events.rows[0]?.detail.secondFactor).toBe('recovery');
});

test('with a passkey as the second factor, a security step-up confirms it; without one it is asked', async () => {
  const ann = await t().registerUser();
  const options = await t().call('passkeyRegistrationOptions', { token: ann.token, body: { password: ann.password } });
  const { passkey, response } = createPasskey(options.body.data?.options ?? {}, ORIGIN);
  expect((await t().call('registerPasskey', { token: ann.token, body: { challengeId: options.body.data?.challengeId ?? '', name: 'Phone', response } })).status).toBe(201);
  const asked = await change(ann.token, { currentPassword: ann.password, newPassword: NEW_PASSWORD });
  expect([asked.status, asked.body.code]).toEqual([403, 'PASSKEY_REQUIRED']);
  const challenge = await t().call('stepUpChallenge', { token: ann.token, body: { purpose: 'security' } });
  const answer = { challengeId: challenge.body.data?.challengeId ?? '', response: assert(passkey, challenge.body.data?.options ?? {}) };
  // The passkey stands for the code, not for the current password.
  expect((await change(ann.token, { currentPassword: 'a-thiefs-guess-1', newPassword: NEW_PASSWORD, passkey: answer })).status).toBe(403);
  const fresh = await t().call('stepUpChallenge', { token: ann.token, body: { purpose: 'security' } });
  const ok = await change(ann.token, {
    currentPassword: ann.password,
    newPassword: NEW_PASSWORD,
    passkey: { challengeId: fresh.body.data?.challengeId ?? '', response: assert(passkey, fresh.body.data?.options ?? {}) },
  });
  expect(ok.status).toBe(200);
});

test('two changes at once with the same current password: one wins, the other is refused', async () => {
  const ann = await t().registerUser();
  const [a, b] = await Promise.all([
    change(ann.token, { currentPassword: ann.password, newPassword: NEW_PASSWORD }),
    change(ann.token, { currentPassword: ann.password, newPassword: 'lantern orchard pebble quartz' }),
  ]);
  expect([a.status, b.status].sort()).toEqual([200, 403]);
  const won = a.status === 200 ? NEW_PASSWORD : 'lantern orchard pebble quartz';
  expect((await login(ann.email, won)).status).toBe(200);
  expect(alerts(ann.email)).toHaveLength(1);
});

test('an admin changes their own password the same way', async () => {
  const admin = await t().loginAdmin();
  const ok = await change(admin.token, { currentPassword: ADMIN_PASSWORD, newPassword: NEW_PASSWORD });
  expect(ok.status).toBe(200);
  expect((await login(ADMIN_EMAIL, NEW_PASSWORD)).status).toBe(200);
});
