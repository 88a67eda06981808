import { generateSync } from 'otplib';
import type { StepUpBody } from '@halcyon/api-client/contract';
import { setupTestServer, type TestUser } from '../harness';
import { fund, setupCast } from '../ledger/helpers';
import { assert, createPasskey, type SoftPasskey } from '../authenticator';

// Passkeys (issue 30 item 6; docs/security.md "Passkeys"): several per account, named and
// removable; sign in with one; one confirms wherever a code is asked, bound to what it confirms;
// with REQUIRE_ADMIN_PASSKEY every admin money decision needs one. A software authenticator
// (test/authenticator.ts) answers as a phone would.
const ORIGIN = 'http://localhost:5173';
const t = setupTestServer({
  webauthn: { rpId: 'localhost', origins: [ORIGIN] },
  rateLimits: { login: 0, loginAccount: 0, loginIp: 0, register: 0, reset: 0, resetIp: 0, secondFactor: 0 },
});
const { admin, ann, bob } = setupCast(t, { ann: {}, bob: {} });

async function addPasskey(user: Pick<TestUser, 'token' | 'password'>, name = 'Phone', uv = true): Promise<SoftPasskey> {
  const options = await t().call('passkeyRegistrationOptions', { token: user.token, body: { password: user.password } });
  expect(options.status).toBe(200);
  const { passkey, response } = createPasskey(options.body.data?.options ?? {}, ORIGIN, { uv });
  const added = await t().call('registerPasskey', { token: user.token, body: { challengeId: options.body.data?.challengeId ?? '', name, response } });
  if (uv) expect(added.status).toBe(201);
  return passkey;
}

/** A passkey's answer to a fresh challenge from `issue`. */
async function answer(passkey: SoftPasskey, issue: Promise<{ status: number; body: { data?: { challengeId: string; options: Record<string, unknown> } } }>, opts: { uv?: boolean; origin?: string } = {}) {
  const challenge = await issue;
  expect(challenge.status).toBe(200);
  return { challengeId: challenge.body.data?.challengeId ?? '', response: assert(passkey, challenge.body.data?.options ?? {}, opts) };
}
const signIn = () => t().call('signInChallenge', { body: { purpose: 'login' } });
const stepUp = (user: TestUser, body: StepUpBody) => t().call('stepUpChallenge', { token: user.token, body });

test('passkeys are added with the password, named, listed, removable, and each change is mailed', async () => {
  const refused = await t().call('passkeyRegistrationOptions', { token: ann.token, body: { password: 'a-thiefs-guess-1' } });
  expect(refused.status).toBe(403);
  const phone = await addPasskey(ann, 'Phone');
  await addPasskey(ann, 'Laptop');
  const list = (await t().call('listPasskeys', { token: ann.token })).body.data ?? [];
  expect(list.map((p) => p.name)).toEqual(['Phone', 'Laptop']);
  expect((await t().call('getProfile', { token: ann.token })).body.data?.passkeyCount).toBe(2);
  expect(t().mails.filter((m) => m.to === ann.email && m.subject === 'Halcyon: a passkey was added')).toHaveLength(2);
  // Removing is a security change too: the password, or a passkey.
  const laptop = list[1]?.id ?? '';
  expect((await t().call('removePasskey', { token: ann.token, params: { id: laptop }, body: {} })).status).toBe(400);
  const withPasskey = await answer(phone, stepUp(ann, { purpose: 'security' }));
  expect((await t().call('removePasskey', { token: ann.token, params: { id: laptop }, body: { passkey: withPasskey } })).status).toBe(200);
  expect((await t().call('listPasskeys', { token: ann.token })).body.data?.map((p) => p.name)).toEqual(['Phone']);
  // Another investor cannot remove it.
  expect((await t().call('removePasskey', { token: bob.token, params: { id: phone.id }, body: { password: bob.password } })).status).toBe(404);
});

test('a passkey without user verification is refused', async () => {
  await addPasskey(ann, 'Key without PIN', false);
  expect((await t().call('listPasskeys', { token: ann.token })).body.data).toEqual([]);
});

test('sign in with a passkey alone; the answer works once, only from our origin, only with user verification', async () => {
  const phone = await addPasskey(ann);
  const first = await answer(phone, signIn());
  const ok = await t().call('passkeyLogin', { body: { passkey: first } });
  expect(ok.status).toBe(200);
  expect(ok.body.message).toBe('Login Successfully');
  expect((await t().call('getProfile', { token: ok.body.token ?? '' })).body.data?.uid).toBe(ann.uid);
  const session = await t().db.query<{ second_factor: string }>('SELECT second_factor FROM sessions WHERE uid = $1 ORDER BY created_at DESC LIMIT 1', [ann.uid]);
  expect(session.rows[0]?.second_factor).toBe('passkey');
  expect((await t().call('passkeyLogin', { body: { passkey: first } })).status).toBe(401); // replayed
  expect((await t().call('passkeyLogin', { body: { passkey: await answer(phone, signIn(), { origin: 'https://evil.example' }) } })).status).toBe(401);
  const noUv = await t().call('passkeyLogin', { body: { passkey: await answer(phone, signIn(), { uv: false }) } });
  expect(noUv.status).toBe(401);
  expect(noUv.body.code).toBe('PASSKEY_INVALID');
  // A cloned key whose counter went backwards.
  const clone = { ...phone, counter: 0 };
  expect((await t().call('passkeyLogin', { body: { passkey: await answer(clone, signIn()) } })).status).toBe(401);
});

