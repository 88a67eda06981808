import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSessionAtom, store } from '@halcyon/api-client/http';
import { renderShell, resetShellState, stubApi } from '../../test/harness';
import { adminRecord } from '../../test/fixtures';

beforeEach(resetShellState);

describe('Admin login (/admin-auth/admin-login)', () => {
  it('has email, password, Remember Me and the forgot-password link', async () => {
    renderShell('/admin-auth/admin-login');
    // The screen is loaded on first visit (lazy route).
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember Me' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forget password' })).toHaveAttribute('href', '/auth/forget_password');
  });

  it("logs in: 'Login Successfully', admin session, /admin/overview", async () => {
    const calls = stubApi({ 'POST /auth/login': { status: 200, json: { data: adminRecord, token: 'admin-token' } } });
    renderShell('/admin-auth/admin-login');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@halcyon.test');
    await user.type(screen.getByLabelText(/^Password/), 'Admin12345!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Successfully')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'admin@halcyon.test', password: 'Admin12345!', remember: false });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/overview'));
    expect(store.get(adminSessionAtom).token).toBe('admin-token');
  });

  it("shows the server's message on failure", async () => {
    stubApi({ 'POST /auth/login': { status: 429, json: { message: 'Too many attempts, try again in a minute', code: 'RATE_LIMITED' } } });
    renderShell('/admin-auth/admin-login');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@halcyon.test');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Too many attempts, try again in a minute')).toBeInTheDocument();
  });
});

describe('Admin register (/admin-auth/admin-reg)', () => {
  async function fill() {
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'new@halcyon.test');
    await user.type(screen.getByLabelText(/^Password/), 'Lantern-Admin-7391');
    await user.type(screen.getByRole('textbox', { name: 'Invite Code' }), 'INV-42');
    await user.click(screen.getByRole('button', { name: 'Register' }));
  }

  it("sends the invite code, says 'Registration Successfully' and goes to the admin login", async () => {
    const calls = stubApi({ 'POST /auth/register-admin': { status: 201, json: { data: adminRecord } } });
    renderShell('/admin-auth/admin-reg');
    await fill();
    expect(await screen.findByText('Registration Successfully')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'new@halcyon.test', password: 'Lantern-Admin-7391', inviteCode: 'INV-42' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin-auth/admin-login'));
  });

  it("shows the server's message, else 'login failed '", async () => {
    stubApi({ 'POST /auth/register-admin': { status: 403, json: { message: 'That invite code is not valid', code: 'INVALID_INVITE' } } });
    renderShell('/admin-auth/admin-reg');
    await fill();
    expect(await screen.findByText('That invite code is not valid')).toBeInTheDocument();
  });

  it("falls back to 'login failed ' without a server message", async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    renderShell('/admin-auth/admin-reg');
    await fill();
    expect(await screen.findByText((_t, el) => el?.tagName === 'P' && el.textContent === 'login failed ')).toBeInTheDocument();
  });
});
