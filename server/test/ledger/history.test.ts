import { runMaturity } from '../../src/jobs/maturity';
import { sealLedger } from '../../src/ledger/seals';
import { setupTestServer } from '../harness';
import { createPlan, fund, invest, setupCast } from './helpers';

// What users and admins read: transactions, the ledger postings, the solvency overview.
const t = setupTestServer();
const { admin, ann, bo } = setupCast(t, { ann: { name: 'Ann Lee' }, bo: { name: 'Bo Chen' } });

/** Ann: a deposit, a withdrawal, an investment that matures, an earnings credit and deduction. */
async function annHistory() {
  const plan = await createPlan(t(), admin, { returns: 10 });
  const deposit = await fund(t(), admin, ann, 1000, 'usdt');
  const w = await t().call('createWithdrawal', { token: ann.token, body: { method: 'bank', amount: 100, to: ann.uid } });
  const inv = await invest(t(), ann, plan, 500);
  await t().call('approveInvestment', { token: admin.token, params: { id: inv } });
  await t().call('creditEarnings', { token: admin.token, params: { uid: ann.uid }, body: { amount: 5, plan_id: plan, investment_id: inv } });
  await t().call('deductEarnings', { token: admin.token, params: { uid: ann.uid }, body: { amount: 2, plan_id: plan, investment_id: inv } });
  await t().db.query("UPDATE investments SET end_date = now() - interval '1 second' WHERE id = $1", [inv]);
  await runMaturity(t().db);
  return { plan, deposit, withdrawal: w.body.data.id, inv };
}

test('GET /transaction/all: the caller\'s requests and non-request movements, newest first', async () => {
  const { deposit, withdrawal, inv } = await annHistory();
  await fund(t(), admin, bo, 7);
  const res = await t().call('getTransactions', { token: ann.token });
  expect(res.status).toBe(200);
  const rows = res.body.data.map(({ type, method, amount, status, source }) => ({ type, method, amount, status, source }));
  // Maturity principal and returns come from one transaction: same time, in transfer order (newest first).
  expect(rows).toEqual([
    { type: 'earn', method: 'transfer', amount: 50, status: 'completed', source: 'maturity' },
    { type: 'investment', method: 'transfer', amount: 500, status: 'completed', source: 'maturity' },
    { type: 'earn', method: 'transfer', amount: -2, status: 'completed', source: 'adjustment' },
    { type: 'earn', method: 'transfer', amount: 5, status: 'completed', source: 'adjustment' },
    { type: 'investment', method: 'USDT', amount: 500, status: 'ended', source: 'investment' },
    { type: 'withdraw', method: 'bank', amount: 100, status: 'pending', source: 'withdrawal' },
    { type: 'deposit', method: 'usdt', amount: 1000, status: 'approved', source: 'deposit' },
  ]);
  const ids = res.body.data.map((r) => r.id);
  expect(ids.slice(4)).toEqual([inv, withdrawal, deposit]);
  expect(res.body.data.every((r) => r.user.name === 'Ann Lee' && r.user.email === ann.email)).toBe(true);
});

