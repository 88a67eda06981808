import { randomUUID } from 'node:crypto';
import { mailLine } from '../../src/mail/mail-line';
import { setupTestServer, USER_PASSWORD } from '../harness';

// A name and the anti-phishing phrase open our mails ("Your anti-phishing phrase: …", "Hello …"):
// one line of plain text, never a link (issue 30 item 4; docs/security.md "Alerts").
const t = setupTestServer();

const LINK = 'must not contain a link or web address (such as https://, www. or example.com)';
const ONE_LINE = 'must be one line, without line breaks or tabs';

const register = (name: string) =>
  t().call('register', { body: { name, username: `u${randomUUID().slice(0, 8)}`, phone: '+14155550123', email: `${randomUUID()}@example.com`, password: USER_PASSWORD } });

test('register, profile and register-admin refuse a name with a line break or a link, naming the field', async () => {
  for (const [name, reason] of [
    ['Ada\nLovelace', ONE_LINE],
    ['Ada\tLovelace', ONE_LINE],
    ['Eve https://evil.example/login', LINK],
    ['Eve visit halcyon-support.com', LINK],
    ['www.evil', LINK],
  ] as const) {
    const res = await register(name);
    expect([name, res.status, res.body.message]).toEqual([name, 400, `name: ${reason}`]);
  }
  const user = await t().registerUser();
  const profile = await t().call('updateProfile', { token: user.token, body: { name: 'Ada\r\nYour account is locked' } });
  expect([profile.status, profile.body.message]).toEqual([400, `name: ${ONE_LINE}`]);
  const admin = await t().call('registerAdmin', { body: { email: `${randomUUID()}@example.com`, password: USER_PASSWORD, name: 'Mallory evil.co/x', inviteCode: 'whatever' } });
  expect([admin.status, admin.body.message]).toEqual([400, `name: ${LINK}`]);
});

test('normal names pass: "Ada Lovelace", "O\'Brien-Smith Jr.", initials, accents, other scripts', async () => {
  for (const name of ['Ada Lovelace', "O'Brien-Smith Jr.", 'A.J. Smith', 'José Núñez', '李小龍']) {
    const res = await register(name);
    expect([name, res.status]).toEqual([name, 201]);
  }
});

test('the anti-phishing phrase refuses line breaks, tabs and links; a plain phrase is kept', async () => {
  const user = await t().registerUser();
  for (const [phrase, reason] of [
    ['blue heron\n\nYour account is locked', ONE_LINE],
    ['blue\theron', ONE_LINE],
    ['unlock at https://evil.example', LINK],
    ['visit evil.com/unlock', LINK],
    ['www.halcyon-help', LINK],
  ] as const) {
    const res = await t().call('updateProfile', { token: user.token, body: { antiPhishingPhrase: phrase } });
    expect([phrase, res.status, res.body.message]).toEqual([phrase, 400, `antiPhishingPhrase: ${reason}`]);
  }
  const ok = await t().call('updateProfile', { token: user.token, body: { antiPhishingPhrase: 'blue heron at dawn, 3.5 kg', currentPassword: user.password } });
  expect(ok.body.data?.antiPhishingPhrase).toBe('blue heron at dawn, 3.5 kg');
});

test('names and phrases stored before the rule reach mails as one line with every link defused', async () => {
  const user = await t().registerUser();
  // Written around the contract, as values saved before the rule existed.
  await t().db.query('UPDATE users SET name = $2, anti_phishing_phrase = $3 WHERE id = $1', [
    user.uid,
    'Eve\n\nYour account is locked. Unlock it at https://evil.example/unlock or www.evil.example\u202e',
    'heron\r\n\r\nURGENT: verify at evil.example/login\tor 10.0.0.1',
  ]);
  t().mails.length = 0;
  await t().call('forgotPassword', { body: { email: user.email } });
  const mail = t().mails.find((m) => m.to === user.email)?.text ?? '';
  const [phraseLine, blank, hello] = mail.split('\n');
  expect(phraseLine).toBe('Your anti-phishing phrase: heron URGENT: verify at evil[.]example/login or 10[.]0[.]0[.]1');
  expect(blank).toBe('');
  expect(hello).toBe('Hello Eve Your account is locked. Unlock it at https[:]//evil[.]example/unlock or www[.]evil[.]example,');
  // Nothing of the stored values is a link any more: the only URL of the mail is our reset link.
  expect(mail.match(/https?:\/\/\S+/g)).toEqual([expect.stringMatching(/^http:\/\/localhost:\d+\/auth\/reset_password\?token=/)]);
});

test('the database (the phrase) and the server (names) render a stored value alike', async () => {
  const values = [
    'Ada Lovelace',
    "  O'Brien-Smith Jr.  ",
    'A.J. Smith',
    'Eve\n\nvisit https://evil.example/x?y=1',
    'www.evil.example',
    'evil\u3002com and evil\uff0ecom',
    'a\u202emoc.live\u200b\ufeff\u2028next line',
    'call 192.168.0.1 or 1.5',
    'x.😀😀 and 😀.ab',
    'x'.repeat(130),
    `${'y'.repeat(58)}.com`,
    '\u00a0\u3000 spaces \t\v\f everywhere \u0085',
    '',
  ];
  for (const value of values) {
    for (const max of [60, 120]) {
      const { rows } = await t().db.query<{ line: string }>('SELECT mail_line($1, $2) AS line', [value, max]);
      expect([value, max, rows[0]?.line]).toEqual([value, max, mailLine(value, max)]);
    }
  }
  expect(mailLine('x'.repeat(130), 120)).toBe(`${'x'.repeat(119)}…`);
});
