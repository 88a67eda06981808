import { SUCCESSFUL_SIGN_IN } from '../../src/auth/sessions';
import { setupTestServer, type TestUser } from '../harness';

// The "new sign-in" alert keys on the browser's device cookie and the network, not the user agent
// (issue 30 item 5; docs/security.md "Alerts"). One proxy hop is trusted, so a test picks the
// client's address with X-Forwarded-For.
const t = setupTestServer({ trustProxy: 1 });

const OWNER_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const NEW_SIGN_IN = 'Halcyon: new sign-in to your account';

const alertsTo = (user: TestUser) => t().mails.filter((m) => m.to === user.email && m.subject === NEW_SIGN_IN);

/** Signs in as `user` from `ip` with `userAgent`, sending `cookie` (a browser's jar) when given; answers the device cookie set. */
async function signIn(user: TestUser, options: { ip?: string; userAgent?: string; cookie?: string | null } = {}): Promise<{ status: number; cookie: string; setCookie: string }> {
  const headers: Record<string, string> = { 'user-agent': options.userAgent ?? OWNER_UA, 'x-forwarded-for': options.ip ?? '198.51.100.20' };
  if (options.cookie) headers.cookie = options.cookie;
  const res = await t().request('POST', '/auth/login', { body: { email: user.email, password: user.password }, headers });
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { status: res.status, setCookie, cookie: setCookie.split(';')[0] ?? '' };
}

/** The owner's browser: signed in once before the test looks (registerUser's login was the first sign-in). */
async function ownerWithDevice(): Promise<{ user: TestUser; cookie: string }> {
  const user = await t().registerUser();
  const { cookie } = await signIn(user);
  t().mails.length = 0;
  return { user, cookie };
}

test('the login answer keeps a random device id in an httpOnly, SameSite=Strict cookie for the login route', async () => {
  const user = await t().registerUser();
  const first = await signIn(user);
  expect(first.status).toBe(200);
  expect(first.setCookie).toMatch(/^halcyon_device=[\w-]{43}; Path=\/api\/auth\/login; Max-Age=34560000; HttpOnly; SameSite=Strict$/);
  // The same browser keeps its id; another browser gets another.
  expect((await signIn(user, { cookie: first.cookie })).cookie).toBe(first.cookie);
  expect((await signIn(user)).cookie).not.toBe(first.cookie);
  // Stored only as a hash, with the network.
  const { rows } = await t().db.query<{ device_hash: string; network: string }>('SELECT device_hash, network FROM sign_ins WHERE uid = $1 AND success', [user.uid]);
  expect(rows.some((r) => r.device_hash === first.cookie.split('=')[1])).toBe(false);
  expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.device_hash))).toBe(true);
  // registerUser's login came straight from 127.0.0.1, these through the proxy.
  expect(new Set(rows.map((r) => r.network))).toEqual(new Set(['127.0.0.0/24', '198.51.100.0/24']));
});

test("the very first sign-in sends nothing; the owner's user agent copied without the cookie is a new device; the owner with the cookie gets no alert", async () => {
  const user = await t().registerUser();
  expect(alertsTo(user)).toEqual([]);
  const { cookie } = await signIn(user);
  t().mails.length = 0;

  // The owner, from the same browser and network: nothing.
  await signIn(user, { cookie });
  expect(alertsTo(user)).toEqual([]);

  // A thief with the owner's user agent (and even the owner's network) but not the cookie.
  await signIn(user, { userAgent: OWNER_UA });
  // A made-up cookie is unknown to the account: new as well.
  await signIn(user, { cookie: `halcyon_device=${'A'.repeat(43)}`, ip: '203.0.113.9' });
  const mails = alertsTo(user);
  expect(mails).toHaveLength(2);
  expect(mails[0]?.text).toContain('Your account was just signed in to from a device or a network it has not used before.');
  expect(mails[0]?.text).toContain('Device: Safari on macOS, new to this account, from network 198.51.100.0/24 (IP address 198.51.100.20).');
  expect(mails[1]?.text).toContain('Device: Safari on macOS, new to this account, from network 203.0.113.0/24 (IP address 203.0.113.9).');
});

test('a known device from a new network is alerted once per device and network (IPv4 /24, IPv6 /48)', async () => {
  const { user, cookie } = await ownerWithDevice();
  await signIn(user, { cookie, ip: '203.0.113.7' });
  expect(alertsTo(user).map((m) => /Device: .*/.exec(m.text)?.[0])).toEqual([
    `Device: Safari on macOS, which signed in before, now from a new network 203.0.113.0/24 (IP address 203.0.113.7). At ${alertsTo(user)[0]?.text.match(/At (\S+) \(UTC\)/)?.[1]} (UTC).`,
  ]);
  // The same /24 again, and back home: known.
  await signIn(user, { cookie, ip: '203.0.113.200' });
  await signIn(user, { cookie });
  expect(alertsTo(user)).toHaveLength(1);

  await signIn(user, { cookie, ip: '2001:db8:1:2::5' });
  await signIn(user, { cookie, ip: '2001:db8:1:ffff::1' });
  await signIn(user, { cookie, ip: '2001:db8:2::1' });
  expect(alertsTo(user).slice(1).map((m) => /new network (\S+)/.exec(m.text)?.[1])).toEqual(['2001:db8:1::/48', '2001:db8:2::/48']);
});

test('a wrong password with the cookie is recorded with its device and sends no alert; a new device after it still does', async () => {
  const { user, cookie } = await ownerWithDevice();
  const wrong = await t().request('POST', '/auth/login', { body: { email: user.email, password: 'Wrong-guess-4242' }, headers: { cookie, 'x-forwarded-for': '203.0.113.50' } });
  expect(wrong.status).toBe(401);
  expect(wrong.headers.get('set-cookie')).toBeNull();
  expect(alertsTo(user)).toEqual([]);
  await signIn(user);
  expect(alertsTo(user)).toHaveLength(1);
});

test('whether a device is known is read through the index, one probe each, however long the history', async () => {
  const { user } = await ownerWithDevice();
  // 3,000 earlier successful sign-ins of this account from other devices, and others' history.
  await t().db.query(
    `INSERT INTO sign_ins (uid, ip, user_agent, success, device_hash, network)
     SELECT $1, '198.51.100.1', 'ua', true, md5(i::text), '198.51.100.0/24' FROM generate_series(1, 3000) i`,
    [user.uid],
  );
  await t().db.exec('ANALYZE sign_ins');
  // The statement itself (EXPLAIN without ANALYZE runs nothing, its insert included).
  const { rows } = await t().db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${SUCCESSFUL_SIGN_IN}`, [user.uid, '198.51.100.1', 'ua', 'f'.repeat(64), '203.0.113.0/24']);
  const scans: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n['Relation Name'] === 'sign_ins') scans.push(`${String(n['Node Type'])} ${String(n['Index Name'])}`);
    Object.values(n).forEach(walk);
  };
  walk(rows[0]?.['QUERY PLAN']);
  // The insert, and three index probes: no scan of the table, no count of the history.
  expect(scans).toEqual(['ModifyTable undefined', ...Array<string>(3).fill('Index Only Scan sign_ins_known_devices')]);
});
