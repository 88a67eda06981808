import { buildApp } from '../../src/app';
import { resolveTokenSecret } from '../../src/auth/secret';
import { ensureBootstrapAdmin } from '../../src/services/bootstrap-admin';
import { ADMIN_EMAIL, setupTestServer } from '../harness';

const t = setupTestServer();

test('the first admin is created once, even when several processes start together', async () => {
  const s = t();
  await s.db.query("DELETE FROM users WHERE role = 'admin'");
  await Promise.all([1, 2, 3].map(() => ensureBootstrapAdmin(s.db, s.config, s.app.log)));
  const admins = await s.db.query<{ email: string }>("SELECT email FROM users WHERE role = 'admin'");
  expect(admins.rows).toEqual([{ email: ADMIN_EMAIL }]);
});

test('no admin is created when one already exists, whatever ADMIN_EMAIL says', async () => {
  const s = t();
  await ensureBootstrapAdmin(s.db, { ...s.config, adminEmail: 'someone-else@example.com' }, s.app.log);
  expect((await s.db.query("SELECT 1 FROM users WHERE role = 'admin'")).rows).toHaveLength(1);
});

test('a generated token key is stored once and shared: a restarted server accepts earlier sessions', async () => {
  const s = t();
  const keys = await Promise.all([resolveTokenSecret(s.db, undefined), resolveTokenSecret(s.db, undefined)]);
  expect(keys[0]).toBe(keys[1]);
  expect(keys[0]?.length).toBeGreaterThanOrEqual(48);
  expect(await resolveTokenSecret(s.db, 'x'.repeat(40))).toBe('x'.repeat(40));
  const user = await s.registerUser();
  const restarted = await buildApp(s.config, { db: s.db, mailTransport: null });
  try {
    const res = await restarted.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode).toBe(200);
  } finally {
    await restarted.close();
  }
});
