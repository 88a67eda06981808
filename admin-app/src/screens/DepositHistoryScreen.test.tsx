import { screen, within } from '@testing-library/react';
import { queryClient } from '@halcyon/api-client/react';
import { renderWithProviders } from '../test/render';
import { deposit, depositPayment } from '../test/fixtures';
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

  it('a deposit paid on the chain shows its short transaction id, linking the explorer in a new tab (plain text without one)', async () => {
    const txid = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d9f8e7d';
    http = stubHttp({
      'GET /api/admin/deposits/all': page([
        deposit({ id: 'd1', status: 'approved', payment: depositPayment({ state: 'credited', txid, explorerUrl: `https://mempool.example/tx/${txid}` }) }),
        deposit({ id: 'd2', method: 'usdt', status: 'approved', payment: depositPayment({ network: 'bsc', coin: 'USDT', state: 'credited', txid: '0xfeedbeef00112233445566778899aabbccddeeff', explorerUrl: null }) }),
        deposit({ id: 'd3', method: 'solana', payment: null }),
      ]),
    });
    renderWithProviders(<DepositHistoryScreen />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Transaction ID' })).toBeInTheDocument();
    const [paid, bsc, manual] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement, HTMLElement];
    const link = within(paid).getByRole('link', { name: /^a1b2c3d4…9f8e7d/ });
    expect(link).toHaveAttribute('href', `https://mempool.example/tx/${txid}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(bsc).queryByRole('link')).not.toBeInTheDocument();
    expect(within(bsc).getByTitle('0xfeedbeef00112233445566778899aabbccddeeff')).toHaveTextContent('0xfeedbe…ddeeff');
    expect(within(manual).getAllByRole('cell').at(-1)).toHaveTextContent('-');
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
