import { act, screen, waitFor } from '@testing-library/react';
import { adminSessionAtom, clearAdminSessionAtom, clearUserSessionAtom, store, userSessionAtom } from '@halcyon/api-client/http';
import { renderShell, resetShellState } from '../test/harness';
import type { RemoteLoader } from '../federation/remotes';

beforeEach(resetShellState);

const stubRemotes: RemoteLoader = async (name) => ({ default: () => <p>{`${name} mounted`}</p> });

describe('route guards', () => {
  it('sends /user/* without a user session to /auth/login', async () => {
    renderShell('/user/main', stubRemotes);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/login'));
    expect(screen.queryByText('user_app mounted')).not.toBeInTheDocument();
  });

  it('sends /admin/* without an admin session to /admin-auth/admin-login, even with a user session', async () => {
    store.set(userSessionAtom, { ...store.get(userSessionAtom), token: 'user-token' });
    renderShell('/admin/overview', stubRemotes);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin-auth/admin-login'));
    expect(screen.queryByText('admin_app mounted')).not.toBeInTheDocument();
  });

  it('mounts the user remote with a user session and leaves when the session is cleared (logout, 401)', async () => {
    store.set(userSessionAtom, { ...store.get(userSessionAtom), token: 'user-token' });
    renderShell('/user/withdraw', stubRemotes);
    expect(await screen.findByText('user_app mounted')).toBeInTheDocument();
    act(() => store.set(clearUserSessionAtom));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/login'));
  });

  it('mounts the admin remote with an admin session and leaves when it is cleared', async () => {
    store.set(adminSessionAtom, { admin: null, token: 'admin-token', remember: false });
    renderShell('/admin/plans', stubRemotes);
    expect(await screen.findByText('admin_app mounted')).toBeInTheDocument();
    act(() => store.set(clearAdminSessionAtom));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin-auth/admin-login'));
  });

  it('shows a 404 view with a link home for unknown routes', () => {
    renderShell('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('renders the about and contact placeholder views', async () => {
    renderShell('/about');
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
  });
});