test('GET /transaction/all?open=true: only the requests still in progress, in one list', async () => {
  const plan = await createPlan(t(), admin);
  await fund(t(), admin, ann, 1000);
  const pendingDeposit = (await t().call('createDeposit', { token: ann.token, body: { method: 'bitcoin', amount: 5, from: ann.uid } })).body.data.id;
  // Each decided as it is filed: at most MAX_PENDING_WITHDRAWALS are open at once.
  const withdraw = async (decision?: 'processWithdrawal' | 'approveWithdrawal' | 'declineWithdrawal') => {
    const res = await t().call('createWithdrawal', { token: ann.token, body: { method: 'bank', amount: 10, to: ann.uid } });
    expect(res.status).toBe(201);
    if (decision) expect((await t().call(decision, { token: admin.token, params: { id: res.body.data.id } })).status).toBe(200);
    return res.body.data.id;
  };
  const pending = await withdraw();
  const processing = await withdraw('processWithdrawal');
  const [paying, failed, paid] = [await withdraw('approveWithdrawal'), await withdraw('approveWithdrawal'), await withdraw('approveWithdrawal')];
  await withdraw('approveWithdrawal'); // paid by hand: no payout, done when approved
  await withdraw('declineWithdrawal');
  // Payouts on the chain: one sent, one failed (to be retried), one confirmed.
  await t().db.query(
    `INSERT INTO payouts (withdrawal_id, chain, asset, destination, units, coin_decimals, usd_cents, price_answer, price_decimals, priced_at, confirmations_required, status, txid, block_hash)
     SELECT w, 'bitcoin', 'btc', 'bcrt1qdest', 1000, 8, 1000, 1, 0, now(), 2, s, CASE WHEN s = 'failed' THEN NULL ELSE 'tx-' || w END, CASE WHEN s = 'confirmed' THEN 'block' END
     FROM unnest($1::text[], $2::text[]) AS x(w, s)`,
    [[paying, failed, paid], ['sent', 'failed', 'confirmed']],
  );
  const active = await invest(t(), ann, plan, 100);
  const ended = await invest(t(), ann, plan, 100);
  await t().call('approveInvestment', { token: admin.token, params: { id: ended } });
  await t().call('endInvestment', { token: admin.token, params: { id: ended } });
  await fund(t(), admin, bo, 7);

  const open = await t().call('getTransactions', { token: ann.token, query: { open: 'true', limit: '50' } });
  expect(open.status).toBe(200);
  expect(open.body.data.map((r) => r.id).sort()).toEqual([pendingDeposit, pending, processing, paying, failed, active].sort());
  // As the dashboard asks: one type, newest first, a page at a time.
  const first = await t().call('getTransactions', { token: ann.token, query: { origin: 'request', type: 'withdraw', open: 'true', limit: '2' } });
  expect(first.body.data.map((r) => r.id)).toEqual([failed, paying]);
  const rest = await t().call('getTransactions', { token: ann.token, query: { origin: 'request', type: 'withdraw', open: 'true', limit: '2', cursor: first.body.page.nextCursor ?? '' } });
  expect(rest.body.data.map((r) => r.id)).toEqual([processing, pending]);
  expect(rest.body.page.nextCursor).toBeNull();
  // Anything but true is refused, naming the parameter.
  const bad = await t().request<{ message: string }>('GET', '/transaction/all?open=yes', { token: ann.token });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/open/);
});

test('a stopped investment\'s principal shows as an investment transfer with source investment', async () => {
  const plan = await createPlan(t(), admin);
  await fund(t(), admin, bo, 300);
  const inv = await invest(t(), bo, plan, 300);
  await t().call('approveInvestment', { token: admin.token, params: { id: inv } });
  await t().call('endInvestment', { token: admin.token, params: { id: inv } });
  const rows = (await t().call('getTransactions', { token: bo.token })).body.data;
  expect(rows[0]).toMatchObject({ type: 'investment', method: 'transfer', amount: 300, source: 'investment' });
});

test('GET /admin/all-transactions has everyone\'s; investors cannot read it (403)', async () => {
  await annHistory();
  await fund(t(), admin, bo, 7);
  const res = await t().call('allTransactions', { token: admin.token });
  expect(res.status).toBe(200);
  expect(res.body.data).toHaveLength(8);
  expect(res.body.data[0]).toMatchObject({ type: 'deposit', amount: 7, user: { name: 'Bo Chen', email: bo.email } });
  expect((await t().call('allTransactions', { token: ann.token })).status).toBe(403);
});

