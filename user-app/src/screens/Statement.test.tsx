import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerEntry } from '@halcyon/api-client/model';
import { fail, ok, page, stubHttp, type HttpStub, type StubHandler } from '@halcyon/api-client/testing';
import { renderWithProviders } from '../test/render';
import Statement from './Statement';
import { ledgerEntry as entry, profile } from '../test/fixtures';

let http: HttpStub;
afterEach(() => {
  http.restore();
  jest.useRealTimers();
});

// Newest first, as the server sends them.
const ledger: LedgerEntry[] = [
  entry({ transferId: '3', kind: 'earnings_credit', account: 'earnings:usd', asset: 'usd', amount: 5, balanceAfter: 5, assetBalanceAfter: 5, reason: 'Loyalty bonus', createdAt: '2026-11-20T09:00:00.000Z' }),
  entry({ transferId: '2', kind: 'investment_lock', account: 'invested:usdt', amount: 400, balanceAfter: 400, assetBalanceAfter: 600, actor: 'you', reason: 'Invested in Gold', createdAt: '2026-11-02T08:00:00.000Z' }),
  entry({ transferId: '2', kind: 'investment_lock', account: 'available:usdt', amount: -400, balanceAfter: 200, assetBalanceAfter: 600, actor: 'you', reason: 'Invested in Gold', createdAt: '2026-11-02T08:00:00.000Z' }),
  entry({}),
];

/**
 * GET /user/ledger as the server answers: asset, kind (comma lists) and the inclusive day range
 * applied, then pages of `limit` rows, at most `most` (a server may send fewer than asked).
 */
function ledgerServer(entries: readonly LedgerEntry[], most = 50): StubHandler {
  return (request) => {
    const q = request.query;
    const list = (name: string) => q.get(name)?.split(',');
    const [assets, kinds, from, to] = [list('asset'), list('kind'), q.get('from'), q.get('to')];
    const rows = entries.filter(
      (e) => (!assets || assets.includes(e.asset)) && (!kinds || kinds.includes(e.kind)) && (!from || e.createdAt.slice(0, 10) >= from) && (!to || e.createdAt.slice(0, 10) <= to),
    );
    const start = Number(q.get('cursor')?.match(/^p(\d+)\./)?.[1] ?? 0);
    const end = start + Math.min(Number(q.get('limit') ?? 50), most);
    return page(rows.slice(start, end), end < rows.length ? `p${end}.sig` : null);
  };
}

const LEDGER = 'GET /api/user/ledger';
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
const entries = () => screen.getByRole('table', { name: 'Ledger entries' });
/** The month's reads (from the 1st): the statement's, not the list's or the opening balances'. */
/** The list's reads (the table's): no `limit`, which the month and opening reads set. */
const listReads = () => http.calls(LEDGER).filter((r) => !r.query.has('limit')).map((r) => r.query.toString());
const monthReads = () => http.calls(LEDGER).filter((r) => r.query.get('from')?.endsWith('-01') && r.query.get('limit') === '500').map((r) => r.query.toString());

