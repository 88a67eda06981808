import { createHmac } from 'node:crypto';
import { buildApp } from '../../src/app';
import { resolveTokenSecret } from '../../src/auth/secret';
import { setupTestServer } from '../harness';

const t = setupTestServer();

describe('POST /api/auth/logout', () => {
  test("revokes the presented token: its next use is a 401 SESSION_REVOKED; the user's other sessions go on", async () => {
    const user = await t().registerUser();
    const other = await t().call('login', { body: { email: user.email, password: user.password } });
    expect((await t().call('getProfile', { token: user.token })).status).toBe(200);

    expect(await t().call('logout', { token: user.token })).toEqual(expect.objectContaining({ status: 200, body: { message: 'Logged out' } }));
    expect(await t().call('getProfile', { token: user.token })).toEqual(expect.objectContaining({ status: 401, body: expect.objectContaining({ code: 'SESSION_REVOKED' }) }));
    expect((await t().call('logout', { token: user.token })).status).toBe(401);
    expect((await t().call('getProfile', { token: other.body.token })).status).toBe(200);
    // Logging in again gives a fresh, working token.
    const again = await t().call('login', { body: { email: user.email, password: user.password } });
    expect((await t().call('getProfile', { token: again.body.token })).status).toBe(200);
  });

  test('works for admins too, and needs a token', async () => {
    const admin = await t().loginAdmin();
    expect((await t().call('logout', { token: admin.token })).status).toBe(200);
    expect((await t().call('listUsers', { token: admin.token })).status).toBe(401);
    expect(await t().call('logout')).toEqual(expect.objectContaining({ status: 401, body: expect.objectContaining({ code: 'UNAUTHENTICATED' }) }));
  });

  test('the revocation is in the database: a second server process on the same database refuses the token too', async () => {
    const user = await t().registerUser();
    const second = await buildApp(t().config, { db: t().db });
    try {
      const profile = () => second.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${user.token}` } });
      expect((await profile()).statusCode).toBe(200);
      expect((await t().call('logout', { token: user.token })).status).toBe(200);
      expect((await profile()).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  test('rows of expired tokens are removed when another token is revoked', async () => {
    await t().db.query("INSERT INTO revoked_tokens (token_hash, expires_at) VALUES ('old', now() - interval '1 second')");
    const user = await t().registerUser();
    // A token without a session row (signed here, not by a login) is revoked by its hash.
    const sessionless = t().tokenFor(user.uid, 'user');
    await t().call('logout', { token: sessionless });
    const { rows } = await t().db.query<{ token_hash: string }>('SELECT token_hash FROM revoked_tokens');
    expect(rows.map((r) => r.token_hash)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(JSON.stringify(rows)).not.toContain(sessionless);
  });

  test('a login\'s token is ended through its session: nothing lands in revoked_tokens', async () => {
    const user = await t().registerUser();
    await t().call('logout', { token: user.token });
    expect((await t().db.query('SELECT 1 FROM revoked_tokens')).rows).toEqual([]);
    expect((await t().db.query<{ ended_by: string }>('SELECT ended_by FROM sessions WHERE uid = $1', [user.uid])).rows).toEqual([{ ended_by: 'logout' }]);
  });

  test('a token issued before tokens carried an id (no jti) still works, and logout revokes it', async () => {
    const user = await t().registerUser();
    const secret = await resolveTokenSecret(t().db, t().config.tokenSecret);
    const body = `v1.${Buffer.from(JSON.stringify({ uid: user.uid, role: 'user', tv: 0, exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url')}`;
    const legacy = `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    expect((await t().call('getProfile', { token: legacy })).status).toBe(200);
    expect((await t().call('logout', { token: legacy })).status).toBe(200);
    expect((await t().call('getProfile', { token: legacy })).status).toBe(401);
    expect((await t().call('getProfile', { token: user.token })).status).toBe(200);
  });
});
