import { routes, type Deposit } from '@halcyon/api-client/contract';
import { FEW_USERS, movementsDense, searchUsers } from '../../src/db/user-search';
import type { Queryable } from '../../src/db/types';
import { listDeposits } from '../../src/services/deposits';
import { listEarnings } from '../../src/services/earnings';
import { listInvestments } from '../../src/services/investments';
import { listTransactions } from '../../src/services/transactions';
import { listUsers } from '../../src/services/users';
import { setupTestServer, type TestServer } from '../harness';
import { createPlan, fund, invest, setupCast } from '../ledger/helpers';

// Every list a page at a time (docs/api.md "Lists"): keyset cursors, filters, search, limits and
// who may page into what. Rows are inserted by SQL where a test needs many, with chosen times.
const t = setupTestServer();
const { admin, ann, bo } = setupCast(t, { ann: { name: 'Ann Lee', username: 'annlee' }, bo: { name: 'Bo Chen', username: 'bochen' } });

/** `n` deposits of `uid` by SQL: amounts 1..n USD, one per minute back from now, with 3 sharing one instant. */
async function seedDeposits(s: TestServer, uid: string, n: number, status = 'pending'): Promise<void> {
  await s.db.query(
    `INSERT INTO deposits (uid, requested_method, method, amount_cents, status, created_at)
     SELECT $1, m, m, g * 100, $3, CASE WHEN g <= 3 THEN timestamptz '2026-01-01 12:00:00.123456Z' ELSE now() - make_interval(mins => g) END
     FROM generate_series(1, $2::int) g, LATERAL (SELECT (ARRAY['bitcoin', 'ethereum', 'solana', 'usdt'])[1 + g % 4] AS m) x`,
    [uid, n, status],
  );
}

