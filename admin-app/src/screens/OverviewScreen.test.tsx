import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { solvency, userRow } from '../test/fixtures';
import { networkError, ok, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
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

  it('shows each failure on its own', async () => {
    http = stubHttp({ 'GET /api/admin/solvency': { status: 403, body: { message: 'Admins only', code: 'FORBIDDEN' } }, 'GET /api/admin/users': networkError });
    renderWithProviders(<OverviewScreen />);
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch users.')).toBeInTheDocument();
  });
});
