import { generateSync } from 'otplib';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupTestServer, type TestUser } from '../harness';
import { fund, setupCast } from '../ledger/helpers';

// TOTP two-factor (issue 12 item 2; docs/security.md "Two-factor"). Codes come from otplib as an
// authenticator app makes them; a code of the next 30-second step stands in for "a minute later".
const t = setupTestServer({ rateLimits: { login: 0, loginAccount: 0, loginIp: 0, register: 0, reset: 0, resetIp: 0, secondFactor: 0 } });
const { admin, ann } = setupCast(t, { ann: {} });

const codeAt = (secret: string, offsetSteps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** A code as if a later 30-second step had come: the replay guard forgets the steps used so far. */
async function laterCode(user: TestUser, secret: string): Promise<string> {
  await t().db.query('UPDATE users SET totp_last_step = 0 WHERE id = $1', [user.uid]);
  return codeAt(secret);
}

/** Turns two-factor on for `user`: the secret and the recovery codes. */
async function enrol(user: Pick<TestUser, 'token' | 'password'>): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t().call('startTwoFactor', { token: user.token, body: { password: user.password } });
  expect(setup.status).toBe(200);
  const secret = setup.body.data?.secret ?? '';
  expect(setup.body.data?.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Halcyon:.*secret=/);
  const on = await t().call('enableTwoFactor', { token: user.token, body: { password: user.password, code: codeAt(secret) } });
  expect(on.status).toBe(200);
  return { secret, recoveryCodes: on.body.data?.recoveryCodes ?? [] };
}

const login = (user: Pick<TestUser, 'email' | 'password'>, code?: string) =>
  t().request<{ token?: string; code?: string; message?: string }>('POST', '/auth/login', { body: { email: user.email, password: user.password, ...(code ? { code } : {}) } });

test('enrolment: a wrong first code leaves it off; the right one turns it on with ten recovery codes', async () => {
  const setup = await t().call('startTwoFactor', { token: ann.token, body: { password: ann.password } });
  const wrong = await t().call('enableTwoFactor', { token: ann.token, body: { password: ann.password, code: '000000' } });
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toBe('That code is not valid. Use the current code, or one of your recovery codes.');
  expect((await t().call('getTwoFactor', { token: ann.token })).body.data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  const on = await t().call('enableTwoFactor', { token: ann.token, body: { password: ann.password, code: codeAt(setup.body.data?.secret ?? '') } });
  expect(on.body.message).toBe('Two-factor authentication is on. Keep your recovery codes somewhere safe: each works once.');
  expect(on.body.data?.recoveryCodes).toHaveLength(10);
  expect(new Set(on.body.data?.recoveryCodes).size).toBe(10);
  expect((await t().call('getTwoFactor', { token: ann.token })).body.data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  // The codes are stored hashed only.
  const { rows } = await t().db.query<{ code_hash: string }>('SELECT code_hash FROM recovery_codes WHERE uid = $1', [ann.uid]);
  expect(rows.some((r) => on.body.data?.recoveryCodes.includes(r.code_hash))).toBe(false);
  expect(t().mails.filter((m) => m.to === ann.email).map((m) => m.subject)).toContain('Halcyon: two-factor authentication turned on');
});

test('sign-in asks for the code; a code works once (replay refused); the next one works', async () => {
  const { secret } = await enrol(ann);
  const missing = await login(ann);
  expect(missing.status).toBe(401);
  expect(missing.body).toMatchObject({ code: 'TOTP_REQUIRED', message: 'Enter the 6-digit code from your authenticator app.' });
  // The code that confirmed enrolment was this step's: the next step's code signs in, once.
  const next = codeAt(secret, 1);
  expect((await login(ann, next)).status).toBe(200);
  const replay = await login(ann, next);
  expect(replay.status).toBe(401);
  expect(replay.body.code).toBe('TOTP_INVALID');
  expect((await login(ann, '123456')).status).toBe(401);
  const history = (await t().call('listSignIns', { token: ann.token })).body.data ?? [];
  expect(history.slice(0, 3).map((h) => h.success)).toEqual([false, false, true]);
});

test('a recovery code signs in once, in any case or spacing; then it is spent', async () => {
  const { recoveryCodes } = await enrol(ann);
  const code = recoveryCodes[0] ?? '';
  expect((await login(ann, ` ${code.toUpperCase()} `)).status).toBe(200);
  expect((await login(ann, code)).status).toBe(401);
  expect((await t().call('getTwoFactor', { token: ann.token })).body.data?.recoveryCodesLeft).toBe(9);
});

test('withdrawals and payout changes need a code once it is on; turning it off needs one too', async () => {
  // Saved before the first deposit: usable at once (services/payout-book.ts).
  expect((await t().call('updateProfile', { token: ann.token, body: { usdt: 'TAnnUsdtPayout1' } })).status).toBe(200);
  await fund(t(), admin, ann, 200);
  const { secret } = await enrol(ann);
  const w = await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 10, to: ann.uid } });
  expect(w.status).toBe(403);
  expect(w.body.code).toBe('TOTP_REQUIRED');
  const bad = await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 10, to: ann.uid, code: '000000' } });
  expect(bad.body.code).toBe('TOTP_INVALID');
  expect((await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 10, to: ann.uid, code: codeAt(secret, 1) } })).status).toBe(201);
  // A retry of that withdrawal with the same Idempotency-Key replays its answer: the spent code is not asked again.
  const keyed = { token: ann.token, body: { method: 'usdt' as const, amount: 11, to: ann.uid, code: await laterCode(ann, secret) }, headers: { 'idempotency-key': 'w-2fa-1' } };
  expect((await t().call('createWithdrawal', keyed)).status).toBe(201);
  const retried = await t().call('createWithdrawal', keyed);
  expect(retried.status).toBe(201);

  const change = await t().call('updateProfile', { token: ann.token, body: { bitcoin: 'bc1q-with-2fa' } });
  expect(change.status).toBe(403);
  expect((await t().call('getProfile', { token: ann.token })).body.data?.bitcoin).not.toBe('bc1q-with-2fa');
  expect((await t().call('updateProfile', { token: ann.token, body: { city: 'Porto' } })).status).toBe(200); // not a payout detail
  expect((await t().call('updateProfile', { token: ann.token, body: { bitcoin: 'bc1q-with-2fa', code: await laterCode(ann, secret) } })).status).toBe(200);

  expect((await t().call('disableTwoFactor', { token: ann.token, body: { password: ann.password, code: '000000' } })).status).toBe(403);
  // The right code without the password: a stolen session and a glance at the owner's phone are not enough.
  const noPassword = await t().call('disableTwoFactor', { token: ann.token, body: { password: 'not-her-password', code: await laterCode(ann, secret) } });
  expect(noPassword.status).toBe(403);
  expect(noPassword.body).toMatchObject({ code: 'PASSWORD_INVALID', message: 'password: is not the password of this account' });
  const off = await t().call('disableTwoFactor', { token: ann.token, body: { password: ann.password, code: await laterCode(ann, secret) } });
  expect(off.status).toBe(200);
  expect(off.body.message).toBe('Two-factor authentication is off.');
  expect((await login(ann)).status).toBe(200);
});

