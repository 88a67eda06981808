import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { adminSessionAtom, brandAtom, DEFAULT_BRAND, store } from '@halcyon/api-client/http';
import { fail, networkError, stubHttp, type StubReply } from '@halcyon/api-client/testing';
import { ADMIN_TOKEN, renderWithProviders } from '../test/render';
import { AdminLayout } from './AdminLayout';

/** jsdom matches no media query: the layout is the phone one, so the menu opens the sidebar. */
async function openMenu() {
  const menu = screen.getByRole('button', { name: 'Menu' });
  if (menu.getAttribute('aria-expanded') !== 'true') await userEvent.click(menu);
  return screen.getByRole('navigation', { name: 'Admin' });
}

function Layout() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="*" element={<p>screen body</p>} />
      </Route>
    </Routes>
  );
}

const LABELS = [
  ['Overview', 'overview'],
  ['All Users', 'allusers'],
  ['Update Traders', 'updatedtraders'],
  ['All Traders', 'alltraders'],
  ['Create Plan', 'createplan'],
  ['Plans', 'plans'],
  ['Pending Deposits', 'pending-deposit'],
  ['Deposit History', 'deposit-history'],
  ['Withdraw History', 'withdraw-history'],
  ['Pending Withdrawals', 'pending-withdraw'],
  ['Investments', 'investments'],
  ['Update Wallets', 'update-wallets'],
  ['Active Investments', 'active-investment'],
  ['Pending Investments', 'pending-investment'],
  ['Processing Investments', 'processed-investment'],
  ['Top Earnings', 'top-earnings'],
  ['Earning History', 'earning-history'],
  ['All History', 'all-history'],
  ['Admin Invites', 'invites'],
  ['Background Jobs', 'jobs'],
  ['Chains', 'chain'],
  ['Payouts', 'payouts'],
  ['Security', 'security'],
] as const;

describe('AdminLayout', () => {
  it('lists the 18 spec entries plus invites, background jobs, the chains, the payouts and security, each linking to /admin/<entry>', async () => {
    renderWithProviders(<Layout />, { route: '/admin/plans' });
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    const nav = await openMenu();
    const links = within(nav).getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/admin/'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(LABELS.map(([label, path]) => [label, `/admin/${path}`]));
  });

  it('highlights the active entry with aria-current and moves it on navigation', async () => {
    renderWithProviders(<Layout />, { route: '/admin/plans' });
    let nav = await openMenu();
    expect(within(nav).getByRole('link', { name: 'Plans' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(nav).getByRole('link', { name: 'Pending Deposits' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/pending-deposit');
    nav = await openMenu();
    expect(within(nav).getByRole('link', { name: 'Pending Deposits' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Plans' })).not.toHaveAttribute('aria-current');
  });

  it('has a menu button that opens and closes the sidebar on narrow screens', async () => {
    renderWithProviders(<Layout />, { route: '/admin/overview' });
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', 'admin-sidebar');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    // Following a link closes it again.
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Plans' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the brand the shell set from the runtime config', () => {
    store.set(brandAtom, 'Acme Capital');
    try {
      renderWithProviders(<Layout />, { route: '/admin/overview' });
      expect(screen.getAllByRole('link', { name: 'Acme Capital home' }).length).toBeGreaterThan(0);
    } finally {
      store.set(brandAtom, DEFAULT_BRAND);
    }
  });

  it.each<[string, StubReply]>([
    ['it succeeds', { body: { message: 'Logged out' } }],
    ['the server fails', fail(500, 'Internal error', 'INTERNAL')],
    ['there is no network', networkError],
  ])('Logout revokes the token on the server and clears the admin session and goes to the admin login when %s', async (_name, reply) => {
    const http = stubHttp({ 'POST /api/auth/logout': reply });
    try {
      renderWithProviders(<Layout />, { route: '/admin/overview' });
      expect(store.get(adminSessionAtom).token).not.toBeNull();
      await openMenu();
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      expect(store.get(adminSessionAtom)).toEqual({ admin: null, token: null, remember: false });
      expect(screen.getByTestId('location')).toHaveTextContent('/admin-auth/admin-login');
      await waitFor(() => expect(http.calls('POST /api/auth/logout')).toHaveLength(1));
      expect(http.calls('POST /api/auth/logout')[0]?.headers.get('authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
    } finally {
      http.restore();
    }
  });
});

describe('AdminLayout: two-factor prompt', () => {
  it('asks an admin without two-factor to turn it on, on every screen; says nothing once it is on', async () => {
    const http = stubHttp({ 'GET /api/account/2fa': { body: { data: { enabled: false, recoveryCodesLeft: 0 } } } });
    try {
      const view = renderWithProviders(<Layout />, { route: '/admin/plans' });
      expect(await screen.findByText(/Your admin account has no two-factor authentication yet/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'turn it on in Security' })).toHaveAttribute('href', '/admin/security');
      view.unmount();
    } finally {
      http.restore();
    }
  });
});
