import { generateSync } from 'otplib';
import { setupTestServer, type TestUser } from '../harness';
import { fund, setupCast } from '../ledger/helpers';

// "Lock my account" really locks, and an admin's two-factor reset needs the owner's mailed
// confirmation (issue 30 items 1 and 3; docs/security.md "Alerts", "Two-factor").
const t = setupTestServer({ rateLimits: { login: 0, loginAccount: 0, loginIp: 0, register: 0, reset: 0, resetIp: 0, secondFactor: 0 } });
const { admin, ann, bob } = setupCast(t, { ann: {}, bob: {} });

const mailsTo = (user: TestUser) => t().mails.filter((m) => m.to === user.email);
const linkToken = (text: string | undefined, path: string): string => {
  const m = new RegExp(`${path}\\?token=([\\w-]+)`).exec(text ?? '');
  if (!m?.[1]) throw new Error(`no ${path} link in ${text}`);
  return m[1];
};
const login = (email: string, password: string, code?: string) =>
  t().request<{ token?: string; code?: string; message?: string }>('POST', '/auth/login', { body: { email, password, ...(code ? { code } : {}) } });
const balanceOf = async (user: TestUser) => (await t().call('getProfile', { token: user.token })).body.data?.balance;

async function resetPassword(user: TestUser, password: string): Promise<void> {
  await t().call('forgotPassword', { body: { email: user.email } });
  const token = /token=([\w-]+)&email=/.exec(mailsTo(user).filter((m) => m.subject.endsWith('reset your password')).at(-1)?.text ?? '')?.[1] ?? '';
  expect((await t().call('resetPassword', { body: { email: user.email, token, password } })).status).toBe(200);
}

test('the lock link refuses sign-in until a password reset, cancels the withdrawal its alert reported and shows admins why', async () => {
  await t().call('updateProfile', { token: ann.token, body: { usdt: 'TAnnOwnUsdt1' } });
  await fund(t(), admin, ann, 300);
  // A withdrawal from before the alert stays as it is; the thief's one, reported by the alert, is cancelled.
  const earlier = await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 40, to: ann.uid } });
  await t().db.query("UPDATE withdrawals SET created_at = now() - interval '1 hour' WHERE id = $1", [earlier.body.data?.id]);
  const stolen = await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 200, to: ann.uid } });
  expect(stolen.status).toBe(201);
  expect(await balanceOf(ann)).toBe(60);
  const alert = mailsTo(ann).filter((m) => m.subject === 'Halcyon: withdrawal requested').at(-1);

  const lockToken = linkToken(alert?.text, '/auth/lock-account');
  const locked = await t().call('lockAccount', { body: { token: lockToken } });
  expect(locked.status).toBe(200);
  // Used once: a second use, or a made-up token, is refused.
  const again = await t().call('lockAccount', { body: { token: lockToken } });
  expect(again.status).toBe(400);
  expect(again.body.message).toBe('This lock link is invalid, expired or already used');
  expect((await t().call('lockAccount', { body: { token: 'x'.repeat(43) } })).status).toBe(400);
  expect(locked.body.message).toBe(
    'Your account is locked. Every session has ended, withdrawals requested since the alert are cancelled, and nobody can sign in or withdraw until you reset your password.',
  );
  expect((await t().call('getProfile', { token: ann.token })).status).toBe(401);

  // The stolen password no longer signs in (only someone who knows it learns why).
  const back = await login(ann.email, ann.password);
  expect(back.status).toBe(403);
  expect(back.body).toMatchObject({ code: 'ACCOUNT_FROZEN', message: 'This account is locked. Reset your password by email to unlock it.' });
  expect((await login(ann.email, 'not-the-password-1')).status).toBe(401);

  // The reported withdrawal is cancelled and its money is back; the admin cannot approve it, nor the older one while frozen.
  const list = (await t().call('listWithdrawals', { token: admin.token })).body.data ?? [];
  const status = (id: string | undefined) => list.find((w) => w.id === id)?.status;
  expect(status(stolen.body.data?.id)).toBe('declined');
  expect(status(earlier.body.data?.id)).toBe('pending');
  expect((await t().call('approveWithdrawal', { token: admin.token, params: { id: stolen.body.data?.id ?? '' } })).status).toBe(409);
  const older = await t().call('approveWithdrawal', { token: admin.token, params: { id: earlier.body.data?.id ?? '' } });
  expect(older.status).toBe(409);
  expect(older.body.code).toBe('ACCOUNT_FROZEN');
  const ledger = await t().db.query<{ reason: string }>("SELECT reason FROM transfers WHERE ref_id = $1 AND kind = 'withdrawal_release'", [stolen.body.data?.id]);
  expect(ledger.rows).toEqual([{ reason: 'Withdrawal cancelled: the owner locked the account' }]);

  // Admins see the frozen flag and its reason; the audit trail has the lock.
  const row = (await t().call('listUsers', { token: admin.token })).body.data?.find((u) => u.uid === ann.uid);
  expect(row?.frozen).toMatchObject({ reason: 'Locked by its owner from a security alert' });
  const events = await t().db.query<{ kind: string; detail: { cancelledWithdrawals: string[] } }>('SELECT kind, detail FROM security_events WHERE uid = $1', [ann.uid]);
  expect(events.rows).toEqual([{ kind: 'account-locked', detail: expect.objectContaining({ cancelledWithdrawals: [stolen.body.data?.id] }) }]);

  // A password reset by mail unlocks it.
  const password = 'Brand-New-Harbor-9931';
  await resetPassword(ann, password);
  const fresh = await login(ann.email, password);
  expect(fresh.status).toBe(200);
  expect((await t().call('listUsers', { token: admin.token })).body.data?.find((u) => u.uid === ann.uid)?.frozen).toBeNull();
  expect((await t().call('getProfile', { token: fresh.body.token ?? '' })).body.data?.balance).toBe(260);
});