/** Every page of a list, following nextCursor; fails on a page that is not 200. */
async function allPages(s: TestServer, token: string, query: Record<string, string>): Promise<{ rows: Deposit[]; pages: number }> {
  const rows: Deposit[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await s.call('listDeposits', { token, query: { ...query, ...(cursor ? { cursor } : {}) } });
    expect(res.status).toBe(200);
    rows.push(...res.body.data);
    cursor = res.body.page.nextCursor ?? undefined;
    pages += 1;
  } while (cursor);
  return { rows, pages };
}

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe('cursors', () => {
  test('pages follow each other without duplicates or gaps, in the order of one full read, ties included', async () => {
    await seedDeposits(t(), ann.uid, 23);
    const full = await t().call('listDeposits', { token: admin.token, query: { limit: '500' } });
    expect(full.body.data).toHaveLength(23);
    expect(full.body.page.nextCursor).toBeNull();
    for (const sort of ['newest', 'oldest', 'amount'] as const) {
      const whole = await t().call('listDeposits', { token: admin.token, query: { limit: '500', sort } });
      const paged = await allPages(t(), admin.token, { limit: '5', sort });
      expect(paged.pages).toBe(5);
      expect(ids(paged.rows)).toEqual(ids(whole.body.data));
      expect(new Set(ids(paged.rows)).size).toBe(23);
    }
    // Newest first by default; amount: largest first.
    const byAmount = await t().call('listDeposits', { token: admin.token, query: { sort: 'amount', limit: '2' } });
    expect(byAmount.body.data.map((d) => d.amount)).toEqual([23, 22]);
    const dates = full.body.data.map((d) => d.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test('stable under concurrent inserts: rows added after page 1 do not shift page 2', async () => {
    await seedDeposits(t(), ann.uid, 10);
    const before = await t().call('listDeposits', { token: admin.token, query: { limit: '500' } });
    const first = await t().call('listDeposits', { token: admin.token, query: { limit: '4' } });
    // Newer rows than any listed, as a busy platform adds them while an admin pages.
    const newer = "INSERT INTO deposits (uid, requested_method, method, amount_cents, status) SELECT $1, 'usdt', 'usdt', 100, 'declined' FROM generate_series(1, 5)";
    await Promise.all([t().db.query(newer, [bo.uid]), fund(t(), admin, bo, 9)]);
    const rest = await allPages(t(), admin.token, { limit: '4', cursor: first.body.page.nextCursor ?? '' });
    expect([...ids(first.body.data), ...ids(rest.rows)]).toEqual(ids(before.body.data));
  });

  test('a changed cursor, another list\'s cursor or another sort\'s cursor is a 400 naming cursor', async () => {
    await seedDeposits(t(), ann.uid, 3);
    const page = await t().call('listDeposits', { token: admin.token, query: { limit: '1' } });
    const cursor = page.body.page.nextCursor ?? '';
    const [payload = '', mac = ''] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify(['deposits', 'newest', '2000-01-01 00:00:00+00', 'x'])).toString('base64url');
    for (const bad of [`${payload}x.${mac}`, `${forged}.${mac}`, `${payload}.${mac.slice(1)}A`, 'junk', '.']) {
      const res = await t().call('listDeposits', { token: admin.token, query: { cursor: bad } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^cursor: is invalid/);
    }
    expect((await t().call('listDeposits', { token: admin.token, query: { cursor, sort: 'oldest' } })).status).toBe(400);
    expect((await t().call('listWithdrawals', { token: admin.token, query: { cursor } })).status).toBe(400);
    expect((await t().call('listDeposits', { token: admin.token, query: { cursor } })).status).toBe(200);
  });
});

describe('limits and parameters', () => {
  test('limit defaults to 50 and accepts 1 to 500; 0, 501 and junk are 400s naming limit', async () => {
    await seedDeposits(t(), ann.uid, 60);
    const first = await t().call('listDeposits', { token: admin.token });
    expect(first.body.data).toHaveLength(50);
    expect(first.body.page.nextCursor).toEqual(expect.any(String));
    expect((await t().call('listDeposits', { token: admin.token, query: { limit: '500' } })).body.data).toHaveLength(60);
    for (const limit of ['0', '501', 'abc', '2.5', '-1', '']) {
      const res = await t().call('listDeposits', { token: admin.token, query: { limit } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('limit: must be a whole number from 1 to 500');
    }
  });

  test('bad filters are 400s naming the field', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ status: 'done' }, 'status: must be one of pending, approved, declined'],
      [{ method: 'paypal' }, 'method: must be one of bitcoin, ethereum, solana, usdt'],
      [{ sort: 'name' }, 'sort: must be one of newest, oldest, amount'],
      [{ from: '2026-13-01' }, 'from: must be a date YYYY-MM-DD'],
      [{ from: '2026-02-02', to: '2026-02-01' }, 'to: must not be before from'],
      [{ q: 'x'.repeat(101) }, 'q: must be at most 100 characters'],
    ];
    for (const [query, message] of cases) {
      const res = await t().call('listDeposits', { token: admin.token, query });
      expect({ query, status: res.status, message: res.body.message }).toEqual({ query, status: 400, message });
    }
  });
});

describe('filters and search', () => {
  test('status (one or several), method, uid, days and q find exactly their rows', async () => {
    await seedDeposits(t(), ann.uid, 8);
    await seedDeposits(t(), bo.uid, 4, 'declined');
    const read = async (query: Record<string, string>) => (await t().call('listDeposits', { token: admin.token, query: { limit: '500', ...query } })).body.data;
    expect((await read({ status: 'declined' })).every((d) => d.uid === bo.uid)).toBe(true);
    expect(await read({ status: 'pending,declined' })).toHaveLength(12);
    expect((await read({ method: 'usdt' })).map((d) => d.method)).toEqual(['usdt', 'usdt', 'usdt']);
    expect((await read({ uid: bo.uid })).every((d) => d.uid === bo.uid)).toBe(true);
    expect(await read({ from: '2026-01-01', to: '2026-01-01' })).toHaveLength(6);
    expect(await read({ to: '2025-12-31' })).toHaveLength(0);
    // Search: a substring of the name, username or email, case-insensitive; or the exact id.
    expect(await read({ q: 'ann l' })).toHaveLength(8);
    expect(await read({ q: 'BOCHEN' })).toHaveLength(4);
    expect(await read({ q: bo.email.slice(5) })).toHaveLength(4);
    const one = (await read({}))[5] as Deposit;
    expect(ids(await read({ q: one.id }))).toEqual([one.id]);
    // LIKE's own characters are literal.
    expect(await read({ q: '%' })).toHaveLength(0);
  });

  test('a search finding more investors than are read by id still finds exactly their rows', async () => {
    await t().db.query(
      `INSERT INTO users (id, name, username, email, password_hash, role)
       SELECT 'many' || g, 'Zed Many ' || g, 'zedmany' || g, 'zed.many.' || g || '@example.com', 'x', 'user' FROM generate_series(1, $1::int) g`,
      [FEW_USERS + 5],
    );
    await seedDeposits(t(), 'many7', 2);
    await seedDeposits(t(), 'many1004', 1);
    await seedDeposits(t(), ann.uid, 3);
    const deposits = (await t().call('listDeposits', { token: admin.token, query: { q: 'zed many' } })).body.data;
    expect(deposits.map((d) => d.uid).sort()).toEqual(['many1004', 'many7', 'many7']);
    const tx = (await t().call('allTransactions', { token: admin.token, query: { q: 'ZED MANY' } })).body.data;
    expect(tx).toHaveLength(3);
    const users = await t().call('listUsers', { token: admin.token, query: { q: 'zed many', limit: '500' } });
    expect(users.body.data).toHaveLength(500);
    expect(users.body.data.every((u) => u.name.startsWith('Zed Many'))).toBe(true);
    // Sorting that many by name has no index to read them in order: the admin is asked to narrow it.
    const byName = await t().call('listUsers', { token: admin.token, query: { q: 'zed many', sort: 'name' } });
    expect(byName.status).toBe(400);
    expect(byName.body.message).toBe('q: matches more than 5,000 investors, too many to sort by name; narrow the search or sort by date');
    const narrower = await t().call('listUsers', { token: admin.token, query: { q: 'zed many 10', sort: 'name', limit: '3' } });
    expect(narrower.body.data.map((u) => u.name)).toEqual(['Zed Many 10', 'Zed Many 100', 'Zed Many 1000']);
  });

  test('a search a sample of the users shows to match far more than are read by id skips counting them', async () => {
    await t().db.query(
      `INSERT INTO users (id, name, username, email, password_hash, role)
       SELECT 'many' || g, 'Zed Many ' || g, 'zedmany' || g, 'zed.many.' || g || '@example.com', 'x', 'user' FROM generate_series(1, $1::int) g`,
      [2 * FEW_USERS + 500],
    );
    await t().db.query('ANALYZE users');
    await seedDeposits(t(), 'many9', 1);
    const sql: string[] = [];
    const recording: Queryable = {
      query: <T,>(text: string, params?: unknown[]) => {
        sql.push(text);
        return t().db.query<T>(text, params);
      },
    };
    expect(await searchUsers(recording, 'zed many')).toEqual({ text: 'zed many', uids: null });
    expect(sql.some((text) => text.includes(`LIMIT ${FEW_USERS + 1}`))).toBe(false);
    // A search the sample cannot call "many" is counted and read by id.
    expect((await searchUsers(recording, 'zed many 123')).uids).toHaveLength(12);
    expect((await t().call('listDeposits', { token: admin.token, query: { q: 'zed many' } })).body.data.map((d) => d.uid)).toEqual(['many9']);
  });

  test('the movements of investors a name finds are read in time order when they are many, with the same rows and order', async () => {
    const plan = await createPlan(t(), admin, { name: 'Silver Sprint' });
    const heavy = [await t().registerUser({ name: 'Zed Heavy One', username: 'zedheavy1' }), await t().registerUser({ name: 'Zed Heavy Two', username: 'zedheavy2' })];
    // Two investors with 4 earnings credits each, and Ann with one.
    for (const user of [ann, ...heavy]) {
      await fund(t(), admin, user, 1000);
      const investment = await invest(t(), user, plan, 100);
      await t().call('approveInvestment', { token: admin.token, params: { id: investment } });
      for (let k = 1; k <= (user === ann ? 1 : 4); k++) {
        await t().call('creditEarnings', { token: admin.token, params: { uid: user.uid }, body: { amount: k, plan_id: plan, investment_id: investment } });
      }
    }
    await t().db.query('ANALYZE transfers');
    await t().db.query('ANALYZE investments');
    // A page of 2 (3 rows read): 8 of the 9 movements are theirs, past √(3 × 9) ≈ 5.2; Ann's one is not.
    const dense = async (text: string) => movementsDense(t().db, await searchUsers(t().db, text), 3);
    expect(await dense('zed heavy')).toBe(true);
    expect(await dense('ann lee')).toBe(false);

    type Row = { id: string; createdAt: string; type: string };
    const pages = async (list: 'allTransactions' | 'listEarnings', query: Record<string, string>): Promise<Row[]> => {
      const rows: Row[] = [];
      let cursor: string | undefined;
      do {
        const res = await t().call(list, { token: admin.token, query: { ...query, ...(cursor ? { cursor } : {}) } });
        expect(res.status).toBe(200);
        rows.push(...(res.body.data as Row[]));
        cursor = res.body.page.nextCursor ?? undefined;
      } while (cursor);
      return rows;
    };
    // All transactions read those movements first, then the requests between the page's start and the last of them.
    for (const list of ['allTransactions', 'listEarnings'] as const) {
      const theirs = [...(await pages(list, { uid: heavy[0]?.uid ?? '' })), ...(await pages(list, { uid: heavy[1]?.uid ?? '' }))];
      const newest = await pages(list, { q: 'ZED HEAVY', limit: '2' });
      expect(ids(newest).sort()).toEqual(ids(theirs).sort());
      expect(newest.map((r) => r.createdAt)).toEqual(theirs.map((r) => r.createdAt).sort().reverse());
      const oldest = await pages(list, { q: 'zed heavy', limit: '2', sort: 'oldest' });
      expect(ids(oldest)).toEqual(ids(newest).reverse());
    }
    expect((await pages('allTransactions', { q: 'zed heavy', type: 'earn' })).length).toBe(8);
    expect((await pages('listEarnings', { q: 'ann lee' })).length).toBe(1);
  });

  test('a whole email address finds that investor; part of one is a substring search', async () => {
    await seedDeposits(t(), ann.uid, 2);
    await seedDeposits(t(), bo.uid, 3);
    // Another investor whose address contains Bo's whole address.
    await t().db.query(`INSERT INTO users (id, name, username, email, password_hash, role) VALUES ('bigbo', 'Big Bo', 'bigbo', $1, 'x', 'user')`, [`big${bo.email}`]);
    await seedDeposits(t(), 'bigbo', 1);
    const read = async (q: string) => (await t().call('listDeposits', { token: admin.token, query: { q } })).body.data.map((d) => d.uid);
    expect(await read(` ${bo.email.toUpperCase()} `)).toEqual([bo.uid, bo.uid, bo.uid]);
    expect((await read(bo.email.slice(1))).sort()).toEqual(['bigbo', bo.uid, bo.uid, bo.uid].sort());
    expect(await read(`nobody.${bo.email}`)).toEqual([]);
    const users = await t().call('listUsers', { token: admin.token, query: { q: ann.email } });
    expect(users.body.data.map((u) => u.uid)).toEqual([ann.uid]);
  });

  test('users: search, name order, paging', async () => {
    const res = await t().call('listUsers', { token: admin.token, query: { q: 'chen' } });
    expect(res.body.data.map((u) => u.name)).toEqual(['Bo Chen']);
    // The search text follows a change of name (a column the database keeps).
    expect((await t().call('updateProfile', { token: bo.token, body: { name: 'Bo Chenoweth' } })).status).toBe(200);
    expect((await t().call('listUsers', { token: admin.token, query: { q: 'CHENOW' } })).body.data.map((u) => u.name)).toEqual(['Bo Chenoweth']);
    expect((await t().call('updateProfile', { token: bo.token, body: { name: 'Bo Chen' } })).status).toBe(200);
    const byName = await t().call('listUsers', { token: admin.token, query: { sort: 'name', limit: '1' } });
    expect(byName.body.data.map((u) => u.name)).toEqual(['Ann Lee']);
    const next = await t().call('listUsers', { token: admin.token, query: { sort: 'name', cursor: byName.body.page.nextCursor ?? '' } });
    expect(next.body.data.map((u) => u.name)).toEqual(['Bo Chen']);
    expect(next.body.page.nextCursor).toBeNull();
  });

  test('transactions: type, origin, status and q across requests and ledger movements', async () => {
    await fund(t(), admin, ann, 100);
    await t().call('createWithdrawal', { token: ann.token, body: { method: 'bank', amount: 10, to: ann.uid } });
    await fund(t(), admin, bo, 5);
    const read = async (query: Record<string, string>) => (await t().call('allTransactions', { token: admin.token, query })).body.data;
    expect((await read({ type: 'withdraw' })).map((x) => x.amount)).toEqual([10]);
    expect((await read({ origin: 'ledger' }))).toEqual([]);
    expect((await read({ status: 'approved' })).map((x) => x.amount)).toEqual([5, 100]);
    expect((await read({ q: 'ann lee' })).map((x) => x.type)).toEqual(['withdraw', 'deposit']);
    // Filters that rule out whole sources (here the ledger movements) combine with the others.
    expect((await read({ type: 'deposit,earn', status: 'approved' })).map((x) => x.amount)).toEqual([5, 100]);
    expect((await read({ type: 'withdraw', method: 'bank' })).map((x) => x.amount)).toEqual([10]);
    expect(await read({ origin: 'request', method: 'transfer' })).toEqual([]);
    const paged = await t().call('allTransactions', { token: admin.token, query: { limit: '2' } });
    const rest = await t().call('allTransactions', { token: admin.token, query: { limit: '2', cursor: paged.body.page.nextCursor ?? '' } });
    expect([...paged.body.data, ...rest.body.data].map((x) => x.amount)).toEqual([5, 10, 100]);
    expect(rest.body.page.nextCursor).toBeNull();
  });
});

describe('each list\'s own filters and orders', () => {
  test('withdrawals by several statuses; investments by earnings; earnings by kind; plans and traders by name', async () => {
    await fund(t(), admin, ann, 1000);
    await fund(t(), admin, bo, 1000);
    const w1 = (await t().call('createWithdrawal', { token: ann.token, body: { method: 'bank', amount: 10, to: ann.uid } })).body.data.id;
    await t().call('createWithdrawal', { token: ann.token, body: { method: 'bank', amount: 20, to: ann.uid } });
    await t().call('processWithdrawal', { token: admin.token, params: { id: w1 } });
    const open = await t().call('listWithdrawals', { token: admin.token, query: { status: 'pending,processing' } });
    expect(open.body.data.map((w) => [w.amount, w.status])).toEqual([[20, 'pending'], [10, 'processing']]);
    expect((await t().call('listWithdrawals', { token: admin.token, query: { status: 'processing' } })).body.data.map((w) => w.id)).toEqual([w1]);

    const plan = await createPlan(t(), admin, { name: 'Silver Sprint' });
    const [i1, i2] = [await invest(t(), ann, plan, 100), await invest(t(), bo, plan, 200)];
    for (const id of [i1, i2]) await t().call('approveInvestment', { token: admin.token, params: { id } });
    await t().call('creditEarnings', { token: admin.token, params: { uid: ann.uid }, body: { amount: 9, plan_id: plan, investment_id: i1 } });
    await t().call('creditEarnings', { token: admin.token, params: { uid: bo.uid }, body: { amount: 4, plan_id: plan, investment_id: i2 } });
    await t().call('deductEarnings', { token: admin.token, params: { uid: ann.uid }, body: { amount: 1, plan_id: plan, investment_id: i1 } });
    const top = await t().call('listInvestments', { token: admin.token, query: { sort: 'earnings', limit: '1' } });
    expect(top.body.data.map((i) => [i.id, i.earnings])).toEqual([[i1, 8]]);
    const second = await t().call('listInvestments', { token: admin.token, query: { sort: 'earnings', cursor: top.body.page.nextCursor ?? '' } });
    expect(second.body.data.map((i) => [i.id, i.earnings])).toEqual([[i2, 4]]);
    expect((await t().call('listEarnings', { token: admin.token, query: { kind: 'deduct' } })).body.data.map((e) => e.amount)).toEqual([-1]);
    expect((await t().call('listEarnings', { token: admin.token, query: { uid: bo.uid } })).body.data.map((e) => e.amount)).toEqual([4]);

    await createPlan(t(), admin, { name: 'Gold Harbor' });
    expect((await t().call('getPlans', { token: ann.token, query: { q: 'sprint' } })).body.data.map((p) => p.name)).toEqual(['Silver Sprint']);
  });

  test('the investor\'s ledger pages keep each entry\'s running balances, filtered by asset', async () => {
    await fund(t(), admin, ann, 100, 'usdt');
    await fund(t(), admin, ann, 40, 'bitcoin');
    await t().call('createWithdrawal', { token: ann.token, body: { method: 'bank', amount: 30, to: ann.uid } });
    const whole = (await t().call('getLedger', { token: ann.token, query: { limit: '500' } })).body.data;
    expect(whole).toHaveLength(4);
    const pages = [];
    let cursor: string | undefined;
    do {
      const res = await t().call('getLedger', { token: ann.token, query: { limit: '1', ...(cursor ? { cursor } : {}) } });
      pages.push(...res.body.data);
      cursor = res.body.page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual(whole);
    const usdt = (await t().call('getLedger', { token: ann.token, query: { asset: 'usdt' } })).body.data;
    expect(usdt.map((e) => [e.account, e.amount, e.balanceAfter, e.assetBalanceAfter])).toEqual([
      ['available:usdt', -30, 70, 100], ['held:usdt', 30, 30, 100], ['available:usdt', 100, 100, 100],
    ]);
    expect((await t().call('getLedger', { token: ann.token, query: { kind: 'deposit' } })).body.data).toHaveLength(2);
  });
});

describe('authorization', () => {
  test('investors cannot read admin lists, and their own lists never reach another\'s records', async () => {
    await fund(t(), admin, ann, 50);
    await fund(t(), admin, bo, 70);
    for (const name of ['listUsers', 'listDeposits', 'listWithdrawals', 'listInvestments', 'listEarnings', 'allTransactions', 'listInvites'] as const) {
      expect((await t().call(name, { token: ann.token })).status).toBe(403);
    }
    // `uid` is not a parameter of the investor's list: it is ignored, the token decides.
    const own = await t().request<{ data: Array<{ amount: number }> }>('GET', `/transaction/all?uid=${bo.uid}&q=${encodeURIComponent(bo.email)}`, { token: ann.token });
    expect(own.body.data).toEqual([]);
    const mine = await t().call('getTransactions', { token: ann.token });
    expect(mine.body.data.map((x) => x.amount)).toEqual([50]);
    // An admin's cursor over everyone's transactions still pages only the investor's own.
    const all = await t().call('allTransactions', { token: admin.token, query: { limit: '1' } });
    const res = await t().call('getTransactions', { token: ann.token, query: { cursor: all.body.page.nextCursor ?? '' } });
    expect(res.status).toBe(200);
    expect(res.body.data.every((x) => x.user.email === ann.email)).toBe(true);
  });
});

describe('CSV exports', () => {
  const csv = async (path: string, token: string) => {
    const res = await t().fetch(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
  };

  test('the admin export streams every page with the filters applied, cells escaped', async () => {
    await t().db.query("UPDATE users SET name = $2 WHERE id = $1", [ann.uid, '=HYPERLINK("x"),+1']);
    await seedDeposits(t(), ann.uid, 1203);
    await seedDeposits(t(), bo.uid, 7, 'declined');
    const res = await csv('/admin/export/deposits?status=pending', admin.token);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/csv; charset=utf-8');
    expect(res.disposition).toMatch(/^attachment; filename="deposits-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Id","Date (UTC)","Name","Email","Method","Amount (USD)","Status","Decided (UTC)"');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((l) => l.split(',')[0])).size).toBe(1203);
    // A formula-leading cell gets a quote first; quotes double; commas stay inside the quotes.
    expect(rows[0]).toContain(`,"'=HYPERLINK(""x""),+1",`);
    expect(rows.some((l) => l.includes('"declined"'))).toBe(false);
  });

  test('exports are role-checked; the investor\'s are their own; unknown lists and bad filters are 4xx', async () => {
    await fund(t(), admin, ann, 12);
    await fund(t(), admin, bo, 34);
    expect((await csv('/admin/export/users', ann.token)).status).toBe(403);
    expect((await csv('/user/export/ledger', admin.token)).status).toBe(403);
    expect((await csv('/admin/export/secrets', admin.token)).status).toBe(404);
    const bad = await csv('/admin/export/deposits?status=nope', admin.token);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message).toBe('status: must be one of pending, approved, declined');
    const ledger = await csv(`/user/export/ledger?uid=${bo.uid}`, ann.token);
    expect(ledger.status).toBe(200);
    const lines = ledger.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain(',12.00,12.00,12.00');
    const users = await csv('/admin/export/users?q=chen', admin.token);
    expect(users.text.trim().split('\r\n').slice(1).map((l) => l.split(',')[1])).toEqual(['"Bo Chen"']);
  });
});

describe('indexes', () => {
  /** The plan of every statement `run` sends, with sequential scans priced out: a Seq Scan left means no index fits. */
  async function plansOf(run: (q: Queryable) => Promise<unknown>): Promise<string[]> {
    const seen: Array<[string, unknown[]]> = [];
    const recorder: Queryable = { query: (sql, params) => { seen.push([sql, params ?? []]); return t().db.query(sql, params); } };
    await run(recorder);
    return t().db.tx(async (q) => {
      await q.query('SET LOCAL enable_seqscan = off');
      const plans: string[] = [];
      for (const [sql, params] of seen) plans.push((await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n'));
      return plans;
    });
  }

  test('every list query, filter, sort and search reads an index, never a whole table', async () => {
    await seedDeposits(t(), ann.uid, 5);
    const cursors = t().app.cursors;
    const page = await t().call('listDeposits', { token: admin.token, query: { limit: '1' } });
    const cursor = page.body.page.nextCursor ?? undefined;
    const tx = await t().call('allTransactions', { token: admin.token, query: { limit: '1' } });
    const cases: Array<[string, (q: Queryable) => Promise<unknown>]> = [
      ['deposits, first page', (q) => listDeposits(q, t().app.chains, cursors, routes.listDeposits.query.parse({}))],
      ['deposits, after a cursor', (q) => listDeposits(q, t().app.chains, cursors, routes.listDeposits.query.parse({ cursor }))],
      ['deposits, pending', (q) => listDeposits(q, t().app.chains, cursors, routes.listDeposits.query.parse({ status: 'pending' }))],
      ['deposits, one investor', (q) => listDeposits(q, t().app.chains, cursors, routes.listDeposits.query.parse({ uid: ann.uid }))],
      ['deposits, by amount', (q) => listDeposits(q, t().app.chains, cursors, routes.listDeposits.query.parse({ sort: 'amount' }))],
      ['deposits, search', (q) => listDeposits(q, t().app.chains, cursors, routes.listDeposits.query.parse({ q: 'ann lee' }))],
      ['users, newest', (q) => listUsers(q, cursors, routes.listUsers.query.parse({}), new Date())],
      ['users, by name', (q) => listUsers(q, cursors, routes.listUsers.query.parse({ sort: 'name' }), new Date())],
      ['users, search', (q) => listUsers(q, cursors, routes.listUsers.query.parse({ q: 'chen' }), new Date())],
      ['investments, by earnings', (q) => listInvestments(q, cursors, routes.listInvestments.query.parse({ sort: 'earnings' }))],
      ['earnings', (q) => listEarnings(q, cursors, routes.listEarnings.query.parse({}))],
      ['transactions, after a cursor', (q) => listTransactions(q, t().app.deps, routes.allTransactions.query.parse({ cursor: tx.body.page.nextCursor ?? undefined }))],
    ];
    for (const [name, run] of cases) {
      for (const plan of await plansOf(run)) {
        expect({ name, scans: plan.match(/Seq Scan on (deposits|withdrawals|investments|users|transfers)\b/g) }).toEqual({ name, scans: null });
      }
    }
  });

  test('an investor\'s requests in progress (open=true) are read from the open rows\' indexes, not from the whole history', async () => {
    // A long history of finished requests, with the statistics a busy database has.
    const plan = await createPlan(t(), admin);
    await seedDeposits(t(), ann.uid, 2000, 'approved');
    await t().db.query("INSERT INTO withdrawals (uid, method, asset, amount_cents, status, created_at) SELECT $1, 'usdt', 'usdt', 100, 'approved', now() - make_interval(mins => g) FROM generate_series(1, 2000) g", [ann.uid]);
    await t().db.query("INSERT INTO investments (uid, plan_id, duration_days, returns_bp, method, asset, amount_cents, status, created_at, end_date, ended_reason, ended_at) SELECT $1, $2, 30, 100, 'USDT', 'usdt', 100, 'ended', now() - make_interval(mins => g), now(), 'matured', now() FROM generate_series(1, 2000) g", [ann.uid, plan]);
    for (const table of ['deposits', 'withdrawals', 'investments', 'payouts']) await t().db.query(`ANALYZE ${table}`);
    const [read = ''] = await plansOf((q) => listTransactions(q, t().app.deps, routes.allTransactions.query.parse({ open: 'true', uid: ann.uid, origin: 'request' })));
    for (const index of ['deposits_open_uid_created_idx', 'withdrawals_open_uid_created_idx', 'investments_open_uid_created_idx']) expect(read).toContain(index);
    expect(read).not.toMatch(/(deposits|withdrawals|investments)_uid_created_idx/);
  });
});