test('with a passkey and no TOTP, the password alone no longer signs in: the passkey is the second factor', async () => {
  const phone = await addPasskey(ann);
  const login = (extra: object = {}) => t().request<{ code?: string; token?: string }>('POST', '/auth/login', { body: { email: ann.email, password: ann.password, ...extra } });
  const bare = await login();
  expect(bare.status).toBe(401);
  expect(bare.body.code).toBe('PASSKEY_REQUIRED');
  // Bob's passkey does not stand in for Ann's.
  const bobs = await addPasskey(bob);
  expect((await login({ passkey: await answer(bobs, signIn()) })).status).toBe(401);
  expect((await login({ passkey: await answer(phone, signIn()) })).status).toBe(200);
});

test("a withdrawal's passkey confirmation is bound to its method, amount and destination, and kept as an audit record", async () => {
  await t().call('updateProfile', { token: ann.token, body: { usdt: 'TAnnOwnUsdt1' } });
  await fund(t(), admin, ann, 300);
  const phone = await addPasskey(ann);
  const bound: StepUpBody = { purpose: 'withdrawal', withdrawal: { method: 'usdt', amount: 50 } };
  const without = await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 50, to: ann.uid } });
  expect(without.body.code).toBe('PASSKEY_REQUIRED');
  // Confirmed for 50, used for 250: refused, and nothing moved.
  const other = await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 250, to: ann.uid, passkey: await answer(phone, stepUp(ann, bound)) } });
  expect(other.status).toBe(403);
  expect(other.body.code).toBe('PASSKEY_BINDING');
  // Confirmed for the saved address, used for another one.
  const elsewhere = await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 50, to: ann.uid, address: 'TThief9', passkey: await answer(phone, stepUp(ann, bound)) } });
  expect(elsewhere.body.code).toBe('PASSKEY_BINDING');
  const assertion = await answer(phone, stepUp(ann, bound));
  const ok = await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 50, to: ann.uid, passkey: assertion } });
  expect(ok.status).toBe(201);
  const audit = await t().db.query('SELECT purpose, binding, credential_id, used_for FROM webauthn_challenges WHERE id = $1', [assertion.challengeId]);
  expect(audit.rows[0]).toEqual({ purpose: 'withdrawal', binding: { method: 'usdt', amountCents: 5000, destination: 'TAnnOwnUsdt1' }, credential_id: phone.id, used_for: ok.body.data?.id });
  expect((await t().call('getProfile', { token: ann.token })).body.data?.balance).toBe(250);
});

test('with TOTP on too, a passkey stands in for the code; turning two-factor off takes a passkey instead of password and code', async () => {
  const setup = await t().call('startTwoFactor', { token: ann.token, body: { password: ann.password } });
  await t().call('enableTwoFactor', { token: ann.token, body: { password: ann.password, code: generateSync({ secret: setup.body.data?.secret ?? '' }) } });
  const phone = await addPasskey(ann);
  const login = await t().request<{ code?: string }>('POST', '/auth/login', { body: { email: ann.email, password: ann.password, passkey: await answer(phone, signIn()) } });
  expect(login.status).toBe(200);
  const off = await t().call('disableTwoFactor', { token: ann.token, body: { passkey: await answer(phone, stepUp(ann, { purpose: 'security' })) } });
  expect(off.status).toBe(200);
});

test('a password reset is confirmed with a passkey, only for the account of the emailed link', async () => {
  const phone = await addPasskey(ann);
  await t().call('forgotPassword', { body: { email: ann.email } });
  const token = /token=([\w-]+)&email=/.exec(t().mails.filter((m) => m.to === ann.email).at(-1)?.text ?? '')?.[1] ?? '';
  const body = { email: ann.email, token, password: 'Brand-New-Harbor-9931' };
  expect((await t().call('resetPassword', { body })).body.code).toBe('PASSKEY_REQUIRED');
  expect((await t().call('signInChallenge', { body: { purpose: 'reset', email: ann.email, token: 'made-up-token-000000' } })).status).toBe(400);
  const passkey = await answer(phone, t().call('signInChallenge', { body: { purpose: 'reset', email: ann.email, token } }));
  expect((await t().call('resetPassword', { body: { ...body, passkey } })).status).toBe(200);
});

test('REQUIRE_ADMIN_PASSKEY: each admin money decision needs a passkey confirmation bound to it; the spec body still works without the setting', async () => {
  const key = await addPasskey({ token: admin.token, password: 'Lantern-Admin-7391' }, 'Admin key');
  const dep = async () => (await t().call('createDeposit', { token: ann.token, body: { method: 'bitcoin', amount: 100, from: ann.uid } })).body.data?.id ?? '';
  const [one, two] = [await dep(), await dep()];
  t().config.requireAdminPasskey = true;
  try {
    const bare = await t().call('approveDeposit', { token: admin.token, params: { id: one, method: 'bitcoin' } });
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({ code: 'ADMIN_PASSKEY_REQUIRED', message: 'Confirm this decision with your passkey.' });
    const forTwo = await answer(key, t().call('stepUpChallenge', { token: admin.token, body: { purpose: 'decision', decision: { route: 'approveDeposit', id: two } } }));
    expect((await t().call('approveDeposit', { token: admin.token, params: { id: one, method: 'bitcoin' }, body: { passkey: forTwo } })).body.code).toBe('PASSKEY_BINDING');
    const forOne = await answer(key, t().call('stepUpChallenge', { token: admin.token, body: { purpose: 'decision', decision: { route: 'approveDeposit', id: one } } }));
    expect((await t().call('approveDeposit', { token: admin.token, params: { id: one, method: 'bitcoin' }, body: { passkey: forOne } })).status).toBe(200);
  } finally {
    t().config.requireAdminPasskey = false;
  }
  expect((await t().call('approveDeposit', { token: admin.token, params: { id: two, method: 'bitcoin' } })).status).toBe(200);
});