test('lock links sent before a password reset are dead after it', async () => {
  t().mails.length = 0;
  await t().call('updateProfile', { token: bob.token, body: { bitcoin: 'bc1q-bob-1' } });
  await t().call('updateProfile', { token: bob.token, body: { bitcoin: 'bc1q-bob-2' } });
  const older = mailsTo(bob).filter((m) => m.text.includes('/auth/lock-account?token='));
  expect(older).toHaveLength(2);
  await resetPassword(bob, 'Brand-New-Harbor-9931');
  for (const mail of older) {
    const used = await t().call('lockAccount', { body: { token: linkToken(mail.text, '/auth/lock-account') } });
    expect(used.status).toBe(400);
  }
  // The alert of the reset itself carries a link that still works.
  const resetAlert = mailsTo(bob).filter((m) => m.subject === 'Halcyon: your password was changed').at(-1);
  expect((await t().call('lockAccount', { body: { token: linkToken(resetAlert?.text, '/auth/lock-account') } })).status).toBe(200);
});

test("a withdrawal racing the lock link is either cancelled by it or refused: none stays open", async () => {
  await t().call('updateProfile', { token: ann.token, body: { usdt: 'TAnnOwnUsdt1' } });
  await fund(t(), admin, ann, 500);
  const alert = mailsTo(ann).filter((m) => m.text.includes('/auth/lock-account?token=')).at(-1);
  const token = linkToken(alert?.text, '/auth/lock-account');
  const tries = Array.from({ length: 4 }, () => t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 10, to: ann.uid } }));
  const [lock] = await Promise.all([t().call('lockAccount', { body: { token } }), ...tries]);
  expect(lock.status).toBe(200);
  const open = await t().db.query("SELECT id FROM withdrawals WHERE uid = $1 AND status IN ('pending', 'processing')", [ann.uid]);
  expect(open.rows).toEqual([]);
  expect((await t().db.query<{ n: number }>('SELECT n FROM open_withdrawals WHERE uid = $1', [ann.uid])).rows[0]?.n ?? 0).toBe(0);
});

describe("an admin's two-factor reset", () => {
  async function enrol(user: TestUser): Promise<string> {
    const setup = await t().call('startTwoFactor', { token: user.token, body: { password: user.password } });
    const secret = setup.body.data?.secret ?? '';
    await t().call('enableTwoFactor', { token: user.token, body: { password: user.password, code: generateSync({ secret }) } });
    return secret;
  }

  test('needs the owner to confirm from the mailed link; it is audited and works once', async () => {
    await enrol(ann);
    const asked = await t().call('requestTwoFactorReset', { token: admin.token, params: { uid: ann.uid }, body: { reason: 'Lost phone; identity checked on a video call' } });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(`A confirmation link was sent to ${ann.email}. Two-factor stays on until they use it.`);
    // Still on until the owner confirms.
    expect((await login(ann.email, ann.password)).body.code).toBe('TOTP_REQUIRED');
    const mail = mailsTo(ann).filter((m) => m.subject === 'Halcyon: confirm turning off two-factor authentication').at(-1);
    const token = linkToken(mail?.text, '/auth/2fa-reset');
    const confirmed = await t().call('confirmTwoFactorReset', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect((await login(ann.email, ann.password)).status).toBe(200);
    expect(mailsTo(ann).map((m) => m.subject)).toContain('Halcyon: two-factor authentication turned off');
    expect((await t().call('confirmTwoFactorReset', { body: { token } })).status).toBe(400);
    const events = await t().db.query<{ kind: string; actor: string; detail: Record<string, string> }>('SELECT kind, actor, detail FROM security_events WHERE uid = $1 ORDER BY id', [ann.uid]);
    expect(events.rows).toEqual([
      { kind: '2fa-reset-requested', actor: admin.uid, detail: { reason: 'Lost phone; identity checked on a video call' } },
      { kind: '2fa-reset-confirmed', actor: ann.uid, detail: { requestedBy: admin.uid } },
    ]);
  });

  test('is refused for an account without two-factor, for investors, for oneself, and with no reason', async () => {
    expect((await t().call('requestTwoFactorReset', { token: admin.token, params: { uid: bob.uid }, body: { reason: 'x' } })).body.code).toBe('TOTP_ALREADY_OFF');
    await enrol(bob);
    expect((await t().call('requestTwoFactorReset', { token: ann.token, params: { uid: bob.uid }, body: { reason: 'x' } })).status).toBe(403);
    expect((await t().call('requestTwoFactorReset', { token: admin.token, params: { uid: admin.uid }, body: { reason: 'x' } })).status).toBe(403);
    const noReason = await t().request<{ message?: string }>('POST', `/admin/users/${bob.uid}/2fa-reset`, { token: admin.token, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/reason/);
    // A newer request replaces the older link.
    await t().call('requestTwoFactorReset', { token: admin.token, params: { uid: bob.uid }, body: { reason: 'first' } });
    const first = linkToken(mailsTo(bob).at(-1)?.text, '/auth/2fa-reset');
    await t().call('requestTwoFactorReset', { token: admin.token, params: { uid: bob.uid }, body: { reason: 'second' } });
    expect((await t().call('confirmTwoFactorReset', { body: { token: first } })).status).toBe(400);
  });
});
