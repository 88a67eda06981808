import { setupTestServer } from '../harness';
import { fund, setupCast } from '../ledger/helpers';

// The payout book (issue 12 item 1; docs/security.md "Payout addresses"), with its safety on:
// 24 h before a destination saved after the first approved deposit can be used, 24 h of no
// withdrawals after a password change.
// The services' clock (deps.clock): a test moves it on instead of waiting or editing rows.
let skewMs = 0;
const clock = { now: () => new Date(Date.now() + skewMs) };
afterEach(() => {
  skewMs = 0;
});
const t = setupTestServer({ payoutSafety: { cooldownHours: 24, passwordPauseHours: 24 } }, { clock });
const { admin, ann } = setupCast(t, { ann: {} });

const withdraw = (body: { method: 'bitcoin' | 'ethereum' | 'solana' | 'usdt' | 'bank'; amount: number; address?: string }) =>
  t().call('createWithdrawal', { token: ann.token, body: { ...body, to: ann.uid } });
const utcPattern = /(it|they) can be used from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/;

test('an address saved before any approved deposit is usable at once; the spec body pays to it', async () => {
  expect((await t().call('updateProfile', { token: ann.token, body: { bitcoin: 'bc1q-before-funding' } })).status).toBe(200);
  await fund(t(), admin, ann, 300, 'bitcoin');
  const w = await withdraw({ method: 'bitcoin', amount: 50 });
  expect(w.status).toBe(201);
  expect(w.body.data?.address).toBe('bc1q-before-funding');
  // Naming the saved address is the same destination.
  expect((await withdraw({ method: 'bitcoin', amount: 10, address: 'bc1q-before-funding' })).status).toBe(201);
});

test('a crypto withdrawal with no saved address is a 400 with the spec text', async () => {
  await fund(t(), admin, ann, 100, 'ethereum');
  const w = await withdraw({ method: 'ethereum', amount: 10 });
  expect(w.status).toBe(400);
  expect(w.body.message).toBe('Please provide a valid wallet address.');
});

test('after funding, a changed address (Settings or a new one in the body) waits 24 h, and the refusal says from when', async () => {
  await fund(t(), admin, ann, 300, 'bitcoin');
  const saved = await t().call('updateProfile', { token: ann.token, body: { bitcoin: 'bc1q-after-funding' } });
  expect(Object.keys(saved.body.data?.payoutUsableFrom ?? {})).toEqual(['bitcoin']);
  // The owner's profile says how long (the Withdraw screen's text): the server's setting.
  expect(saved.body.data?.payoutCooldownHours).toBe(24);
  expect((await t().call('getProfile', { token: ann.token })).body.data?.payoutCooldownHours).toBe(24);
  const refused = await withdraw({ method: 'bitcoin', amount: 20 });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('PAYOUT_COOLDOWN');
  expect(refused.body.message).toMatch(/^Your Bitcoin address was saved recently\. For your safety it/);
  expect(refused.body.message).toMatch(utcPattern);

  // A new address in the body becomes the saved one (kept although refused) and waits too.
  const named = await withdraw({ method: 'bitcoin', amount: 20, address: 'bc1q-typed-new' });
  expect(named.status).toBe(403);
  expect(named.body.message).toMatch(utcPattern);
  expect((await t().call('getProfile', { token: ann.token })).body.data?.bitcoin).toBe('bc1q-typed-new');

  // A minute short of 24 h it still waits; 24 h later it pays there; no money moved while refused.
  skewMs = 24 * 3600_000 - 60_000;
  expect((await withdraw({ method: 'bitcoin', amount: 20 })).status).toBe(403);
  skewMs = 24 * 3600_000 + 60_000;
  const later = await withdraw({ method: 'bitcoin', amount: 20 });
  expect(later.status).toBe(201);
  expect(later.body.data?.address).toBe('bc1q-typed-new');
});

test('bank details changed after funding hold bank withdrawals for 24 h; other settings do not', async () => {
  await t().call('updateProfile', { token: ann.token, body: { bankName: 'Harbor Savings', accountNumber: '000123454321', routingNumber: '021000021' } });
  await fund(t(), admin, ann, 200);
  await t().call('updateProfile', { token: ann.token, body: { city: 'Lisbon' } });
  expect((await withdraw({ method: 'bank', amount: 10 })).status).toBe(201);
  await t().call('updateProfile', { token: ann.token, body: { accountNumber: '99887766' } });
  const held = await withdraw({ method: 'bank', amount: 10 });
  expect(held.status).toBe(403);
  expect(held.body.message).toMatch(/^Your bank details were saved recently/);
});

