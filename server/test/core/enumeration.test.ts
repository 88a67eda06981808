import type { MailMessage } from '../../src/mail/mailer';
import { MAIL_JOB } from '../../src/mail/outbox';
import { USER_PASSWORD, setupTestServer } from '../harness';

// A mail server that holds every mail until the test lets it go.
const held: Array<{ message: MailMessage; release: () => void }> = [];
const t = setupTestServer({}, {
  mailTransport: {
    send: (message) => new Promise<void>((release) => held.push({ message, release })),
  },
});

afterEach(() => {
  for (const h of held.splice(0)) h.release();
});

const forgot = (email: string) =>
  t().fetch('/api/auth/forgot_password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });

test('forgot_password answers a known email before any of its work (lookup, token, mail) is done, exactly as an unknown one', async () => {
  const user = await t().registerUser();
  const known = await forgot(user.email);
  const unknown = await forgot('nobody-here@example.com');
  // Answered while the known email's mail is still held (or not even looked up yet): the answer
  // cannot depend on whether the account exists.
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(await known.text()).toBe(await unknown.text());
  expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
  // The work still happens, after the answer: one mail, to the real account only.
  await t().app.background.idle();
  const delivering = t().app.jobs.settle(MAIL_JOB);
  await new Promise<void>((resolve) => {
    const poll = () => (held.length ? resolve() : setTimeout(poll, 5));
    poll();
  });
  held.shift()?.release();
  await delivering;
  expect(held).toEqual([]);
  const { rows } = await t().db.query<{ to_address: string }>('SELECT to_address FROM mail_outbox');
  expect(rows).toEqual([{ to_address: user.email }]);
});

test('register-admin checks the invite first: with a bogus code a taken email and a free one both get the same 403', async () => {
  const user = await t().registerUser();
  const taken = await t().call('registerAdmin', { body: { email: user.email, password: USER_PASSWORD, inviteCode: 'bogus-code' } });
  const free = await t().call('registerAdmin', { body: { email: 'free-email@example.com', password: USER_PASSWORD, inviteCode: 'bogus-code' } });
  expect(taken.status).toBe(403);
  expect(taken.body).toEqual({ message: 'Invite code is invalid, expired or already used', code: 'INVALID_INVITE' });
  expect(free.body).toEqual(taken.body);
});

test('with a valid invite, a taken email is still 409 (the invite holder is trusted) and the invite stays unspent', async () => {
  const user = await t().registerUser();
  const admin = await t().loginAdmin();
  const invite = await t().call('createInvite', { token: admin.token });
  const res = await t().call('registerAdmin', { body: { email: user.email, password: USER_PASSWORD, inviteCode: invite.body.data.code } });
  expect(res.status).toBe(409);
  const list = await t().call('listInvites', { token: admin.token });
  expect(list.body.data).toEqual([expect.objectContaining({ code: invite.body.data.code, usedBy: null })]);
});
