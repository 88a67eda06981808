import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { data, deposit } from '../test/fixtures';
import { failWith, stubHttp, type HttpStub } from '../test/http-stub';
import DepositHistoryScreen from './DepositHistoryScreen';

let http: HttpStub;
afterEach(() => http.restore());

describe('DepositHistoryScreen', () => {
  it('lists every deposit with status, method label and dollars', async () => {
    http = stubHttp({
      'GET /api/admin/deposits/all': data([
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

  it('shows the empty text and the server message on failure', async () => {
    http = stubHttp({ 'GET /api/admin/deposits/all': data([]) });
    const { unmount } = renderWithProviders(<DepositHistoryScreen />);
    expect(await screen.findByText('No data available to display.')).toBeInTheDocument();
    unmount();
    http.on('GET /api/admin/deposits/all', failWith(403, 'Admins only'));
    renderWithProviders(<DepositHistoryScreen />);
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
  });
});
