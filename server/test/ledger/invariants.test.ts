import { checkLedger, describeViolations } from '../../src/ledger/invariants';
import { setupTestServer } from '../harness';

// The check every test and the fault tests rely on must itself notice a broken ledger.
const t = setupTestServer();

test('a clean ledger has no violations; a balance changed without a transfer is caught', async () => {
  expect(describeViolations(await checkLedger(t().db))).toEqual([]);
  const { rows } = await t().db.query<{ id: string; asset: string }>("SELECT id, asset FROM accounts WHERE owner IS NULL ORDER BY id LIMIT 1");
  const account = rows[0]!;
  await t().db.query('UPDATE accounts SET balance = balance + 5 WHERE id = $1', [account.id]);
  try {
    const check = await checkLedger(t().db);
    expect(check.unbalancedAssets).toEqual([{ asset: account.asset, sum: '5' }]);
    expect(check.driftedAccounts).toEqual([{ id: account.id, balance: '5', fromTransfers: '0' }]);
    expect(describeViolations(check)).toHaveLength(2);
  } finally {
    await t().db.query('UPDATE accounts SET balance = balance - 5 WHERE id = $1', [account.id]);
  }
});

test('an inflow counter that differs from the transfers out of platform accounts is caught', async () => {
  await t().db.query('UPDATE ledger_inflow SET total = total + 7');
  try {
    const check = await checkLedger(t().db);
    expect(check.inflowMismatches).toEqual([{ total: '7', fromTransfers: '0' }]);
    expect(describeViolations(check)).toEqual(['ledger_inflow is 7 but transfers out of platform accounts sum to 0']);
  } finally {
    await t().db.query('UPDATE ledger_inflow SET total = total - 7');
  }
});

test("an account's deposit or payout total that differs from its transfers is caught (the profile's Total Deposit and Total Withdrawals)", async () => {
  const { rows } = await t().db.query<{ id: string }>('SELECT id FROM accounts WHERE owner IS NULL ORDER BY id LIMIT 1');
  const id = rows[0]!.id;
  await t().db.query('UPDATE accounts SET deposited_cents = deposited_cents + 3, paid_out_cents = paid_out_cents + 4 WHERE id = $1', [id]);
  try {
    const check = await checkLedger(t().db);
    expect(check.figureMismatches).toEqual([{ id, deposited: '3', paidOut: '4', deposits: '0', payouts: '0' }]);
    expect(describeViolations(check)).toEqual([`account ${id}: deposited_cents 3 and paid_out_cents 4, but its transfers give 0 and 0`]);
  } finally {
    await t().db.query('UPDATE accounts SET deposited_cents = deposited_cents - 3, paid_out_cents = paid_out_cents - 4 WHERE id = $1', [id]);
  }
});

test("an investor's open-withdrawals count that differs from their pending and processing withdrawals is caught", async () => {
  const { rows } = await t().db.query<{ id: string }>("SELECT id FROM users ORDER BY id LIMIT 1");
  const uid = rows[0]!.id;
  await t().db.query('INSERT INTO open_withdrawals (uid, n) VALUES ($1, 2) ON CONFLICT (uid) DO UPDATE SET n = open_withdrawals.n + 2', [uid]);
  try {
    const check = await checkLedger(t().db);
    expect(check.openWithdrawalMismatches).toEqual([{ uid, stored: '2', counted: '0' }]);
    expect(describeViolations(check)).toEqual([`investor ${uid}: open_withdrawals says 2 but 0 withdrawals are pending or processing`]);
  } finally {
    await t().db.query('UPDATE open_withdrawals SET n = n - 2 WHERE uid = $1', [uid]);
  }
});
