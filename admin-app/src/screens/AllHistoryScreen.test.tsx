import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { transaction } from '../test/fixtures';
import { fail, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import AllHistoryScreen from './AllHistoryScreen';

let http: HttpStub;
afterEach(() => http.restore());

describe('AllHistoryScreen', () => {
  it('lists every transaction, earn and transfer entries included', async () => {
    http = stubHttp({
      'GET /api/admin/all-transactions': page([
        transaction({ id: 'x1', type: 'deposit', method: 'bitcoin' }),
        transaction({ id: 'x2', type: 'earn', method: 'transfer', amount: 12.5, source: 'maturity' }),
      ]),
    });
    renderWithProviders(<AllHistoryScreen />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Deposit')).toBeInTheDocument();
    expect(within(table).getByText('Earn')).toBeInTheDocument();
    expect(within(table).getByText('BTC')).toBeInTheDocument();
    expect(within(table).getByText('$12.50')).toBeInTheDocument();
  });

  it('shows the server message on failure', async () => {
    http = stubHttp({ 'GET /api/admin/all-transactions': fail(500, 'Database unavailable') });
    renderWithProviders(<AllHistoryScreen />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});