/** "Now" for the month list: only Date is faked, timers stay real for the requests and user events. */
function today(iso: string) {
  jest.useFakeTimers({
    now: new Date(iso),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
}

describe('Statement (/user/statement)', () => {
  it('a deposit credited from the chain links the transaction that paid it', async () => {
    const txid = `0x${'ab'.repeat(32)}`;
    const paid = entry({ transferId: '9', kind: 'deposit', account: 'available:usdt', amount: 40, reason: 'Deposit confirmed on bsc: 40 USDT in tx', txid, explorerUrl: `https://bscscan.com/tx/${txid}` });
    http = stubHttp({ [LEDGER]: ledgerServer([paid]), 'GET /api/user/profile': ok(profile()) });
    renderWithProviders(<Statement />, { route: '/user/statement', path: '/user/statement' });
    const link = await screen.findByRole('link', { name: /0xababab/ });
    expect(link).toHaveAttribute('href', `https://bscscan.com/tx/${txid}`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("sends the URL's filter and every change of it to the server, and shows what it answers", async () => {
    http = stubHttp({ [LEDGER]: ledgerServer(ledger), 'GET /api/user/profile': ok(profile()) });
    renderWithProviders(<Statement />, { route: '/user/statement?asset=usd', path: '/user/statement' });
    // Who made it reads under the reason (a column of its own pushed the figures out of view at 1440 px).
    await waitFor(() => expect(rowsOf(entries())).toEqual([[expect.any(String), 'Earnings credited', 'Loyalty bonusBy an administrator', 'Earnings · Earnings', '$5.00', '$5.00']]));
    // The ledger's asset filter knows the coins: Earnings is asked for by its kinds.
    expect(listReads()).toEqual(['kind=maturity_earnings%2Cearnings_credit%2Cearnings_deduct']);
    await userEvent.selectOptions(screen.getByLabelText('Asset'), '');
    // One row per movement: the investment's two legs (available → invested) under one row.
    await waitFor(() => expect(rowsOf(entries())).toHaveLength(3));
    expect(rowsOf(entries()).map((r) => [r[1], r[2], r[3], r[4], r[5]])).toEqual([
      ['Earnings credited', 'Loyalty bonusBy an administrator', 'Earnings · Earnings', '$5.00', '$5.00'],
      ['Invested', 'Invested in GoldBy you', 'USDT · 2 legsUSDT · Invested: $400.00, balance $400.00USDT · Available: -$400.00, balance $200.00Movement 2', '$400.00 moved', '$600.00'],
      ['Deposit', 'Deposit approved (usdt)By an administrator', 'USDT · Available', '$600.00', '$600.00'],
    ]);
    const legs = within(entries()).getByText('USDT · 2 legs');
    expect(legs.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(legs);
    expect(legs.closest('details')).toHaveAttribute('open');
    await userEvent.selectOptions(screen.getByLabelText('Entry'), 'deposit');
    await waitFor(() => expect(rowsOf(entries()).map((r) => r[1])).toEqual(['Deposit']));
    await userEvent.selectOptions(screen.getByLabelText('Asset'), 'usdt');
    await waitFor(() => expect(listReads()).toEqual(['kind=maturity_earnings%2Cearnings_credit%2Cearnings_deduct', '', 'kind=deposit', 'asset=usdt&kind=deposit']));
    expect(rowsOf(entries()).map((r) => r[1])).toEqual(['Deposit']);
  });

  it('shows the entries a page at a time: Load more asks for the next with the cursor the server gave', async () => {
    http = stubHttp({ [LEDGER]: ledgerServer(ledger, 3), 'GET /api/user/profile': ok(profile()) });
    renderWithProviders(<Statement />, { route: '/user/statement', path: '/user/statement' });
    // The first page ends inside no movement here; three entries are two movements.
    await waitFor(() => expect(rowsOf(entries())).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowsOf(entries())).toHaveLength(3));
    expect(listReads()).toEqual(['', 'cursor=p3.sig']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("builds this month's statement from all of its entries, read page by page, and each asset's balance before it; downloads it as CSV", async () => {
    today('2026-11-25T12:00:00.000Z');
    http = stubHttp({ [LEDGER]: ledgerServer(ledger, 2), 'GET /api/user/profile': ok(profile({ createdAt: '2026-09-10T00:00:00.000Z' })) });
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:statement';
      }),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<Statement />, { route: '/user/statement', path: '/user/statement' });
    expect(await screen.findByRole('heading', { name: 'Monthly statement: November 2026' })).toBeInTheDocument();
    expect(rowsOf(await screen.findByRole('table', { name: 'Opening and closing balances, November 2026' }))).toEqual([
      ['USDT', '$600.00', '$600.00'],
      ['Earnings', '$0.00', '$5.00'],
    ]);
    // One row per movement here too: the investment's two legs are one row (its legs under it); the CSV has each leg.
    expect(rowsOf(screen.getByRole('table', { name: 'Entries, November 2026' })).map((r) => r[1])).toEqual(['Invested', 'Earnings credited']);
    // Three entries, two a page: the month was read until its last page.
    expect(monthReads()).toEqual(['from=2026-11-01&to=2026-11-30&limit=500', 'from=2026-11-01&to=2026-11-30&limit=500&cursor=p2.sig']);
    // Each asset's newest entry before the month gives its opening balance.
    expect(http.calls(LEDGER).filter((r) => r.query.get('limit') === '1').map((r) => r.query.get('asset') ?? r.query.get('kind'))).toEqual([
      'btc', 'usdt', 'eth', 'sol', 'maturity_earnings,earnings_credit,earnings_deduct',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalled();
    const csv = await created[0]?.text();
    expect(csv?.split('\r\n')[1]).toBe('"2026-11-02T08:00:00.000Z","Invested","Invested in Gold","You","USDT","Available",-400.00,200.00,600.00');
    // Months since the account opened.
    const month = screen.getByLabelText('Month');
    expect(within(month).getAllByRole('option').map((o) => o.textContent)).toEqual(['November 2026', 'October 2026', 'September 2026']);
    await userEvent.selectOptions(month, '2026-10');
    expect(screen.getByRole('heading', { name: 'Monthly statement: October 2026' })).toBeInTheDocument();
    expect(rowsOf(await screen.findByRole('table', { name: 'Opening and closing balances, October 2026' }))).toEqual([['USDT', '$0.00', '$600.00']]);
    click.mockRestore();
  });

  it("a failed read shows the server's message", async () => {
    http = stubHttp({ [LEDGER]: fail(500, 'Database unavailable'), 'GET /api/user/profile': ok(profile()) });
    renderWithProviders(<Statement />, { route: '/user/statement', path: '/user/statement' });
    expect((await screen.findAllByText('Database unavailable')).length).toBeGreaterThan(0);
  });
});