test('every withdrawal records where it pays when requested; a later change of payout details changes nothing an admin approves', async () => {
  await t().call('updateProfile', { token: ann.token, body: { bankName: 'Harbor Savings', accountNumber: '000123454321', routingNumber: '021000021', usdt: 'TAnnOwnUsdt1' } });
  await fund(t(), admin, ann, 300);
  const bank = await withdraw({ method: 'bank', amount: 20 });
  expect(bank.status).toBe(201);
  expect(bank.body.data).toMatchObject({ address: '', destination: 'Harbor Savings, account ••••4321, routing ••••0021' });
  const usdt = await withdraw({ method: 'usdt', amount: 15 });
  expect(usdt.body.data).toMatchObject({ address: 'TAnnOwnUsdt1', destination: 'TAnnOwnUsdt1' });
  // A thief with the session changes the payout details afterwards (they wait 24 h for new requests)...
  await t().call('updateProfile', { token: ann.token, body: { bankName: 'Thief Bank', accountNumber: '555566667777', routingNumber: '111000111', usdt: 'TThiefUsdt9' } });
  // ...the admin sees and pays the destinations recorded with the requests.
  const list = await t().call('listWithdrawals', { token: admin.token });
  const destinations = Object.fromEntries((list.body.data ?? []).map((w) => [w.id, w.destination]));
  expect(destinations[bank.body.data?.id ?? '']).toBe('Harbor Savings, account ••••4321, routing ••••0021');
  expect(destinations[usdt.body.data?.id ?? '']).toBe('TAnnOwnUsdt1');
  const approved = await t().call('approveWithdrawal', { token: admin.token, params: { id: bank.body.data?.id ?? '' } });
  expect(approved.body.data?.destination).toBe('Harbor Savings, account ••••4321, routing ••••0021');
  // The full numbers are kept for the payout itself, never shown.
  const row = await t().db.query('SELECT bank_name, account_number, routing_number FROM withdrawals WHERE id = $1', [bank.body.data?.id]);
  expect(row.rows[0]).toEqual({ bank_name: 'Harbor Savings', account_number: '000123454321', routing_number: '021000021' });
});

test('a bank withdrawal needs saved bank details; a usdt one needs an address like every crypto method', async () => {
  await t().call('updateProfile', { token: ann.token, body: { bankName: '', accountNumber: '', routingNumber: '', usdt: '' } });
  await fund(t(), admin, ann, 100);
  const bank = await withdraw({ method: 'bank', amount: 10 });
  expect(bank.status).toBe(400);
  expect(bank.body).toMatchObject({ code: 'BANK_DETAILS_MISSING', message: 'Add your bank name, account number and routing number in Settings before a bank withdrawal.' });
  const usdt = await withdraw({ method: 'usdt', amount: 10 });
  expect(usdt.status).toBe(400);
  expect(usdt.body.message).toBe('Please provide a valid wallet address.');
  const none = await t().db.query('SELECT count(*)::int AS n FROM withdrawals WHERE uid = $1', [ann.uid]);
  expect(none.rows[0]).toEqual({ n: 0 });
});

test('a deposit still pending counts as funded: an address saved meanwhile waits too', async () => {
  expect((await t().call('createDeposit', { token: ann.token, body: { method: 'bitcoin', amount: 500, from: ann.uid } })).status).toBe(201);
  const saved = await t().call('updateProfile', { token: ann.token, body: { bitcoin: 'bc1q-while-pending' } });
  expect(Object.keys(saved.body.data?.payoutUsableFrom ?? {})).toEqual(['bitcoin']);
});

test('withdrawals pause 24 h after a password change, with the time they resume', async () => {
  await fund(t(), admin, ann, 100);
  await t().call('forgotPassword', { body: { email: ann.email } });
  const token = /token=([\w-]+)&email=/.exec(t().mails.find((m) => m.to === ann.email && m.subject.endsWith('reset your password'))?.text ?? '')?.[1] ?? '';
  const password = 'Brand-New-Harbor-9931';
  expect((await t().call('resetPassword', { body: { email: ann.email, token, password } })).status).toBe(200);
  const login = await t().request<{ token?: string }>('POST', '/auth/login', { body: { email: ann.email, password } });
  const w = await t().call('createWithdrawal', { token: login.body.token ?? '', body: { method: 'usdt', amount: 10, to: ann.uid, address: 'TAnnUsdt1' } });
  expect(w.status).toBe(403);
  expect(w.body.code).toBe('PASSWORD_RECENTLY_CHANGED');
  expect(w.body.message).toMatch(/^Withdrawals are paused for 24 hours after a password or two-factor change, until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/);
});
