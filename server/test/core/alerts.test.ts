import { setupTestServer, type TestUser } from '../harness';
import { fund, setupCast } from '../ledger/helpers';

// Security alerts by mail with a "lock my account" link, and the anti-phishing phrase (issue 12
// item 4; docs/security.md "Alerts").
const t = setupTestServer();
const { admin, ann } = setupCast(t, { ann: {} });

const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const mailsTo = (user: TestUser) => t().mails.filter((m) => m.to === user.email);
const lockTokenIn = (text: string): string => {
  const m = /\/auth\/lock-account\?token=([\w-]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no lock link in ${text}`);
  return m[1];
};

async function loginFrom(user: TestUser, userAgent: string, cookie?: string): Promise<string> {
  const res = await t().request<{ token?: string }>('POST', '/auth/login', { body: { email: user.email, password: user.password }, headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) } });
  return res.body.token ?? '';
}

test('a sign-in from a new device is mailed, with the device, the network and a lock link; a known device is not', async () => {
  t().mails.length = 0;
  const first = await t().request('POST', '/auth/login', { body: { email: ann.email, password: ann.password }, headers: { 'user-agent': SAFARI_IPHONE } });
  // The same browser again, with the device cookie the first answer set (core/devices.test.ts has the rest).
  await loginFrom(ann, SAFARI_IPHONE, first.headers.get('set-cookie')?.split(';')[0]);
  const mails = mailsTo(ann);
  expect(mails.map((m) => m.subject)).toEqual(['Halcyon: new sign-in to your account']);
  expect(mails[0]?.text).toContain('Device: Safari on iPhone, new to this account, from network 127.0.0.0/24 (IP address 127.0.0.1).');
  expect(mails[0]?.text).toMatch(/\/auth\/lock-account\?token=[\w-]{40,}/);
});

test('each withdrawal request is mailed (in its own transaction); a payout-address change too', async () => {
  await fund(t(), admin, ann, 500, 'bitcoin');
  t().mails.length = 0;
  const w = await t().call('createWithdrawal', { token: ann.token, body: { method: 'bitcoin', amount: 120, to: ann.uid, address: 'bc1q-alert-test' }, headers: { 'idempotency-key': 'alert-w1' } });
  expect(w.status).toBe(201);
  // A replay of the same request is the same withdrawal: no second mail.
  await t().call('createWithdrawal', { token: ann.token, body: { method: 'bitcoin', amount: 120, to: ann.uid, address: 'bc1q-alert-test' }, headers: { 'idempotency-key': 'alert-w1' } });
  const p = await t().call('updateProfile', { token: ann.token, body: { bitcoin: 'bc1q-new-payout', city: 'Lisbon' } });
  expect(p.status).toBe(200);
  await t().call('updateProfile', { token: ann.token, body: { city: 'Porto' } }); // not a payout detail: no mail
  // Naming a new address saves it as the payout address: that change is mailed too.
  expect(mailsTo(ann).map((m) => m.subject)).toEqual(['Halcyon: your payout details changed', 'Halcyon: withdrawal requested', 'Halcyon: your payout details changed']);
  expect(mailsTo(ann)[0]?.text).toContain('Changed: Bitcoin address, by a withdrawal request naming a new address.');
  expect(mailsTo(ann)[1]?.text).toContain('Amount: $120 by bitcoin to bc1q-alert-test.');
  expect(mailsTo(ann)[2]?.text).toContain('Changed: Bitcoin address.');
  // A refused withdrawal sends nothing: the alert is in the refused transaction.
  t().mails.length = 0;
  const tooMuch = await t().call('createWithdrawal', { token: ann.token, body: { method: 'bitcoin', amount: 100000, to: ann.uid, address: 'bc1q-new-payout' } });
  expect(tooMuch.status).toBeGreaterThanOrEqual(400);
  expect(mailsTo(ann)).toEqual([]);
});

test('an expired lock link is refused', async () => {
  await loginFrom(ann, SAFARI_IPHONE);
  const token = lockTokenIn(mailsTo(ann).at(-1)?.text ?? '');
  await t().db.query("UPDATE account_lock_links SET expires_at = now() - interval '1 second'");
  expect((await t().call('lockAccount', { body: { token } })).status).toBe(400);
  expect((await t().call('getProfile', { token: ann.token })).status).toBe(200);
});

test('the anti-phishing phrase opens every mail to its owner, alerts and reset links alike', async () => {
  const saved = await t().call('updateProfile', { token: ann.token, body: { antiPhishingPhrase: 'blue heron at dawn', currentPassword: ann.password } });
  expect(saved.body.data?.antiPhishingPhrase).toBe('blue heron at dawn');
  t().mails.length = 0;
  await loginFrom(ann, SAFARI_IPHONE);
  await t().call('forgotPassword', { body: { email: ann.email } });
  const mails = mailsTo(ann);
  expect(mails).toHaveLength(2);
  for (const m of mails) expect(m.text.startsWith('Your anti-phishing phrase: blue heron at dawn\n\n')).toBe(true);
  const tooLong = await t().call('updateProfile', { token: ann.token, body: { antiPhishingPhrase: 'x'.repeat(61) } });
  expect(tooLong.status).toBe(400);
  expect(tooLong.body.message).toMatch(/antiPhishingPhrase/);
});

test("the withdrawal alert shows the typed address as one defanged line, never a link", async () => {
  await fund(t(), admin, ann, 100, 'bitcoin');
  t().mails.length = 0;
  const w = await t().call('createWithdrawal', { token: ann.token, body: { method: 'bitcoin', amount: 10, to: ann.uid, address: 'https://evil.example/unlock' } });
  expect(w.status).toBe(201);
  const alert = mailsTo(ann).find((m) => m.subject === 'Halcyon: withdrawal requested');
  expect(alert?.text).toContain('Amount: $10 by bitcoin to https[:]//evil[.]example/unlock.');
});
