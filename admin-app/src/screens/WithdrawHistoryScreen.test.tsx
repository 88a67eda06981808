import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { withdrawal } from '../test/fixtures';
import { networkError, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import WithdrawHistoryScreen from './WithdrawHistoryScreen';

let http: HttpStub;
afterEach(() => http.restore());

describe('WithdrawHistoryScreen', () => {
  it('lists every withdrawal with where it pays: the address, the bank with masked numbers, a dash when none was recorded', async () => {
    http = stubHttp({
      'GET /api/admin/withdrawals/all': page([
        withdrawal({ id: 'w1', method: 'solana', status: 'approved', address: 'So1addr', destination: 'So1addr' }),
        withdrawal({ id: 'w2', method: 'bank', address: '', destination: 'Harbor Savings, account ••••4321, routing ••••0021', status: 'declined' }),
        withdrawal({ id: 'w3', method: 'bank', address: '', destination: '', status: 'declined' }),
      ]),
    });
    renderWithProviders(<WithdrawHistoryScreen />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Pays to/ })).toBeInTheDocument();
    expect(within(table).getByText('SOL')).toBeInTheDocument();
    expect(within(table).getByText('So1addr')).toBeInTheDocument();
    expect(within(table).getByText('Harbor Savings, account ••••4321, routing ••••0021')).toBeInTheDocument();
    expect(within(table).getAllByText('-').length).toBeGreaterThan(0);
  });

  it("shows 'Failed to fetch withdrawals.'", async () => {
    http = stubHttp({ 'GET /api/admin/withdrawals/all': networkError });
    renderWithProviders(<WithdrawHistoryScreen />);
    expect(await screen.findByText('Failed to fetch withdrawals.')).toBeInTheDocument();
  });
});
