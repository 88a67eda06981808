import { screen, within } from '@testing-library/react';
import { queryClient } from '@halcyon/api-client/react';
import { renderWithProviders } from '../test/render';
import { deposit } from '../test/fixtures';
import { fail, networkError, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import DepositHistoryScreen from './DepositHistoryScreen';

let http: HttpStub;
afterEach(() => http.restore());

describe('DepositHistoryScreen', () => {
  it('lists every deposit with status, method label and dollars', async () => {
    http = stubHttp({
      'GET /api/admin/deposits/all': page([
        deposit({ id: 'd1', method: 'ethereum', amount: 1234.5, status: 'approved' }),
        deposit({ id: 'd2', method: 'usdt', status: 'declined', user: { name: 'Bo Li', email: 'bo@example.com' } }),
      ]),
    });
    renderWithProviders(<DepositHistoryScreen />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('ETH')).toBeInTheDocument();
    expect(within(table).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(table).getByText('Bo Li')).toBeInTheDocument();
    expect(within(table).getByText(/approved/i)).toBeInTheDocument();
    expect(within(table).getByText(/declined/i)).toBeInTheDocument();
  });

  it('shows the empty text', async () => {
    http = stubHttp({ 'GET /api/admin/deposits/all': page([]) });
    renderWithProviders(<DepositHistoryScreen />);
    expect(await screen.findByText('No data available to display.')).toBeInTheDocument();
  });

  it("shows the server's message on failure, else the spec's fallback", async () => {
    http = stubHttp({ 'GET /api/admin/deposits/all': fail(403, 'Admins only') });
    const { unmount } = renderWithProviders(<DepositHistoryScreen />);
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    unmount();
    queryClient.clear();
    http.on('GET /api/admin/deposits/all', networkError);
    renderWithProviders(<DepositHistoryScreen />);
    expect(await screen.findByText('Failed to fetch deposits.')).toBeInTheDocument();
  });
});