test('GET /user/ledger lists every posting on the caller\'s accounts and sums to their balances', async () => {
  await annHistory();
  const res = await t().call('getLedger', { token: ann.token });
  expect(res.status).toBe(200);
  const entries = res.body.data;
  const sum = (account: string) => Math.round(entries.filter((e) => e.account === account).reduce((s, e) => s + e.amount * 100, 0)) / 100;
  expect(sum('available:usdt')).toBe(900);
  expect(sum('held:usdt')).toBe(100);
  expect(sum('invested:usdt')).toBe(0);
  expect(sum('earnings:usd')).toBe(53);
  expect(entries.find((e) => e.kind === 'deposit')).toMatchObject({ account: 'available:usdt', asset: 'usdt', amount: 1000, reason: 'Deposit approved (usdt)' });
  // A hold touches two of her accounts: both sides are listed.
  const hold = entries.filter((e) => e.kind === 'withdrawal_hold');
  expect(hold.map((e) => [e.account, e.amount]).sort()).toEqual([['available:usdt', -100], ['held:usdt', 100]]);
  expect(hold[0]?.ref).toMatch(/^withdrawal:/);
  // Bo sees none of Ann's postings.
  expect((await t().call('getLedger', { token: bo.token })).body.data).toEqual([]);
});

test('GET /user/ledger: who caused each entry, and running balances per account and per asset', async () => {
  await annHistory();
  const entries = (await t().call('getLedger', { token: ann.token })).body.data;
  const byKind = (kind: string) => entries.filter((e) => e.kind === kind);
  expect(byKind('deposit').map((e) => e.actor)).toEqual(['administrator']);
  expect(byKind('withdrawal_hold').map((e) => e.actor)).toEqual(['you', 'you']);
  expect(byKind('earnings_credit').map((e) => e.actor)).toEqual(['administrator']);
  expect(byKind('maturity_principal').map((e) => e.actor)).toEqual(['system', 'system']);
  // The newest entry of each account carries its balance now (entries are newest first).
  const newest = (account: string) => entries.find((e) => e.account === account);
  expect(newest('available:usdt')?.balanceAfter).toBe(900);
  expect(newest('held:usdt')?.balanceAfter).toBe(100);
  expect(newest('invested:usdt')?.balanceAfter).toBe(0);
  expect(newest('earnings:usd')?.balanceAfter).toBe(53);
  // Moving money between her own accounts (a hold, an investment) leaves the asset's total alone.
  expect(byKind('deposit')[0]?.assetBalanceAfter).toBe(1000);
  expect(byKind('withdrawal_hold').map((e) => e.assetBalanceAfter)).toEqual([1000, 1000]);
  expect(byKind('investment_lock').map((e) => e.assetBalanceAfter)).toEqual([1000, 1000]);
  expect(newest('earnings:usd')?.assetBalanceAfter).toBe(53);
  // Each account's running balance is the sum of its entries up to that one.
  for (const account of new Set(entries.map((e) => e.account))) {
    const oldestFirst = entries.filter((e) => e.account === account).reverse();
    let running = 0;
    for (const e of oldestFirst) {
      running = Math.round((running + e.amount) * 100) / 100;
      expect(e.balanceAfter).toBe(running);
    }
  }
});

test('GET /admin/solvency: owed per asset against custody; the totals reconcile', async () => {
  await annHistory();
  await fund(t(), admin, bo, 250, 'bitcoin');
  const w = await t().call('createWithdrawal', { token: bo.token, body: { method: 'bitcoin', amount: 50, to: bo.uid, address: 'bc1q' } });
  await t().call('approveWithdrawal', { token: admin.token, params: { id: w.body.data.id } });
  const res = await t().call('solvency', { token: admin.token });
  expect(res.status).toBe(200);
  const s = res.body.data;
  expect(s.assets).toEqual([
    { asset: 'btc', available: 200, held: 0, invested: 0, owed: 200, custody: 200, gap: 0 },
    { asset: 'usdt', available: 900, held: 100, invested: 0, owed: 1000, custody: 1000, gap: 0 },
    { asset: 'eth', available: 0, held: 0, invested: 0, owed: 0, custody: 0, gap: 0 },
    { asset: 'sol', available: 0, held: 0, invested: 0, owed: 0, custody: 0, gap: 0 },
  ]);
  expect(s).toMatchObject({ earningsOwed: 53, returnsPaid: 53, totalOwed: 1253, totalCustody: 1200, totalUserBalances: 1100, totalUsers: 2 });
  expect(s.totalOwed - s.totalCustody).toBe(s.returnsPaid);
});

