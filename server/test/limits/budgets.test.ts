import { USER_PASSWORD, setupTestServer, type TestServer } from '../harness';
import { budgets } from '../../src/limits/budgets';

// One proxy in front (TRUST_PROXY=1): each test picks its client IP with X-Forwarded-For, as the
// proxy would append it.
const t = setupTestServer({ trustProxy: 1 });

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = (email: string, ip = '203.0.113.1', password = 'Wrong-guess-42') =>
  t().request('POST', '/auth/login', { body: { email, password }, headers: from(ip) });
const statuses = async (calls: Array<() => Promise<{ status: number }>>) => {
  const out: number[] = [];
  for (const call of calls) out.push((await call()).status);
  return out;
};
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

/** Counts password hashes started through the app's gate until restored. */
function countHashes(): { count: () => number; restore: () => void } {
  const gate = t().app.hashGate;
  const original = gate.run;
  let n = 0;
  gate.run = <T>(work: () => Promise<T>) => {
    n++;
    return original.call(gate, work) as Promise<T>;
  };
  return { count: () => n, restore: () => void (gate.run = original) };
}

/** Sets the budgets a test needs (others off) and restores them after. */
async function withLimits(limits: Partial<TestServer['config']['rateLimits']>, fn: () => Promise<void>): Promise<void> {
  const saved = { ...t().config.rateLimits };
  Object.assign(t().config.rateLimits, { login: 0, loginAccount: 0, loginIp: 0, register: 0, reset: 0, resetIp: 0 }, limits);
  try {
    await fn();
  } finally {
    Object.assign(t().config.rateLimits, saved);
  }
}

