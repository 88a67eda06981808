import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store, userSessionAtom } from '@halcyon/api-client/http';
import { queryClient, queryKey } from '@halcyon/api-client/react';
import { profile } from '../test/fixtures';
import { fail, networkError, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { TOKEN, cacheProfile, cachedProfile, currentPath, renderWithProviders, signIn } from '../test/render';
import Dashboard from './Dashboard';

let http: HttpStub;
const fresh = profile({
  name: 'Ada Lovelace',
  balance: 4300.5,
  totalWithdrawals: 250,
  totalDeposits: 5000,
  btcBal: 1500.25,
  usdtBal: 1000,
  ethBal: 1200.25,
  solBal: 600,
  portfolio: { available: 4300.5, held: 250, invested: 1000, earnings: 120, total: 5670.5 },
});
const portfolio = () => screen.getByRole('heading', { name: 'Total portfolio' }).nextElementSibling;

beforeEach(() => {
  signIn(profile({ balance: 1 }));
  http = stubHttp({ 'GET /api/user/profile': ok(fresh) });
});
afterEach(() => http.restore());

describe('Dashboard', () => {
  it('shows the fresh figures from GET /user/profile, the welcome card and My Assets', async () => {
    renderWithProviders(<Dashboard />);
    expect(await screen.findByText('$5,670.50')).toBeInTheDocument();
    expect(portfolio()).toHaveTextContent('$5,670.50');
    expect(screen.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Crypto Investment Made Easy.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Trading' })).toHaveAttribute('href', '/user/invest');
    expect(screen.getByRole('region', { name: 'Total Withdraw' })).toHaveTextContent('$250.00');
    expect(screen.getByRole('region', { name: 'Total Deposit' })).toHaveTextContent('$5,000.00');
    // Below the totals: rendered in the pass after them.
    const actions = within(await screen.findByRole('navigation', { name: 'Quick actions' }));
    expect(actions.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/user/withdraw');
    expect(actions.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/user/deposit');
    expect(actions.getByRole('link', { name: 'Trade' })).toHaveAttribute('href', '/user/invest');

    const assets = within(screen.getByRole('region', { name: 'My Assets' }));
    for (const [name, amount] of [['Bitcoin', '$1,500.25'], ['USDT', '$1,000.00'], ['Ethereum', '$1,200.25'], ['Solana', '$600.00']] as const) {
      const item = assets.getByRole('listitem', { name });
      expect(item).toHaveTextContent(`Total ${name} Balance`);
      expect(item).toHaveTextContent(amount);
    }
    expect(cachedProfile()?.balance).toBe(4300.5);
  });

  it('heads with everything the investor owns, and what makes it up one tap away, each part with its entries', async () => {
    const u = userEvent.setup();
    renderWithProviders(<Dashboard />);
    expect(await screen.findByText('$5,670.50')).toBeInTheDocument();
    const parts = screen.getByText('What makes it up');
    expect(screen.getByRole('link', { name: 'Invested' })).not.toBeVisible();
    await u.click(parts);
    const rows = [
      ['Available', '$4,300.50', '/user/statement'],
      ['Held for withdrawals', '$250.00', '/user/statement?kind=withdrawal_hold'],
      ['Invested', '$1,000.00', '/user/statement?kind=investment_lock'],
      ['Earnings', '$120.00', '/user/statement?kind=earnings_credit'],
    ] as const;
    for (const [label, amount, to] of rows) {
      const link = screen.getByRole('link', { name: label });
      expect(link).toBeVisible();
      expect(link).toHaveAttribute('href', to);
      expect(link.closest('div')).toHaveTextContent(amount);
    }
  });

  it('opens the account menu with name, email, Profile, Settings; closes on an outside click', async () => {
    const u = userEvent.setup();
    renderWithProviders(<Dashboard />);
    await screen.findByText('$5,670.50');
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    // Initials are drawn by CSS, so the button has no visible text its name would have to contain.
    expect(trigger).toHaveTextContent(/^$/);
    expect(trigger.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'AL');
    await u.click(trigger);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/user/setting');
    await u.click(screen.getByText('Crypto Investment Made Easy.'));
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('Logout revokes the token on the server (POST /api/auth/logout), clears the session and goes to /auth/login', async () => {
    http.on('POST /api/auth/logout', { body: { message: 'Logged out' } });
    const u = userEvent.setup();
    renderWithProviders(<Dashboard />);
    await screen.findByText('$5,670.50');
    await u.click(screen.getByRole('button', { name: 'Account menu' }));
    await u.click(screen.getByRole('button', { name: 'Logout' }));
    expect(currentPath()).toBe('/auth/login');
    expect(store.get(userSessionAtom)).toMatchObject({ user: null, token: null });
    expect(queryClient.getQueryData(queryKey('getProfile'))).toBeUndefined();
    await waitFor(() => expect(http.calls('POST /api/auth/logout')).toHaveLength(1));
    expect(http.calls('POST /api/auth/logout')[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    ['a server error', fail(500, 'Internal error', 'INTERNAL')],
    ['no network', networkError],
  ])('Logout still clears the session when the server call fails (%s)', async (_name, reply) => {
    http.on('POST /api/auth/logout', reply);
    const u = userEvent.setup();
    renderWithProviders(<Dashboard />);
    await screen.findByText('$5,670.50');
    await u.click(screen.getByRole('button', { name: 'Account menu' }));
    await u.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(http.calls('POST /api/auth/logout')).toHaveLength(1));
    expect(currentPath()).toBe('/auth/login');
    expect(store.get(userSessionAtom)).toMatchObject({ user: null, token: null });
  });

  it('keeps the cached figures on screen while they are read again (no spinner), then shows the new ones', async () => {
    let release: () => void = () => undefined;
    http.on('GET /api/user/profile', () => new Promise((resolve) => (release = () => resolve(ok(fresh)))));
    // Older than the 30 s the cache trusts: mounting reads it again.
    cacheProfile(profile({ balance: 1000, portfolio: { available: 1000, held: 0, invested: 0, earnings: 0, total: 1000 } }), Date.now() - 60_000);
    renderWithProviders(<Dashboard />);
    expect(portfolio()).toHaveTextContent('$1,000.00');
    await waitFor(() => expect(http.calls('GET /api/user/profile')).toHaveLength(1));
    expect(portfolio()).toHaveTextContent('$1,000.00');
    expect(screen.queryByText('Loading your portfolio...')).not.toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(portfolio()).toHaveTextContent('$5,670.50'));
  });

  it('shows a fresh cached profile (as the login leaves it) without asking again', () => {
    cacheProfile(fresh);
    renderWithProviders(<Dashboard />);
    expect(portfolio()).toHaveTextContent('$5,670.50');
    expect(http.calls('GET /api/user/profile')).toHaveLength(0);
  });

  it('while the profile comes: the welcome with the session\'s name, the figures\' places held, then the figures in them', async () => {
    signIn(profile({ name: 'Ada Lovelace' }));
    let answer: () => void = () => undefined;
    http.on('GET /api/user/profile', () => new Promise((resolve) => (answer = () => resolve(ok(fresh)))));
    renderWithProviders(<Dashboard />);
    expect(screen.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Loading your portfolio...')).toHaveAttribute('role', 'status');
    expect(screen.queryByTestId('spinner')).not.toBeInTheDocument();
    // The places the figures take (the page's HTML shows the same, user-app/prerender): nothing moves when they come.
    expect(portfolio()).toHaveTextContent('');
    expect(screen.getByRole('region', { name: 'Total Withdraw' })).not.toHaveTextContent('$');
    expect(screen.getByRole('link', { name: 'Start Trading' })).toHaveAttribute('href', '/user/invest');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();

    await waitFor(() => expect(http.calls('GET /api/user/profile')).toHaveLength(1));
    act(() => answer());
    expect(await screen.findByText('$5,670.50')).toBeInTheDocument();
    expect(screen.queryByText('Loading your portfolio...')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Total Withdraw' })).toHaveTextContent('$250.00');
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('shows the server\'s message when the profile cannot be loaded', async () => {
    signIn(profile());
    http.on('GET /api/user/profile', fail(500, 'Database unavailable'));
    renderWithProviders(<Dashboard />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});