test('the overview reads the last seal\'s totals plus the transfers after it: the same figures as summing every account', async () => {
  await fund(t(), admin, ann, 100);
  await fund(t(), admin, bo, 250, 'bitcoin');
  const read = async () => (await t().call('solvency', { token: admin.token })).body.data;
  const unsealed = await read();
  expect(await sealLedger(t().db)).toBe(2);
  const head = await t().db.query<{ totals: Record<string, string> }>('SELECT totals FROM ledger_seals ORDER BY id DESC LIMIT 1');
  expect(head.rows[0]?.totals).toEqual({ 'available:usdt': '10000', 'available:btc': '25000', 'custody:usdt': '-10000', 'custody:btc': '-25000' });
  expect(await read()).toEqual(unsealed);
  // After the seal: its totals plus the newer transfers.
  await fund(t(), admin, bo, 30);
  const w = await t().call('createWithdrawal', { token: ann.token, body: { method: 'usdt', amount: 40, to: ann.uid, address: 'TQn9' } });
  expect(w.status).toBe(201);
  const later = await read();
  expect(later.assets[1]).toEqual({ asset: 'usdt', available: 90, held: 40, invested: 0, owed: 130, custody: 130, gap: 0 });
  expect(later).toMatchObject({ totalOwed: 380, totalCustody: 380, totalUserBalances: 340, totalUsers: 2 });
  // A seal from before the totals existed (as after migration 015): the figures are summed from
  // the accounts, and the next seal computes its totals from the whole ledger.
  await t().db.tx(async (q) => {
    await q.exec('SET LOCAL session_replication_role = replica');
    await q.query('UPDATE ledger_seals SET totals = NULL');
  });
  expect(await read()).toEqual(later);
  await fund(t(), admin, ann, 5);
  expect(await sealLedger(t().db)).toBe(3);
  const next = await t().db.query<{ totals: Record<string, string> }>('SELECT totals FROM ledger_seals ORDER BY id DESC LIMIT 1');
  expect(next.rows[0]?.totals).toMatchObject({ 'available:usdt': '9500', 'held:usdt': '4000', 'custody:usdt': '-13500', 'available:btc': '25000' });
  expect(await read()).toMatchObject({ totalOwed: 385, totalCustody: 385, totalUserBalances: 345 });
});

test('a closed user\'s money stays in the ledger but leaves the overview\'s user totals', async () => {
  await fund(t(), admin, bo, 80);
  await fund(t(), admin, ann, 20);
  await t().call('deleteUser', { token: admin.token, params: { uid: bo.uid } });
  const s = (await t().call('solvency', { token: admin.token })).body.data;
  expect(s).toMatchObject({ totalUserBalances: 20, totalUsers: 1, totalOwed: 100, totalCustody: 100 });
  expect((await t().call('allTransactions', { token: admin.token })).body.data).toHaveLength(2);
});

test('the ledger is immutable on this database too: UPDATE and DELETE of a transfer raise', async () => {
  await fund(t(), admin, ann, 10);
  await expect(t().db.query('UPDATE transfers SET amount_cents = amount_cents + 1')).rejects.toThrow(/transfers are immutable: UPDATE/);
  await expect(t().db.query('DELETE FROM transfers')).rejects.toThrow(/transfers are immutable: DELETE/);
  const r = await t().db.query<{ amount_cents: string }>('SELECT amount_cents FROM transfers');
  expect(r.rows).toEqual([{ amount_cents: '1000' }]);
});
