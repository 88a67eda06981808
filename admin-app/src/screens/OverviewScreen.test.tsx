import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { chainReserve, chainStatus, solvency, userRow } from '../test/fixtures';
import { fail, networkError, ok, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import OverviewScreen from './OverviewScreen';

let http: HttpStub;
afterEach(() => http.restore());

describe('OverviewScreen', () => {
  it('shows Total Deposit (sum of balances), Total Users, solvency per asset and the users table', async () => {
    http = stubHttp({
      'GET /api/admin/solvency': ok(solvency({ totalUserBalances: 12345.6, totalUsers: 2 })),
      'GET /api/admin/users': page([userRow(), userRow({ uid: 'u2', name: 'Bo Li', email: 'bo@example.com', balance: 10845.6 })]),
      'GET /api/liabilities/latest': ok(null),
      'GET /api/admin/liabilities/audit': ok(null),
    });
    renderWithProviders(<OverviewScreen />);
    const deposit = (await screen.findByRole('heading', { name: 'Total Deposit' })).parentElement as HTMLElement;
    expect(within(deposit).getByText('$12,345.60')).toBeInTheDocument();
    const users = screen.getByRole('heading', { name: 'Total Users' }).parentElement as HTMLElement;
    expect(within(users).getByText('2')).toBeInTheDocument();
    expect((screen.getByRole('heading', { name: 'Earnings owed' }).parentElement as HTMLElement).textContent).toContain('$40.00');

    const assets = screen.getByRole('table', { name: /Solvency per asset/ });
    const usdt = within(assets).getByText('USDT').closest('tr') as HTMLElement;
    expect(within(usdt).getByText('$600.00')).toBeInTheDocument(); // owed
    expect(within(usdt).getByText('$550.00')).toBeInTheDocument(); // custody
    expect(within(usdt).getByText('−$50.00')).toBeInTheDocument(); // short
    expect(within(assets).getByText('Bitcoin')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Bo Li')).toBeInTheDocument();
    expect(within(table).getByText('$10,845.60')).toBeInTheDocument();
  });

  it('shows what the chain holds beside what is owed for each asset with a reserve (GET /admin/chain)', async () => {
    http = stubHttp({
      'GET /api/admin/solvency': ok(solvency()),
      'GET /api/admin/users': page([]),
      'GET /api/admin/chain': ok(chainStatus({ reserves: [chainReserve(), chainReserve({ chain: 'bsc', asset: 'usdt', coin: 'USDT', onChain: '550', onChainUsd: null, owed: 600 })] })),
    });
    renderWithProviders(<OverviewScreen />);
    const assets = await screen.findByRole('table', { name: /Solvency per asset/ });
    await waitFor(() => expect(within(assets).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Asset', 'Available', 'Held', 'Invested', 'Owed to users', 'On chain', 'Custody', 'Custody − owed']));
    const onChain = (name: string) => within(within(assets).getByText(name).closest('tr') as HTMLElement).getAllByRole('cell')[5]?.textContent;
    expect(onChain('Bitcoin')).toBe('$1,500.500.02500000 BTC');
    expect(onChain('USDT')).toBe('No price550 USDT');
    expect(onChain('Ethereum')).toBe('-');
    expect(onChain('Solana')).toBe('-');
  });

  it('without the chains (none watched, or their read failed) the panel is as before', async () => {
    http = stubHttp({ 'GET /api/admin/solvency': ok(solvency()), 'GET /api/admin/users': page([]), 'GET /api/admin/chain': fail(500, 'Chain status unavailable') });
    renderWithProviders(<OverviewScreen />);
    const assets = await screen.findByRole('table', { name: /Solvency per asset/ });
    await waitFor(() => expect(http.calls('GET /api/admin/chain')).toHaveLength(1));
    expect(within(assets).queryByRole('columnheader', { name: 'On chain' })).not.toBeInTheDocument();
    expect(screen.queryByText('Chain status unavailable')).not.toBeInTheDocument();
  });

  it('shows each failure on its own', async () => {
    http = stubHttp({ 'GET /api/admin/solvency': { status: 403, body: { message: 'Admins only', code: 'FORBIDDEN' } }, 'GET /api/admin/users': networkError });
    renderWithProviders(<OverviewScreen />);
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch users.')).toBeInTheDocument();
  });
});
