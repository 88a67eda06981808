import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerEntry } from '@halcyon/api-client';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders } from '../test/render';
import Statement from './Statement';
import { ledgerEntry as entry } from '../test/fixtures';

let http: HttpStub;
afterEach(() => http.restore());

const ledger: LedgerEntry[] = [
  entry({ transferId: '3', kind: 'earnings_credit', account: 'earnings:usd', asset: 'usd', amount: 5, balanceAfter: 5, assetBalanceAfter: 5, reason: 'Loyalty bonus', createdAt: '2026-11-20T09:00:00.000Z' }),
  entry({ transferId: '2', kind: 'investment_lock', account: 'invested:usdt', amount: 400, balanceAfter: 400, assetBalanceAfter: 600, actor: 'you', reason: 'Invested in Gold', createdAt: '2026-11-02T08:00:00.000Z' }),
  entry({ transferId: '2', kind: 'investment_lock', account: 'available:usdt', amount: -400, balanceAfter: 200, assetBalanceAfter: 600, actor: 'you', reason: 'Invested in Gold', createdAt: '2026-11-02T08:00:00.000Z' }),
  entry({}),
];

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('Statement (/user/statement)', () => {
  it('lists every entry with who made it and why, and the asset balance after it; the URL\'s filter applies', async () => {
    http = stubHttp({ 'GET /api/user/ledger': ok(ledger) });
    renderWithProviders(<Statement />, { route: '/user/statement?asset=usd', path: '/user/statement' });
    const table = await screen.findByRole('table', { name: 'Ledger entries' });
    expect(rowsOf(table)).toEqual([[expect.any(String), 'Earnings credited', 'Loyalty bonus', 'An administrator', 'Earnings · Earnings', '$5.00', '$5.00']]);
    await userEvent.selectOptions(screen.getByLabelText('Asset'), '');
    const all = rowsOf(screen.getByRole('table', { name: 'Ledger entries' }));
    expect(all.map((r) => [r[1], r[3], r[4], r[5], r[6]])).toEqual([
      ['Earnings credited', 'An administrator', 'Earnings · Earnings', '$5.00', '$5.00'],
      ['Invested', 'You', 'USDT · Invested', '$400.00', '$600.00'],
      ['Invested', 'You', 'USDT · Available', '-$400.00', '$600.00'],
      ['Deposit', 'An administrator', 'USDT · Available', '$600.00', '$600.00'],
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Entry'), 'deposit');
    expect(rowsOf(screen.getByRole('table', { name: 'Ledger entries' })).map((r) => r[1])).toEqual(['Deposit']);
  });

  it('shows the newest month\'s statement with opening and closing balances, and downloads it as CSV', async () => {
    http = stubHttp({ 'GET /api/user/ledger': ok(ledger) });
    const created: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:statement';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<Statement />, { route: '/user/statement', path: '/user/statement' });
    expect(await screen.findByRole('heading', { name: 'Monthly statement: November 2026' })).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Opening and closing balances, November 2026' }))).toEqual([
      ['USDT', '$600.00', '$600.00'],
      ['Earnings', '$0.00', '$5.00'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalled();
    const csv = await created[0]?.text();
    expect(csv?.split('\r\n')[1]).toBe('"2026-11-02T08:00:00.000Z","Invested","Invested in Gold","You","USDT","Available",-400.00,200.00,600.00');
    await userEvent.selectOptions(screen.getByLabelText('Month'), '2026-10');
    expect(screen.getByRole('heading', { name: 'Monthly statement: October 2026' })).toBeInTheDocument();
    click.mockRestore();
  });

  it('a failed read shows the server\'s message', async () => {
    http = stubHttp({ 'GET /api/user/ledger': fail(500, 'Database unavailable') });
    renderWithProviders(<Statement />, { route: '/user/statement', path: '/user/statement' });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});