test('a password reset needs the code too: the mailbox alone is not enough', async () => {
  const { secret } = await enrol(ann);
  await t().call('forgotPassword', { body: { email: ann.email } });
  const token = /token=([\w-]+)&email=/.exec(t().mails.filter((m) => m.to === ann.email).at(-1)?.text ?? '')?.[1] ?? '';
  const body = { email: ann.email, token, password: 'Brand-New-Harbor-9931' };
  const without = await t().call('resetPassword', { body });
  expect(without.status).toBe(400);
  expect(without.body.code).toBe('TOTP_REQUIRED');
  expect((await t().call('resetPassword', { body: { ...body, code: codeAt(secret, 1) } })).status).toBe(200);
});

test('codes tried per account are rate-limited (RATE_LIMIT_2FA)', async () => {
  const { secret } = await enrol(ann);
  t().config.rateLimits.secondFactor = 3;
  try {
    const tries = [];
    for (let i = 0; i < 4; i++) tries.push((await login(ann, '000000')).status);
    expect(tries).toEqual([401, 401, 401, 429]);
    // Even the right code waits now: guessing cannot outrun the budget.
    expect((await login(ann, codeAt(secret, 1))).status).toBe(429);
  } finally {
    t().config.rateLimits.secondFactor = 0;
  }
});

test('a stolen session cannot turn two-factor on: setup and enable need the password, in the same request', async () => {
  const missing = await t().request<{ message?: string }>('POST', '/account/2fa/setup', { token: ann.token, body: {} });
  expect(missing.status).toBe(400);
  expect(missing.body.message).toMatch(/password/);
  const wrong = await t().call('startTwoFactor', { token: ann.token, body: { password: 'a-thiefs-guess-1' } });
  expect(wrong.status).toBe(403);
  expect(wrong.body.code).toBe('PASSWORD_INVALID');
  // Even with a pending secret the owner started, enabling needs the password again.
  const setup = await t().call('startTwoFactor', { token: ann.token, body: { password: ann.password } });
  const secret = setup.body.data?.secret ?? '';
  const thief = await t().call('enableTwoFactor', { token: ann.token, body: { password: 'a-thiefs-guess-1', code: codeAt(secret) } });
  expect(thief.status).toBe(403);
  expect((await t().call('getTwoFactor', { token: ann.token })).body.data?.enabled).toBe(false);
  // Guessing the password from the session spends the account's budget (RATE_LIMIT_2FA).
  t().config.rateLimits.secondFactor = 2;
  try {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t().call('startTwoFactor', { token: ann.token, body: { password: `guess-${i}-xyz` } })).status);
    expect(statuses).toEqual([403, 403, 429]);
  } finally {
    t().config.rateLimits.secondFactor = 0;
  }
});

