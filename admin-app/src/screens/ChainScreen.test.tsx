import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { queryClient } from '@halcyon/api-client/react';
import { fail, networkError, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders } from '../test/render';
import { chainFollower, chainPayment, chainReserve, chainStatus } from '../test/fixtures';
import ChainScreen from './ChainScreen';

let http: HttpStub;
afterEach(() => http.restore());

const TXID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d9f8e7d';
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
const fact = (card: HTMLElement, term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

const full = chainStatus({
  followers: [
    chainFollower(),
    chainFollower({ chain: 'ethereum', coin: 'ETH', height: 21000000, tip: 21000030, lag: 30, confirmations: 12, reorgs: 0, deepestReorg: 0 }),
    chainFollower({
      chain: 'bsc', coin: 'USDT', height: 44000000, tip: 44000001, lag: 1, confirmations: 15, lastError: 'node answered HTML, not JSON-RPC', lastErrorAt: '2026-11-27T09:58:00.000Z',
    }),
  ],
  attention: [
    chainPayment(),
    chainPayment({ id: 'cp2', chain: 'bsc', coin: 'USDT', txid: '0xfeedbeef00112233445566778899aabbccddeeff', amount: '250.5', status: 'reversed', valuation: 'late', credited: 250.5, user: { name: 'Bo Li', email: 'bo@example.com' }, explorerUrl: null }),
  ],
  reserves: [chainReserve(), chainReserve({ chain: 'bsc', asset: 'usdt', coin: 'USDT', onChain: '550', onChainUsd: 550, owed: 600, addresses: 3 }), chainReserve({ chain: 'ethereum', asset: 'eth', coin: 'ETH', onChain: null, onChainUsd: null, measuredAt: null, owed: 0, addresses: 0 })],
  flagged: [{ uid: 'u2', user: { name: 'Bo Li', email: 'bo@example.com' }, reason: 'Deposit of $250.50 reversed on bsc', since: '2026-11-27T09:40:00.000Z' }],
});

describe('ChainScreen', () => {
  it('shows each follower: height / tip, lag, confirmations, reorgs, last error; a lagging or failing one stands out in words', async () => {
    http = stubHttp({ 'GET /api/admin/chain': ok(full) });
    renderWithProviders(<ChainScreen />, { route: '/admin/chain' });
    expect(await screen.findByRole('heading', { name: 'Chains', level: 1 })).toBeInTheDocument();

    const bitcoin = await screen.findByRole('listitem', { name: 'Bitcoin · BTC' });
    expect(fact(bitcoin, 'Height / tip')).toHaveTextContent('812,345 / 812,346');
    expect(fact(bitcoin, 'Lag')).toHaveTextContent('1 block');
    expect(fact(bitcoin, 'Confirmations')).toHaveTextContent('2');
    expect(fact(bitcoin, 'Reorgs')).toHaveTextContent('3 (deepest 2)');
    expect(fact(bitcoin, 'Last error')).toHaveTextContent('None');
    expect(fact(bitcoin, 'Updated')).toHaveTextContent('Nov 27, 2026, 10:00 AM UTC');
    expect(within(bitcoin).getByText('Following')).toHaveAttribute('data-alert', 'false');

    // 30 blocks behind with 12 confirmations: more than twice them.
    const ethereum = screen.getByRole('listitem', { name: 'Ethereum · ETH' });
    expect(within(ethereum).getByText('Behind')).toHaveAttribute('data-alert', 'true');
    expect(fact(ethereum, 'Lag')).toHaveTextContent('30 blocks');
    expect(fact(ethereum, 'Lag')).toHaveAttribute('data-alert', 'true');

    const bsc = screen.getByRole('listitem', { name: 'BNB Smart Chain · USDT' });
    expect(within(bsc).getByText('Failing')).toHaveAttribute('data-alert', 'true');
    expect(fact(bsc, 'Last error')).toHaveTextContent('node answered HTML, not JSON-RPC (Nov 27, 2026, 9:58 AM UTC)');
    expect(fact(bsc, 'Lag')).toHaveAttribute('data-alert', 'false');
  });

  it('lists the payments that need an eye with their transaction on the explorer, the reserves beside what is owed, and the flagged accounts', async () => {
    http = stubHttp({ 'GET /api/admin/chain': ok(full) });
    renderWithProviders(<ChainScreen />, { route: '/admin/chain' });
    const attention = await screen.findByRole('table', { name: 'Payments that need an eye' });
    expect(within(attention).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Chain', 'User', 'Amount', 'Status', 'Valuation', 'Credited (USD)', 'Transaction ID', 'Seen']);
    const [dust, reversed] = rowsOf('Payments that need an eye') as [HTMLElement, HTMLElement];
    expect(cells(dust)).toEqual(['Bitcoin', 'Jane Doejane@example.com', '0.00000500 BTC', 'Dust', '-', '$0.42', expect.stringContaining('a1b2c3d4…9f8e7d'), 'Nov 27, 2026, 9:30 AM UTC']);
    const link = within(dust).getByRole('link', { name: /^a1b2c3d4…9f8e7d/ });
    expect(link).toHaveAttribute('href', `https://mempool.example/tx/${TXID}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(cells(reversed)).toEqual(['BNB Smart Chain', 'Bo Libo@example.com', '250.5 USDT', 'Reversed', 'Late', '$250.50', '0xfeedbe…ddeeff', 'Nov 27, 2026, 9:30 AM UTC']);
    expect(within(reversed).queryByRole('link')).not.toBeInTheDocument();

    const reserves = screen.getByRole('table', { name: 'Reserves' });
    expect(within(reserves).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Chain', 'On chain', 'Owed to users', 'On chain − owed', 'Addresses', 'Measured']);
    const [btc, usdt, eth] = rowsOf('Reserves') as [HTMLElement, HTMLElement, HTMLElement];
    expect(cells(btc)).toEqual(['Bitcoin', '0.02500000 BTC$1,500.50', '$1,500.00', '$0.50', '12', 'Nov 27, 2026, 9:55 AM UTC']);
    expect(cells(usdt)).toEqual(['BNB Smart Chain', '550 USDT$550.00', '$600.00', '−$50.00', '3', 'Nov 27, 2026, 9:55 AM UTC']);
    expect(cells(eth)).toEqual(['Ethereum', 'Not measured yet', '$0.00', '-', '0', 'Not yet']);

    const [flag] = rowsOf('Accounts flagged for review') as [HTMLElement];
    expect(cells(flag)).toEqual(['Bo Libo@example.com', 'Deposit of $250.50 reversed on bsc', 'Nov 27, 2026, 9:40 AM UTC']);
  });

  it('says when nothing needs an eye and no chain is watched', async () => {
    http = stubHttp({ 'GET /api/admin/chain': ok(chainStatus({ followers: [], reserves: [] })) });
    renderWithProviders(<ChainScreen />, { route: '/admin/chain' });
    expect(await screen.findByText('No chain is watched: deposits are reviewed by hand.')).toBeInTheDocument();
    expect(screen.getByText('No payment needs an eye.')).toBeInTheDocument();
    expect(screen.getByText('No reserve measured yet.')).toBeInTheDocument();
    expect(screen.getByText('No account is flagged.')).toBeInTheDocument();
  });

  it('reads the chains again every 10 s while the page is visible, not while it is hidden', async () => {
    jest.useFakeTimers();
    try {
      http = stubHttp({ 'GET /api/admin/chain': ok(full) });
      renderWithProviders(<ChainScreen />, { route: '/admin/chain' });
      await screen.findByRole('listitem', { name: 'Bitcoin · BTC' });
      expect(http.calls('GET /api/admin/chain')).toHaveLength(1);

      http.on('GET /api/admin/chain', ok(chainStatus({ followers: [chainFollower({ height: 812346, lag: 0 })] })));
      await act(() => jest.advanceTimersByTimeAsync(10_000));
      expect(http.calls('GET /api/admin/chain')).toHaveLength(2);
      await waitFor(() => expect(fact(screen.getByRole('listitem', { name: 'Bitcoin · BTC' }), 'Height / tip')).toHaveTextContent('812,346 / 812,346'));

      act(() => focusManager.setFocused(false));
      await act(() => jest.advanceTimersByTimeAsync(30_000));
      expect(http.calls('GET /api/admin/chain')).toHaveLength(2);
    } finally {
      act(() => focusManager.setFocused(undefined));
      jest.useRealTimers();
    }
  });

  it('shows the server\'s message when the chains cannot be read, else its own', async () => {
    http = stubHttp({ 'GET /api/admin/chain': fail(503, 'Chain followers are starting') });
    const { unmount } = renderWithProviders(<ChainScreen />, { route: '/admin/chain' });
    expect(await screen.findByText('Chain followers are starting')).toBeInTheDocument();
    unmount();
    queryClient.clear();
    http.on('GET /api/admin/chain', networkError);
    renderWithProviders(<ChainScreen />, { route: '/admin/chain' });
    expect(await screen.findByText('Failed to fetch the chains.')).toBeInTheDocument();
  });
});
