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

  it('a deposit credited from the chain shows its short transaction id, linking the explorer in a new tab', async () => {
    const txid = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d9f8e7d';
    http = stubHttp({
      'GET /api/admin/all-transactions': page([
        transaction({ id: 'x1', txid, explorerUrl: `https://mempool.example/tx/${txid}` }),
        transaction({ id: 'x2', method: 'usdt', txid: '0xfeedbeef00112233445566778899aabbccddeeff', explorerUrl: null }),
        transaction({ id: 'x3', type: 'withdraw', method: 'bank' }),
      ]),
    });
    renderWithProviders(<AllHistoryScreen />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Transaction ID' })).toBeInTheDocument();
    const [paid, bsc, withdrawal] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement, HTMLElement];
    const link = within(paid).getByRole('link', { name: /^a1b2c3d4…9f8e7d/ });
    expect(link).toHaveAttribute('href', `https://mempool.example/tx/${txid}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(bsc).queryByRole('link')).not.toBeInTheDocument();
    expect(within(bsc).getByTitle('0xfeedbeef00112233445566778899aabbccddeeff')).toHaveTextContent('0xfeedbe…ddeeff');
    expect(within(withdrawal).getAllByRole('cell').at(-1)).toHaveTextContent('-');
  });

  it('shows the server message on failure', async () => {
    http = stubHttp({ 'GET /api/admin/all-transactions': fail(500, 'Database unavailable') });
    renderWithProviders(<AllHistoryScreen />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});