test('wrong codes in a row lock the second factor for a while and mail the owner; the right code waits too', async () => {
  const { secret } = await enrol(ann);
  const { maxFailures } = t().config.secondFactorLock;
  const statuses: number[] = [];
  for (let i = 0; i < maxFailures; i++) statuses.push((await login(ann, '000000')).status);
  expect(statuses).toEqual(Array(maxFailures).fill(401));
  const locked = await login(ann, codeAt(secret, 1));
  expect(locked.status).toBe(401);
  expect(locked.body.code).toBe('TOTP_LOCKED');
  expect(locked.body.message).toMatch(/^Too many wrong codes: two-factor authentication on this account is locked until \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
  const mails = t().mails.filter((m) => m.to === ann.email && m.subject === 'Halcyon: two-factor authentication locked');
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text).toContain('/auth/lock-account?token=');
  // Locked for every use of a code, not only sign-in.
  expect((await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 10, to: ann.uid, address: 'TAnn1', code: codeAt(secret, 1) } })).body.code).toBe('TOTP_LOCKED');
  const events = await t().db.query<{ kind: string; actor: string }>('SELECT kind, actor FROM security_events WHERE uid = $1', [ann.uid]);
  expect(events.rows).toEqual([{ kind: '2fa-locked', actor: 'system' }]);
  // When the period is over, the right code works and the count starts again.
  await t().db.query("UPDATE users SET totp_locked_until = now() - interval '1 second' WHERE id = $1", [ann.uid]);
  expect((await login(ann, codeAt(secret, 1))).status).toBe(200);
  expect((await t().db.query<{ n: number }>('SELECT totp_failures AS n FROM users WHERE id = $1', [ann.uid])).rows[0]?.n).toBe(0);
});

test('concurrent wrong codes lock once and never pass the limit', async () => {
  await enrol(ann);
  const { maxFailures } = t().config.secondFactorLock;
  await Promise.all(Array.from({ length: maxFailures * 2 }, () => login(ann, '000000')));
  const row = (await t().db.query<{ locked: boolean }>('SELECT totp_locked_until > now() AS locked FROM users WHERE id = $1', [ann.uid])).rows[0];
  expect(row?.locked).toBe(true);
  expect(t().mails.filter((m) => m.to === ann.email && m.subject === 'Halcyon: two-factor authentication locked')).toHaveLength(1);
});

test('REQUIRE_ADMIN_2FA: an admin without two-factor can read but not change anything', async () => {
  t().config.requireAdmin2fa = true;
  try {
    expect((await t().call('listUsers', { token: admin.token })).status).toBe(200);
    const refused = await t().call('createInvite', { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ADMIN_2FA_REQUIRED', message: 'Turn on two-factor authentication (Security) before making changes as an admin.' });
  } finally {
    t().config.requireAdmin2fa = false;
  }
});

test('REQUIRE_ADMIN_2FA asks it of the session: one signed in with the password alone stays refused after two-factor is on', async () => {
  // A second session, signed in with the password only before two-factor was on (or stolen then).
  const adminLogin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  const passwordOnly = (await login(adminLogin)).body.token ?? '';
  const { secret } = await enrol({ token: admin.token, password: ADMIN_PASSWORD });
  t().config.requireAdmin2fa = true;
  try {
    const refused = await t().call('createInvite', { token: passwordOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ADMIN_2FA_SESSION_REQUIRED');
    // The session that enrolled presented the password and a first code.
    expect((await t().call('createInvite', { token: admin.token })).status).toBe(201);
    // A session signed in with a code.
    const withCode = await login(adminLogin, codeAt(secret, 1));
    expect((await t().call('createInvite', { token: withCode.body.token ?? '' })).status).toBe(201);
  } finally {
    t().config.requireAdmin2fa = false;
  }
});

test('a new anti-phishing phrase needs the password; the spec\'s settings body (no phrase) needs none', async () => {
  const missing = await t().call('updateProfile', { token: ann.token, body: { antiPhishingPhrase: 'thief chosen phrase' } });
  expect(missing.status).toBe(400);
  expect(missing.body.message).toBe('currentPassword: is required to change the anti-phishing phrase');
  const wrong = await t().call('updateProfile', { token: ann.token, body: { antiPhishingPhrase: 'thief chosen phrase', currentPassword: 'a-thiefs-guess-1' } });
  expect(wrong.status).toBe(403);
  expect(wrong.body.code).toBe('PASSWORD_INVALID');
  expect((await t().call('getProfile', { token: ann.token })).body.data?.antiPhishingPhrase).toBe('');
  expect((await t().call('updateProfile', { token: ann.token, body: { antiPhishingPhrase: 'blue heron', currentPassword: ann.password } })).status).toBe(200);
  // The Settings screen sends the unchanged phrase with every save: no password then.
  expect((await t().call('updateProfile', { token: ann.token, body: { state: 'Lagos', city: 'Ikeja', antiPhishingPhrase: 'blue heron' } })).status).toBe(200);
  const spec = { state: 'Lagos', city: 'Abuja', bankName: 'First Bank', accountNumber: '0123456789', routingNumber: '021000021', bitcoin: 'bc1q-ann', sol: 'SoLann', ethereum: '0xann' };
  expect((await t().call('updateProfile', { token: ann.token, body: spec })).status).toBe(200);
});
