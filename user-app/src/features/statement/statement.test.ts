import type { LedgerEntry } from '@halcyon/api-client';
import { filterEntries, monthlyStatement, monthsOf, statementCsv } from './statement';
import { ledgerEntry as entry } from '../../test/fixtures';

// Newest first, as GET /user/ledger sends them.
const entries: LedgerEntry[] = [
  entry({ transferId: '4', kind: 'earnings_credit', account: 'earnings:usd', asset: 'usd', amount: 5, balanceAfter: 5, assetBalanceAfter: 5, reason: '=HYPERLINK("x")', createdAt: '2026-11-20T09:00:00.000Z' }),
  entry({ transferId: '3', kind: 'withdrawal_hold', account: 'held:usdt', amount: 100, balanceAfter: 100, assetBalanceAfter: 1000, actor: 'you', reason: 'Withdrawal requested', createdAt: '2026-11-02T08:00:00.000Z' }),
  entry({ transferId: '3', kind: 'withdrawal_hold', account: 'available:usdt', amount: -100, balanceAfter: 900, assetBalanceAfter: 1000, actor: 'you', reason: 'Withdrawal requested', createdAt: '2026-11-02T08:00:00.000Z' }),
  entry({ transferId: '2', amount: 400, balanceAfter: 1000, assetBalanceAfter: 1000, createdAt: '2026-10-20T10:00:00.000Z' }),
  entry({ transferId: '1', amount: 600, balanceAfter: 600, assetBalanceAfter: 600, createdAt: '2026-10-05T10:00:00.000Z' }),
];

test('months with entries, newest first; filters by asset, kind and inclusive period', () => {
  expect(monthsOf(entries)).toEqual(['2026-11', '2026-10']);
  expect(filterEntries(entries, { asset: 'usdt', kind: 'deposit', from: '', to: '' }).map((e) => e.transferId)).toEqual(['2', '1']);
  expect(filterEntries(entries, { asset: '', kind: '', from: '2026-10-20', to: '2026-11-02' }).map((e) => e.transferId)).toEqual(['3', '3', '2']);
});

test('a month opens with the balance at the end of the previous one and closes with its last entry, per asset', () => {
  const nov = monthlyStatement(entries, '2026-11');
  expect(nov.balances).toEqual([
    { asset: 'usdt', opening: 1000, closing: 1000 },
    { asset: 'usd', opening: 0, closing: 5 },
  ]);
  expect(nov.entries.map((e) => e.transferId)).toEqual(['3', '3', '4']);
  expect(monthlyStatement(entries, '2026-10').balances).toEqual([{ asset: 'usdt', opening: 0, closing: 1000 }]);
});

test('the CSV quotes text, keeps a spreadsheet from running a reason as a formula, and ends with the balances', () => {
  const csv = statementCsv(monthlyStatement(entries, '2026-11'));
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('"Date (UTC)","Entry","Reason","By","Asset","Account","Amount (USD)","Account balance after","Asset balance after"');
  expect(lines[1]).toBe('"2026-11-02T08:00:00.000Z","Withdrawal requested (funds held)","Withdrawal requested","You","USDT","Available",-100.00,900.00,1000.00');
  expect(lines[2]).toBe('"2026-11-02T08:00:00.000Z","Withdrawal requested (funds held)","Withdrawal requested","You","USDT","Held",100.00,100.00,1000.00');
  expect(lines[3]).toBe('"2026-11-20T09:00:00.000Z","Earnings credited","\'=HYPERLINK(""x"")","An administrator","Earnings","Earnings",5.00,5.00,5.00');
  expect(lines.slice(5, 7)).toEqual(['"USDT: opening",1000.00,"closing",1000.00', '"Earnings: opening",0.00,"closing",5.00']);
});
