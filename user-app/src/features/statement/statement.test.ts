import type { LedgerEntry } from '@halcyon/api-client/model';
import { ledgerQuery, monthRange, monthlyStatement, monthsSince, movementsOf, openingReads, statementCsv } from './statement';
import { ledgerEntry as entry } from '../../test/fixtures';

// Newest first, as GET /user/ledger sends them.
const entries: LedgerEntry[] = [
  entry({ transferId: '4', kind: 'earnings_credit', account: 'earnings:usd', asset: 'usd', amount: 5, balanceAfter: 5, assetBalanceAfter: 5, reason: '=HYPERLINK("x")', createdAt: '2026-11-20T09:00:00.000Z' }),
  entry({ transferId: '3', kind: 'withdrawal_hold', account: 'held:usdt', amount: 100, balanceAfter: 100, assetBalanceAfter: 1000, actor: 'you', reason: 'Withdrawal requested', createdAt: '2026-11-02T08:00:00.000Z' }),
  entry({ transferId: '3', kind: 'withdrawal_hold', account: 'available:usdt', amount: -100, balanceAfter: 900, assetBalanceAfter: 1000, actor: 'you', reason: 'Withdrawal requested', createdAt: '2026-11-02T08:00:00.000Z' }),
  entry({ transferId: '2', amount: 400, balanceAfter: 1000, assetBalanceAfter: 1000, createdAt: '2026-10-20T10:00:00.000Z' }),
  entry({ transferId: '1', amount: 600, balanceAfter: 600, assetBalanceAfter: 600, createdAt: '2026-10-05T10:00:00.000Z' }),
];

const nov = entries.slice(0, 3);
const oct = entries.slice(3);
/** Per statement asset (btc, usdt, eth, sol, usd), the newest entry before November. */
const beforeNov = [undefined, entries[3], undefined, undefined, undefined];

test('the filter as the ledger\'s query: blanks left out; Earnings asked for by its kinds, or nothing when another kind is chosen', () => {
  expect(ledgerQuery({ asset: 'usdt', kind: 'deposit', from: '', to: '' })).toEqual({ asset: 'usdt', kind: 'deposit', from: undefined, to: undefined });
  expect(ledgerQuery({ asset: '', kind: '', from: '2026-10-20', to: '2026-11-02' })).toEqual({ from: '2026-10-20', to: '2026-11-02', asset: undefined, kind: undefined });
  expect(ledgerQuery({ asset: 'usd', kind: '', from: '', to: '' })?.kind).toBe('maturity_earnings,earnings_credit,earnings_deduct');
  expect(ledgerQuery({ asset: 'usd', kind: 'earnings_credit', from: '', to: '' })?.kind).toBe('earnings_credit');
  expect(ledgerQuery({ asset: 'usd', kind: 'deposit', from: '', to: '' })).toBeNull();
});

test('months since the account opened, newest first; a month\'s days; the reads of each asset\'s balance before it', () => {
  expect(monthsSince('2025-11-20T10:00:00.000Z', new Date('2026-02-03T00:00:00.000Z'))).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  expect(monthsSince('2026-02-20T10:00:00.000Z', new Date('2026-02-21T00:00:00.000Z'))).toEqual(['2026-02']);
  expect([monthRange('2026-02'), monthRange('2028-02'), monthRange('2026-12')]).toEqual([
    { from: '2026-02-01', to: '2026-02-28' },
    { from: '2028-02-01', to: '2028-02-29' },
    { from: '2026-12-01', to: '2026-12-31' },
  ]);
  const reads = openingReads('2026-01').map((r) => r.query);
  expect(reads.map((q) => [q.asset, q.to, q.limit])).toEqual([
    ['btc', '2025-12-31', 1], ['usdt', '2025-12-31', 1], ['eth', '2025-12-31', 1], ['sol', '2025-12-31', 1], [undefined, '2025-12-31', 1],
  ]);
  expect(reads[4]?.kind).toBe('maturity_earnings,earnings_credit,earnings_deduct');
});

test('a month opens with each asset\'s balance before it and closes with its last entry in the month', () => {
  const statement = monthlyStatement(nov, beforeNov, '2026-11');
  expect(statement.balances).toEqual([
    { asset: 'usdt', opening: 1000, closing: 1000 },
    { asset: 'usd', opening: 0, closing: 5 },
  ]);
  expect(statement.entries.map((e) => e.transferId)).toEqual(['3', '3', '4']);
  expect(monthlyStatement(oct, [], '2026-10').balances).toEqual([{ asset: 'usdt', opening: 0, closing: 1000 }]);
  // A month without entries still states what was held.
  expect(monthlyStatement([], beforeNov, '2026-12').balances).toEqual([{ asset: 'usdt', opening: 1000, closing: 1000 }]);
});

test('the CSV quotes text, keeps a spreadsheet from running a reason as a formula, and ends with the balances', () => {
  const csv = statementCsv(monthlyStatement(nov, beforeNov, '2026-11'));
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('"Date (UTC)","Entry","Reason","By","Asset","Account","Amount (USD)","Account balance after","Asset balance after"');
  expect(lines[1]).toBe('"2026-11-02T08:00:00.000Z","Withdrawal requested (funds held)","Withdrawal requested","You","USDT","Available",-100.00,900.00,1000.00');
  expect(lines[2]).toBe('"2026-11-02T08:00:00.000Z","Withdrawal requested (funds held)","Withdrawal requested","You","USDT","Held",100.00,100.00,1000.00');
  expect(lines[3]).toBe('"2026-11-20T09:00:00.000Z","Earnings credited","\'=HYPERLINK(""x"")","An administrator","Earnings","Earnings",5.00,5.00,5.00');
  expect(lines.slice(5, 7)).toEqual(['"USDT: opening",1000.00,"closing",1000.00', '"Earnings: opening",0.00,"closing",5.00']);
});

test('movementsOf: one row per movement in the order sent, named by its first transfer, net and moved summed in cents', () => {
  const rows = movementsOf([
    // A maturity: its returns (transfer 8, a leg of 7), then its principal back (7: invested → available).
    entry({ transferId: '8', movementId: '7', kind: 'maturity_earnings', account: 'earnings:usd', asset: 'usd', amount: 41.67, reason: 'Investment matured: 12.5% returns' }),
    entry({ transferId: '7', kind: 'maturity_principal', account: 'available:usdt', amount: 333.33, reason: 'Investment matured: principal returned' }),
    entry({ transferId: '7', kind: 'maturity_principal', account: 'invested:usdt', amount: -333.33, reason: 'Investment matured: principal returned' }),
    entry({ transferId: '6', kind: 'withdrawal_payout', account: 'held:usdt', amount: -0.1 }),
    entry({ transferId: '5', kind: 'deposit', amount: 0.2 }),
  ]);
  expect(rows.map((m) => [m.movementId, m.kind, m.reason, m.net, m.moved, m.assets, m.legs.length])).toEqual([
    ['7', 'maturity_principal', 'Investment matured: principal returned', 41.67, 375, ['usd', 'usdt'], 3],
    ['6', 'withdrawal_payout', 'Deposit approved (usdt)', -0.1, 0, ['usdt'], 1],
    ['5', 'deposit', 'Deposit approved (usdt)', 0.2, 0.2, ['usdt'], 1],
  ]);
});
