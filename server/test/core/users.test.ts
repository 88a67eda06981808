import { setupTestServer } from '../harness';
import { PNG, form } from '../uploads';

const t = setupTestServer();

describe('profile', () => {
  test('GET /user/profile returns the caller\'s profile with ledger figures (zero for a new investor)', async () => {
    const user = await t().registerUser({ name: 'Grace Hopper' });
    const res = await t().call('getProfile', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      uid: user.uid, id: user.uid, name: 'Grace Hopper', email: user.email, username: user.username, phoneNumber: user.phone,
      dob: null, profilePic: null, state: '', bankName: '', earnings: 0, balance: 0, totalWithdrawals: 0, totalDeposits: 0,
      btcBal: 0, usdtBal: 0, ethBal: 0, solBal: 0, copyTraders: [],
    });
  });

  test('PATCH saves the profile screen fields and the settings screen fields', async () => {
    const user = await t().registerUser();
    const { mediaUrl } = (await t().call('uploadImage', { token: user.token, body: form(PNG, 'me.png') })).body;
    const profile = await t().call('updateProfile', { token: user.token, body: { profilePic: mediaUrl, dob: '1995-06-15', phoneNumber: '+447911123456' } });
    expect(profile.status).toBe(200);
    expect(profile.body.message).toBe('Profile updated successfully!');
    expect(profile.body.data).toMatchObject({ profilePic: mediaUrl, dob: '1995-06-15', phoneNumber: '+447911123456' });
    const settings = { state: 'CA', city: 'San Francisco', bankName: 'First Bank', accountNumber: '12345678', routingNumber: '021000021', bitcoin: 'bc1qxyz', ethereum: '0xabc', sol: 'So1abc' };
    await t().call('updateProfile', { token: user.token, body: settings });
    const after = await t().call('getProfile', { token: user.token });
    expect(after.body.data).toMatchObject({ ...settings, dob: '1995-06-15' });
  });

  test('profilePic is only a mediaUrl of an image this user uploaded; null or \'\' clears it', async () => {
    const user = await t().registerUser();
    const other = await t().registerUser();
    const mine = (await t().call('uploadImage', { token: user.token, body: form(PNG, 'me.png') })).body.mediaUrl;
    const theirs = (await t().call('uploadImage', { token: other.token, body: form(PNG, 'them.png') })).body.mediaUrl;
    const refused = [
      'javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', 'https://tracker.example.com/pixel.gif',
      theirs, mine.replace(/\.png$/, '.gif'), `${mine}?x=1`, `https://evil.example.com${mine}`, '/api/media/../secret.png',
    ];
    for (const profilePic of refused) {
      const res = await t().call('updateProfile', { token: user.token, body: { profilePic, city: 'Paris' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'profilePic: must be the mediaUrl of an image you uploaded (POST /image/upload-single), or empty', code: 'VALIDATION' });
    }
    // A refused picture saves nothing else from the same request either.
    expect((await t().call('getProfile', { token: user.token })).body.data).toMatchObject({ profilePic: null, city: '' });
    expect((await t().call('updateProfile', { token: user.token, body: { profilePic: mine } })).body.data.profilePic).toBe(mine);
    expect((await t().call('updateProfile', { token: user.token, body: { profilePic: '' } })).body.data.profilePic).toBe('');
    expect((await t().call('updateProfile', { token: user.token, body: { profilePic: null } })).body.data.profilePic).toBeNull();
  });

  test.each([
    [{ dob: '1989-12-31' }, 'dob: must be between 1990-01-01 and 2024-12-31'],
    [{ dob: '2025-01-01' }, 'dob: must be between 1990-01-01 and 2024-12-31'],
    [{ dob: '2001-02-30' }, 'dob: must be a real date'],
    [{ dob: '15/06/1995' }, 'dob: must be a date YYYY-MM-DD'],
    [{ phoneNumber: '12' }, 'phoneNumber: must be an international number such as +14155550123'],
    [{ phoneNumber: '+442' }, 'phoneNumber: must be an international number such as +14155550123'],
    [{ phoneNumber: `+44${'1'.repeat(18)}` }, 'phoneNumber: must be an international number such as +14155550123'],
    [{ password: 'NewPass123!' }, 'password: is not allowed'],
    [{ email: 'x@example.com' }, 'email: is not allowed'],
    [{ accountNumber: '1'.repeat(35) }, 'accountNumber: must be at most 34 characters'],
  ])('%j is 400 "%s"', async (body, message) => {
    const user = await t().registerUser();
    const res = await t().request('PATCH', '/user/profile', { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'VALIDATION' });
  });

  test('the phone rule is the phone field\'s: + calling code + 2 to 17 digits (+112345 and +4420 are taken)', async () => {
    const user = await t().registerUser();
    for (const phoneNumber of ['+112345', '+4420', `+44${'1'.repeat(17)}`]) {
      expect((await t().call('updateProfile', { token: user.token, body: { phoneNumber } })).body.data).toMatchObject({ phoneNumber });
    }
  });

  test('the date-of-birth bounds themselves are accepted', async () => {
    const user = await t().registerUser();
    expect((await t().call('updateProfile', { token: user.token, body: { dob: '1990-01-01' } })).status).toBe(200);
    expect((await t().call('updateProfile', { token: user.token, body: { dob: '2024-12-31' } })).status).toBe(200);
  });
});

describe('admin: users', () => {
  test('lists open investor accounts only, newest first, with their figures and no password', async () => {
    const admin = await t().loginAdmin();
    const a = await t().registerUser();
    const b = await t().registerUser();
    const c = await t().registerUser();
    await t().call('deleteUser', { token: admin.token, params: { uid: c.uid } });
    const res = await t().call('listUsers', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((u) => u.uid)).toEqual([b.uid, a.uid]);
    expect(res.body.data[0]).toMatchObject({ email: b.email, balance: 0 });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
  });

  test('delete closes the account (row and ledger kept): 200, then 409 when already closed, 404 when unknown', async () => {
    const admin = await t().loginAdmin();
    const user = await t().registerUser();
    const res = await t().call('deleteUser', { token: admin.token, params: { uid: user.uid } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User deleted successfully.' });
    const row = await t().db.query<{ closed_at: Date | null }>('SELECT closed_at FROM users WHERE id = $1', [user.uid]);
    expect(row.rows[0]?.closed_at).toBeInstanceOf(Date);
    const again = await t().call('deleteUser', { token: admin.token, params: { uid: user.uid } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This account is already closed', code: 'ALREADY_CLOSED' });
    const unknown = await t().call('deleteUser', { token: admin.token, params: { uid: 'nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
    // An admin is not a "user" of this table.
    expect((await t().call('deleteUser', { token: admin.token, params: { uid: admin.uid } })).status).toBe(404);
  });

  test('an admin sends an investor a reset link; the investor uses it', async () => {
    const admin = await t().loginAdmin();
    const user = await t().registerUser();
    const res = await t().call('sendUserPasswordReset', { token: admin.token, params: { uid: user.uid } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `Password reset link sent to ${user.email}.` });
    expect(t().mails.map((m) => m.to)).toEqual([user.email]);
    const token = /token=([\w-]+)/.exec(t().mails[0]?.text ?? '')?.[1] ?? '';
    expect((await t().call('resetPassword', { body: { email: user.email, token, password: 'Fresh12345!' } })).status).toBe(200);
    expect((await t().call('sendUserPasswordReset', { token: admin.token, params: { uid: 'nope' } })).status).toBe(404);
  });
});
