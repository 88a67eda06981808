import { screen, waitFor, within } from '@testing-library/react';
import { profile, transaction } from '../test/fixtures';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders, signIn } from '../test/render';
import Transactions from './Transactions';

let http: HttpStub;
beforeEach(() => signIn(profile()));
afterEach(() => http.restore());

const show = () => renderWithProviders(<Transactions />, { route: '/user/transactions' });

describe('Transactions', () => {
  it('lists Method, Type, Amount, Date, Status; hides earn and transfer entries; capitalises the type; no date while pending', async () => {
    http = stubHttp({
      'GET /api/transaction/all': ok([
        transaction({ id: 't-dep', type: 'deposit', method: 'bitcoin', amount: 250, status: 'approved', createdAt: '2026-03-02T10:00:00.000Z' }),
        transaction({ id: 't-wd', type: 'withdraw', method: 'bank', amount: 40, status: 'pending', createdAt: '2026-03-05T10:00:00.000Z' }),
        transaction({ id: 't-earn', type: 'earn', method: 'earnings', amount: 999, status: 'approved' }),
        transaction({ id: 't-back', type: 'investment', method: 'transfer', amount: 777, status: 'approved' }),
      ]),
    });
    show();
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Method', 'Type', 'Amount', 'Date', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // Newest first: the pending withdrawal has no date.
    const [wd, dep] = rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(wd).toEqual(['BANK', 'Withdraw', '$40.00', '', expect.stringMatching(/pending/i)]);
    expect(dep).toEqual(['BTC', 'Deposit', '$250.00', 'Mar 2, 2026', expect.stringMatching(/approved/i)]);
    expect(screen.queryByText('$999.00')).not.toBeInTheDocument();
    expect(screen.queryByText('$777.00')).not.toBeInTheDocument();
  });

  it('shows the empty table message', async () => {
    http = stubHttp({ 'GET /api/transaction/all': ok([transaction({ type: 'earn' })]) });
    show();
    expect(await screen.findByText('No data available to display.')).toBeInTheDocument();
  });

  it('shows the server\'s message on failure', async () => {
    http = stubHttp({ 'GET /api/transaction/all': fail(500, 'History is unavailable') });
    show();
    expect(await screen.findByText('History is unavailable')).toBeInTheDocument();
  });

  it('cancels its read when the screen is left before the answer comes', async () => {
    http = stubHttp({ 'GET /api/transaction/all': () => new Promise(() => undefined) });
    const { unmount } = show();
    await waitFor(() => expect(http.requests).toHaveLength(1));
    expect(http.requests[0]?.signal.aborted).toBe(false);
    unmount();
    expect(http.requests[0]?.signal.aborted).toBe(true);
  });
});
