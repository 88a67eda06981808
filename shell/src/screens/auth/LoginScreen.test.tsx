import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSessionAtom, store, takeEarlyRead, userSessionAtom } from '@halcyon/api-client/http';
import { renderShell, resetShellState, stubApi, typedBeforeStart } from '../../test/harness';
import { adminRecord, userProfile } from '../../test/fixtures';

beforeEach(resetShellState);

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  return user;
}

describe('Login (/auth/login and /)', () => {
  it('shows the fields, Remember Me and the spec links', () => {
    renderShell('/auth/login');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember Me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forget password' })).toHaveAttribute('href', '/auth/forget_password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByText('Copyright © 2025 Acme Invest. All Rights Reserved.')).toBeInTheDocument();
  });

  it('starts from what was typed into the page\'s prerendered form before the app ran, focus included', async () => {
    const prerendered = typedBeforeStart(
      '<input name="email" type="email"><input name="password" type="password"><input name="remember" type="checkbox"><button type="submit" disabled>Login</button>',
      { email: 'early@example.com', password: 'typed-early', remember: true },
      'password',
    );
    renderShell('/auth/login');
    prerendered.remove();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('early@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('typed-early');
    expect(screen.getByRole('checkbox', { name: 'Remember Me' })).toBeChecked();
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveFocus());
    // Once: the next visit starts empty.
    resetShellState();
    renderShell('/auth/login');
    expect(screen.getAllByRole('textbox', { name: 'Email' }).at(-1)).toHaveValue('');
  });

  it('is also the home view at /', () => {
    renderShell('/');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows the field messages and sends nothing when fields are empty or the email is invalid', async () => {
    const calls = stubApi({});
    renderShell('/auth/login');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('logs an investor in with Remember Me: toasts, remembered session, /user/main', async () => {
    let resolve: () => void = () => undefined;
    const gate = new Promise<void>((r) => (resolve = r));
    const calls = stubApi({ 'POST /auth/login': { status: 200, json: { data: userProfile, token: 'user-token' } } });
    const fetchMock = globalThis.fetch as jest.Mock;
    const real = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (...args: unknown[]) => {
      await gate;
      return real?.(...args);
    });
    renderShell('/auth/login');
    const user = await fillLogin('ada@example.com', 'hunter22');
    await user.click(screen.getByRole('checkbox', { name: 'Remember Me' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please wait....')).toBeInTheDocument();
    resolve();
    expect(await screen.findByText('Login Successfully')).toBeInTheDocument();
    expect(screen.queryByText('Please wait....')).not.toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'hunter22', remember: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/main'));
    expect(store.get(userSessionAtom)).toMatchObject({ token: 'user-token', remember: true, user: { email: 'ada@example.com' } });
    expect(JSON.parse(localStorage.getItem('halcyon:user') ?? '{}')).toMatchObject({ token: 'user-token' });
  });

  it('keeps the profile from the login answer for the query cache\'s first read and only the identity in storage', async () => {
    const full = { ...userProfile, bankName: 'First Bank', accountNumber: '0123456789', routingNumber: '021000021', bitcoin: 'bc1qada', balance: 4300.5 };
    stubApi({ 'POST /auth/login': { status: 200, json: { data: full, token: 'user-token' } } });
    renderShell('/auth/login');
    const user = await fillLogin('ada@example.com', 'hunter22');
    await user.click(screen.getByRole('checkbox', { name: 'Remember Me' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/main'));
    await expect(takeEarlyRead('getProfile')).resolves.toEqual({ data: full });
    const stored = localStorage.getItem('halcyon:user') ?? '';
    expect(JSON.parse(stored)).toEqual({ user: { uid: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', username: 'ada', profilePic: null }, token: 'user-token', remember: true });
    for (const secret of ['First Bank', '0123456789', '021000021', 'bc1qada', '4300.5']) expect(stored).not.toContain(secret);
  });

  it('keeps a session without Remember Me in sessionStorage only', async () => {
    stubApi({ 'POST /auth/login': { status: 200, json: { data: userProfile, token: 'short' } } });
    renderShell('/auth/login');
    const user = await fillLogin('ada@example.com', 'hunter22');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/main'));
    expect(localStorage.getItem('halcyon:user')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('halcyon:user') ?? '{}')).toMatchObject({ token: 'short', remember: false });
  });

  it('with two-factor on: the server asks for a code, the code field appears, and the login is sent again with it', async () => {
    const calls = stubApi({
      'POST /auth/login': (body) =>
        (body as { code?: string }).code === '123456'
          ? { status: 200, json: { data: userProfile, token: 'user-token' } }
          : { status: 401, json: { message: 'Enter the 6-digit code from your authenticator app.', code: 'TOTP_REQUIRED' } },
    });
    renderShell('/auth/login');
    const user = await fillLogin('ada@example.com', 'hunter22');
    expect(screen.queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/main'));
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: 'hunter22', remember: false },
      { email: 'ada@example.com', password: 'hunter22', remember: false, code: '123456' },
    ]);
  });

  it("shows the server's message when the login fails", async () => {
    stubApi({ 'POST /auth/login': { status: 401, json: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' } } });
    renderShell('/auth/login');
    const user = await fillLogin('ada@example.com', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login');
    expect(store.get(userSessionAtom).token).toBeNull();
  });

  it("falls back to 'login failed ' when the server gives no message", async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    renderShell('/auth/login');
    const user = await fillLogin('ada@example.com', 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText((_t, el) => el?.tagName === 'P' && el.textContent === 'login failed ')).toBeInTheDocument();
  });

  it('sends an admin who logs in here to /admin/overview with an admin session', async () => {
    stubApi({ 'POST /auth/login': { status: 200, json: { data: adminRecord, token: 'admin-token' } } });
    renderShell('/auth/login');
    const user = await fillLogin('admin@halcyon.test', 'Admin12345!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/overview'));
    expect(store.get(adminSessionAtom)).toMatchObject({ token: 'admin-token', admin: { role: 'admin' } });
    expect(store.get(userSessionAtom).token).toBeNull();
  });
});
