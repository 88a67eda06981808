import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_PASSWORD, setupTestServer } from '../harness';

const t = setupTestServer();

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { uid: string; role: string; exp: number };
const newUser = { name: 'Ada Lovelace', username: 'ada', phone: '+14155550123', email: 'Ada@Example.com', password: 'Quiet-Harbor-4812' };

describe('register', () => {
  test('creates an investor (201) with a zeroed profile and never returns the password', async () => {
    const res = await t().call('register', { body: newUser });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Registration Successful!');
    expect(res.body.data).toMatchObject({ name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com', phoneNumber: '+14155550123', role: 'user', balance: 0, btcBal: 0, copyTraders: [] });
    expect(JSON.stringify(res.body)).not.toMatch(/Quiet-Harbor|password/i);
    const row = await t().db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', ['ada@example.com']);
    expect(row.rows[0]?.password_hash).toMatch(/^scrypt\$/);
  });

  test('a duplicate email (any case) is 409 naming the email', async () => {
    await t().call('register', { body: newUser });
    const res = await t().call('register', { body: { ...newUser, username: 'other', email: 'ADA@example.COM' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Email is already registered', code: 'EMAIL_TAKEN' });
  });

  test('a duplicate username (any case) is 409 naming the username', async () => {
    await t().call('register', { body: newUser });
    const res = await t().call('register', { body: { ...newUser, username: 'ADA', email: 'other@example.com' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Username is already taken', code: 'USERNAME_TAKEN' });
  });

  test.each([
    [{ email: undefined }, 'email: is required'],
    [{ email: 'not-an-email' }, 'email: must be a valid email address'],
    [{ password: 'short' }, 'password: must be at least 8 characters'],
    [{ phone: '4155550123' }, 'phone: must be an international number such as +14155550123'],
    [{ name: '   ' }, 'name: is required'],
    [{ username: 'has space' }, 'username: may contain only letters, digits, _ . and -'],
    [{ name: 42 }, 'name: must be text'],
  ])('%j is refused with 400 "%s"', async (change, message) => {
    const res = await t().request('POST', '/auth/register', { body: { ...newUser, ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'VALIDATION' });
  });

  test('a body that is not an object is 400 naming the body', async () => {
    const res = await t().request('POST', '/auth/register', { body: [1, 2] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'body: must be a JSON object', code: 'VALIDATION' });
  });
});

describe('login', () => {
  test('an investor gets their profile and a 12-hour token; remember gives 30 days', async () => {
    await t().call('register', { body: newUser });
    const res = await t().call('login', { body: { email: 'ADA@example.com', password: newUser.password } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Login Successfully');
    expect(res.body.data).toMatchObject({ role: 'user', email: 'ada@example.com' });
    const now = Date.now() / 1000;
    expect(claimsOf(res.body.token).exp - now).toBeGreaterThan(12 * 3600 - 60);
    expect(claimsOf(res.body.token).exp - now).toBeLessThan(12 * 3600 + 60);
    const remembered = await t().call('login', { body: { email: newUser.email, password: newUser.password, remember: true } });
    expect(claimsOf(remembered.body.token).exp - now).toBeGreaterThan(30 * 24 * 3600 - 60);
    const profile = await t().call('getProfile', { token: res.body.token });
    expect(profile.status).toBe(200);
  });

  test('the first admin from ADMIN_EMAIL logs in through the same endpoint with role admin', async () => {
    const res = await t().call('login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'admin', email: ADMIN_EMAIL });
    expect(claimsOf(res.body.token).role).toBe('admin');
    expect((await t().call('listUsers', { token: res.body.token })).status).toBe(200);
  });

  test.each([
    ['an unknown email', 'nobody@example.com', USER_PASSWORD],
    ['a wrong password', 'ada@example.com', 'Wrong123!'],
  ])('%s is 401 Invalid email or password', async (_label, email, password) => {
    await t().call('register', { body: newUser });
    const res = await t().call('login', { body: { email, password } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
  });

  test('a closed account cannot log in and its tokens stop working', async () => {
    const user = await t().registerUser();
    const admin = await t().loginAdmin();
    expect((await t().call('deleteUser', { token: admin.token, params: { uid: user.uid } })).status).toBe(200);
    const login = await t().call('login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Invalid email or password');
    const profile = await t().call('getProfile', { token: user.token });
    expect(profile.status).toBe(401);
    expect(profile.body.code).toBe('SESSION_REVOKED');
  });

  test('expired, tampered and foreign-key tokens are 401', async () => {
    const user = await t().registerUser();
    const expired = t().tokenFor(user.uid, 'user', { ttlSeconds: -5 });
    expect((await t().call('getProfile', { token: expired })).body).toEqual({ message: 'Invalid or expired token', code: 'INVALID_TOKEN' });
    const [v, claims, sig] = user.token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claimsOf(user.token), role: 'admin' })).toString('base64url');
    expect((await t().call('listUsers', { token: `${v}.${forged}.${sig}` })).status).toBe(401);
    expect((await t().call('getProfile', { token: `${v}.${claims}.${'A'.repeat(43)}` })).status).toBe(401);
    expect((await t().call('getProfile', { token: 'garbage' })).status).toBe(401);
    expect((await t().call('getProfile', {})).body).toEqual({ message: 'Authentication required', code: 'UNAUTHENTICATED' });
  });

  test('only the canonical base64url spelling of a token verifies', async () => {
    const user = await t().registerUser();
    const [v, claims = '', sig = ''] = user.token.split('.');
    // The last signature character carries 2 unused bits: flipping them decodes to the same bytes.
    const last = sig.at(-1) ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBits = alphabet[alphabet.indexOf(last) ^ 1] ?? '';
    const variants = [`${v}.${claims}.${sig}=`, `${v}.${claims}=.${sig}`, `${v}.${claims}.${sig.slice(0, -1)}${sameBits}`, `${v}.${claims}.${sig.replaceAll('-', '+').replaceAll('_', '/')}`];
    for (const token of variants) {
      if (token === user.token) continue;
      expect((await t().call('getProfile', { token })).body).toEqual({ message: 'Invalid or expired token', code: 'INVALID_TOKEN' });
    }
    expect((await t().call('getProfile', { token: user.token })).status).toBe(200);
  });

  test('login is rate limited per client and email: the 11th attempt in a minute is 429', async () => {
    t().config.rateLimits.login = 10;
    try {
      for (let i = 0; i < 10; i++) expect((await t().call('login', { body: { email: 'limit@example.com', password: 'x' } })).status).toBe(401);
      const res = await t().call('login', { body: { email: 'limit@example.com', password: 'x' } });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: expect.stringMatching(/^Too many attempts, please try again in \d+ (seconds?|minutes?)$/), code: 'RATE_LIMITED' });
      // Another email from the same client is counted separately.
      expect((await t().call('login', { body: { email: 'other@example.com', password: 'x' } })).status).toBe(401);
    } finally {
      t().config.rateLimits.login = 0;
    }
  });
});

describe('rate limits', () => {
  test.each([
    ['register', 'register', 5, (i: number) => ({ name: 'Rate Limit', username: `rl${i}`, phone: '+14155550123', email: `rl${i}@example.com`, password: USER_PASSWORD })],
    ['forgot_password', 'reset', 5, () => ({ email: 'rl@example.com' })],
    ['reset_password', 'reset', 5, () => ({ email: 'rl@example.com' })],
  ] as const)('POST /auth/%s allows %s… then 429', async (path, key, max, body) => {
    t().config.rateLimits[key] = max;
    try {
      for (let i = 0; i < max; i++) expect((await t().request('POST', `/auth/${path}`, { body: body(i) })).status).not.toBe(429);
      const res = await t().request('POST', `/auth/${path}`, { body: body(max) });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: expect.stringMatching(/^Too many attempts, please try again in \d+ (seconds?|minutes?)$/), code: 'RATE_LIMITED' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      t().config.rateLimits[key] = 0;
    }
  });
});

describe('forgot and reset password', () => {
  const linkIn = (text: string) => {
    const m = /http:\/\/localhost:\d+\/auth\/reset_password\?token=([\w-]+)&email=([^\s]+)/.exec(text);
    if (!m?.[1]) throw new Error(`no reset link in ${text}`);
    return { token: m[1], email: decodeURIComponent(m[2] ?? '') };
  };

  test('known and unknown emails get the same 200 answer; only the known one gets a mail, kept in the outbox', async () => {
    const user = await t().registerUser();
    const known = await t().call('forgotPassword', { body: { email: user.email } });
    const unknown = await t().call('forgotPassword', { body: { email: 'nobody@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ message: 'If an account exists for that email, a password reset link has been sent.' });
    expect(t().mails).toHaveLength(1);
    expect(t().mails[0]?.to).toBe(user.email);
    expect(linkIn(t().mails[0]?.text ?? '').email).toBe(user.email);
    const outbox = await t().db.query<{ to_address: string; sent_at: Date | null }>('SELECT to_address, sent_at FROM mail_outbox');
    expect(outbox.rows).toEqual([{ to_address: user.email, sent_at: expect.any(Date) }]);
    const stored = await t().db.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens');
    expect(stored.rows[0]?.token_hash).not.toBe(linkIn(t().mails[0]?.text ?? '').token);
  });

  test('the emailed token resets the password once, ends old sessions, and cannot be reused', async () => {
    const user = await t().registerUser();
    await t().call('resetPassword', { body: { email: user.email } });
    const { token } = linkIn(t().mails[0]?.text ?? '');
    const res = await t().call('resetPassword', { body: { email: user.email, token, password: 'NewSecret456!' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your password has been reset. You can log in now.' });
    expect((await t().call('getProfile', { token: user.token })).status).toBe(401);
    expect((await t().call('login', { body: { email: user.email, password: user.password } })).status).toBe(401);
    expect((await t().call('login', { body: { email: user.email, password: 'NewSecret456!' } })).status).toBe(200);
    const again = await t().call('resetPassword', { body: { email: user.email, token, password: 'Another-Meadow-789' } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'This reset link is invalid or has expired', code: 'INVALID_RESET_TOKEN' });
  });

  test('an expired token, or one for another email, is refused', async () => {
    const a = await t().registerUser();
    const b = await t().registerUser();
    await t().call('forgotPassword', { body: { email: a.email } });
    const { token } = linkIn(t().mails[0]?.text ?? '');
    expect((await t().call('resetPassword', { body: { email: b.email, token, password: 'NewSecret456!' } })).status).toBe(400);
    await t().db.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'");
    const res = await t().call('resetPassword', { body: { email: a.email, token, password: 'NewSecret456!' } });
    expect(res.body.code).toBe('INVALID_RESET_TOKEN');
  });

  test('a token without a password is 400 naming password', async () => {
    const res = await t().call('resetPassword', { body: { email: 'a@example.com', token: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'password: is required', code: 'VALIDATION' });
  });
});

describe('register-admin', () => {
  const body = { email: 'second-admin@example.com', password: 'AdminPass1!', name: 'Second Admin' };

  test('needs an invite code by default', async () => {
    const res = await t().call('registerAdmin', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'inviteCode: is required', code: 'VALIDATION' });
    const bad = await t().call('registerAdmin', { body: { ...body, inviteCode: 'made-up' } });
    expect(bad.status).toBe(403);
    expect(bad.body).toEqual({ message: 'Invite code is invalid, expired or already used', code: 'INVALID_INVITE' });
    expect((await t().call('login', { body: { email: body.email, password: body.password } })).status).toBe(401);
  });

  test('an admin-made invite works once and is listed as used', async () => {
    const admin = await t().loginAdmin();
    const invite = await t().call('createInvite', { token: admin.token });
    expect(invite.status).toBe(201);
    const expires = new Date(invite.body.data.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    const res = await t().call('registerAdmin', { body: { ...body, inviteCode: invite.body.data.code } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Registration Successfully', data: { role: 'admin', email: body.email, name: 'Second Admin' } });
    const reuse = await t().call('registerAdmin', { body: { ...body, email: 'third@example.com', inviteCode: invite.body.data.code } });
    expect(reuse.status).toBe(403);
    const list = await t().call('listInvites', { token: admin.token });
    expect(list.body.data).toEqual([expect.objectContaining({ code: invite.body.data.code, usedBy: res.body.data.uid, createdBy: admin.uid })]);
    const login = await t().call('login', { body: { email: body.email, password: body.password } });
    expect(login.body.data).toMatchObject({ role: 'admin' });
  });

  test('an expired invite is refused', async () => {
    const admin = await t().loginAdmin();
    const invite = await t().call('createInvite', { token: admin.token });
    await t().db.query("UPDATE admin_invites SET expires_at = now() - interval '1 second'");
    expect((await t().call('registerAdmin', { body: { ...body, inviteCode: invite.body.data.code } })).status).toBe(403);
  });

  test('ADMIN_REGISTRATION=open lets anyone register an admin without a code', async () => {
    t().config.adminRegistration = 'open';
    try {
      const res = await t().call('registerAdmin', { body: { email: 'open@example.com', password: 'AdminPass1!' } });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ role: 'admin', name: 'open' });
    } finally {
      t().config.adminRegistration = 'invite';
    }
  });

  test('an email already used by an investor is 409', async () => {
    const user = await t().registerUser();
    t().config.adminRegistration = 'open';
    try {
      const res = await t().call('registerAdmin', { body: { email: user.email, password: 'AdminPass1!' } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Email is already registered');
    } finally {
      t().config.adminRegistration = 'invite';
    }
  });
});

describe('request errors', () => {
  test('malformed JSON is 400 INVALID_JSON', async () => {
    const res = await t().request('POST', '/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body', code: 'INVALID_JSON' });
  });

  test('a JSON body over 1 MB is 413', async () => {
    const res = await t().request('POST', '/auth/login', { body: { email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request is too large', code: 'TOO_LARGE' });
  });

  test('an unsupported content type is 415, not a 500', async () => {
    const res = await t().request('POST', '/auth/login', { body: '<email/>', headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' });
    const text = await t().request('POST', '/auth/login', { body: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ message: 'body: must be a JSON object', code: 'VALIDATION' });
  });
});