describe('login budgets', () => {
  test('flooding the store with 20,000 other keys does not reset a victim’s counter', async () => {
    const victim = await t().registerUser();
    await withLimits({ login: 10 }, async () => {
      expect(count(await statuses(Array.from({ length: 9 }, () => () => login(victim.email))), 401)).toBe(9);
      // What 5,100 cheap requests did to the old in-memory store (5,000 keys per route, LRU): here
      // four times as many distinct keys go straight into the shared store.
      for (let i = 0; i < 40; i++) {
        await t().app.limits.hit(Array.from({ length: 500 }, (_v, j) => ({ key: `flood-${i}-${j}`, windowMs: budgets.loginClient.windowMs })), Date.now());
      }
      expect((await login(victim.email)).status).toBe(401); // the 10th guess
      const refused = await login(victim.email);
      expect(refused.status).toBe(429);
      // Even the right password waits: the budget counts attempts, not failures.
      expect((await login(victim.email, '203.0.113.1', USER_PASSWORD)).status).toBe(429);
    });
  });

  test('one IP spraying one password over 30 accounts gets 20 answers, then 429 with Retry-After', async () => {
    await withLimits({ loginIp: 20 }, async () => {
      const got = await statuses(Array.from({ length: 30 }, (_v, i) => () => login(`spray${i}@example.com`)));
      expect(got.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(got.slice(20)).toEqual(Array(10).fill(429));
      const res = await login('spray-last@example.com');
      expect(res.body).toEqual({ message: expect.stringMatching(/^Too many attempts, please try again in \d+ (seconds?|minutes?)$/), code: 'RATE_LIMITED' });
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(20 * 60);
      // Another client is not affected.
      expect((await login('spray0@example.com', '198.51.100.7')).status).toBe(401);
    });
  });

  test('one account guessed from 25 IPs gets 20 answers in the hour, whatever the IP', async () => {
    const victim = await t().registerUser();
    await withLimits({ login: 10, loginAccount: 20 }, async () => {
      const got = await statuses(Array.from({ length: 25 }, (_v, i) => () => login(victim.email, `198.51.100.${i + 1}`)));
      expect(got.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(got.slice(20)).toEqual(Array(5).fill(429));
      // The budget is per address as typed after normalisation: case does not open a new one.
      expect((await login(victim.email.toUpperCase(), '192.0.2.99')).status).toBe(429);
      // Another account from the same IPs is untouched.
      const other = await t().registerUser();
      expect((await login(other.email, '198.51.100.1', other.password)).status).toBe(200);
    });
  });

  test('a refused login never reaches password hashing', async () => {
    await withLimits({ login: 2 }, async () => {
      const hashes = countHashes();
      try {
        await statuses([() => login('hash@example.com'), () => login('hash@example.com'), () => login('hash@example.com'), () => login('hash@example.com')]);
        expect(hashes.count()).toBe(2);
      } finally {
        hashes.restore();
      }
    });
  });

  test('a client naming other addresses first in X-Forwarded-For is still one IP: only the proxy\'s hop counts', async () => {
    await withLimits({ loginIp: 3 }, async () => {
      const spoofed = (i: number) => () =>
        t().request('POST', '/auth/login', { body: { email: `spray${i}@example.com`, password: 'Wrong-guess-42' }, headers: from(`198.51.100.${i}, 203.0.113.77`) });
      const got = await statuses(Array.from({ length: 5 }, (_, i) => spoofed(i)));
      expect(got).toEqual([401, 401, 401, 429, 429]);
    });
  });

  test('invalid bodies are 400 and spend nothing', async () => {
    await withLimits({ loginIp: 3 }, async () => {
      for (let i = 0; i < 10; i++) expect((await t().request('POST', '/auth/login', { body: { email: 'not-an-email' }, headers: from('203.0.113.5') })).status).toBe(400);
      expect(count(await statuses(Array.from({ length: 3 }, () => () => login('ok@example.com', '203.0.113.5'))), 401)).toBe(3);
    });
  });
});

describe('registration budget', () => {
  const register = (i: number, ip: string) =>
    t().request('POST', '/auth/register', {
      body: { name: 'Budget Test', username: `budget${ip.replaceAll('.', '')}${i}`, phone: '+14155550123', email: `budget${i}-${ip}@example.com`, password: USER_PASSWORD },
      headers: from(ip),
    });

  test('one IP creates at most 5 accounts an hour (different emails do not help); another IP still can', async () => {
    await withLimits({ register: 5 }, async () => {
      expect(await statuses(Array.from({ length: 8 }, (_v, i) => () => register(i, '203.0.113.20')))).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
      expect((await register(0, '203.0.113.21')).status).toBe(201);
      const { rows } = await t().db.query<{ n: string }>("SELECT count(*) AS n FROM users WHERE email LIKE 'budget%'");
      expect(Number(rows[0]?.n)).toBe(6);
    });
  });

  test('register-admin spends the same per-IP budget', async () => {
    await withLimits({ register: 2 }, async () => {
      expect((await register(0, '203.0.113.30')).status).toBe(201);
      expect((await register(1, '203.0.113.30')).status).toBe(201);
      const admin = await t().request('POST', '/auth/register-admin', { body: { email: 'late-admin@example.com', password: USER_PASSWORD, inviteCode: 'made-up' }, headers: from('203.0.113.30') });
      expect(admin.status).toBe(429);
    });
  });
});

describe('reset mail budget', () => {
  test('forgot_password and reset_password {email} share one budget per address: 5 mails, not 10', async () => {
    await withLimits({ reset: 5 }, async () => {
      const victim = await t().registerUser();
      const ask = (path: string, ip: string) => () => t().request('POST', `/auth/${path}`, { body: { email: victim.email }, headers: from(ip) });
      const got = await statuses([
        ask('forgot_password', '203.0.113.40'),
        ask('reset_password', '203.0.113.41'),
        ask('forgot_password', '203.0.113.42'),
        ask('reset_password', '203.0.113.43'),
        ask('forgot_password', '203.0.113.44'),
        ask('reset_password', '203.0.113.45'),
        ask('forgot_password', '203.0.113.46'),
      ]);
      expect(got).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(t().mails.filter((m) => m.to === victim.email)).toHaveLength(5);
    });
  });

  test('one IP asking for mails to many addresses is stopped after 20', async () => {
    await withLimits({ resetIp: 20 }, async () => {
      const got = await statuses(Array.from({ length: 22 }, (_v, i) => () => t().request('POST', '/auth/forgot_password', { body: { email: `many${i}@example.com` }, headers: from('203.0.113.50') })));
      expect(got).toEqual([...Array(20).fill(200), 429, 429]);
    });
  });

  test('a reset with a wrong token is refused before the new password is hashed', async () => {
    const hashes = countHashes();
    try {
      const res = await t().call('resetPassword', { body: { email: 'nobody@example.com', token: 'not-a-real-token', password: 'Another-long-passphrase-7' } });
      expect(res.body).toEqual({ message: 'This reset link is invalid or has expired', code: 'INVALID_RESET_TOKEN' });
      expect(hashes.count()).toBe(0);
    } finally {
      hashes.restore();
    }
  });
});
