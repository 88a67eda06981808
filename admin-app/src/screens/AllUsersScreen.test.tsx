import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { userRow } from '../test/fixtures';
import { fail, networkError, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import AllUsersScreen from './AllUsersScreen';

let http: HttpStub;
afterEach(() => http.restore());

const users = [userRow(), userRow({ uid: 'u2', id: 'u2', name: 'Bo Li', username: 'boli', email: 'bo@example.com' })];

describe('AllUsersScreen', () => {
  beforeEach(() => {
    http = stubHttp({ 'GET /api/admin/users': page(users) });
  });

  it('shows S/N, Name, Email, Username, a masked Password and Actions', async () => {
    renderWithProviders(<AllUsersScreen />);
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim());
    for (const h of ['S/N', 'Name', 'Email', 'Username', 'Password', 'Actions']) expect(headers.some((t) => t?.startsWith(h))).toBe(true);
    const row = within(table).getByText('bo@example.com').closest('tr') as HTMLElement;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('boli')).toBeInTheDocument();
    expect(within(row).getByText('••••••••')).toBeInTheDocument();
  });

  it("deletes after confirmation: 'User deleted successfully.' and the row goes", async () => {
    http.on('DELETE /api/admin/users/:uid', { body: { message: 'User deleted' } });
    renderWithProviders(<AllUsersScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bo Li' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Bo Li (bo@example.com)?');
    expect(http.mutations()).toHaveLength(0);
    http.on('GET /api/admin/users', page([users[0]]));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findSuccessToast('User deleted successfully.');
    expect(http.mutations().map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/admin/users/u2']);
    await screen.findByRole('table');
    expect(screen.queryByText('bo@example.com')).not.toBeInTheDocument();
  });

  it('shows the server message when a delete fails', async () => {
    http.on('DELETE /api/admin/users/:uid', fail(404, 'User not found'));
    renderWithProviders(<AllUsersScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bo Li' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await findErrorToast('User not found');
  });

  it('sends a password reset link instead of ever showing a password', async () => {
    http.on('POST /api/admin/users/:uid/password-reset', { body: { message: 'Reset link sent' } });
    renderWithProviders(<AllUsersScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link to Jane Doe' }));
    await findSuccessToast('Password reset link sent.');
    expect(http.mutations().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/admin/users/u1/password-reset']);
  });

  it("shows 'Failed to fetch users.'", async () => {
    http.on('GET /api/admin/users', networkError);
    renderWithProviders(<AllUsersScreen />);
    expect(await screen.findByText('Failed to fetch users.')).toBeInTheDocument();
  });

  it('a locked account shows why under its name', async () => {
    http.on('GET /api/admin/users', page([userRow({ frozen: { since: '2026-11-26T10:00:00.000Z', reason: 'Locked by its owner from a security alert' } })]));
    renderWithProviders(<AllUsersScreen />);
    expect(await screen.findByText('Locked: Locked by its owner from a security alert')).toBeInTheDocument();
  });

  it('resets two-factor only with a reason, and says the user must confirm it', async () => {
    http.on('GET /api/admin/users', page([userRow({ uid: 'u2', id: 'u2', name: 'Bo Li', email: 'bo@example.com', twoFactorEnabled: true })]));
    http.on('POST /api/admin/users/:uid/2fa-reset', { body: { message: 'A confirmation link was sent to bo@example.com. Two-factor stays on until they use it.' } });
    renderWithProviders(<AllUsersScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset 2FA for Bo Li' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(http.mutations()).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Lost phone, checked on a call');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    await findSuccessToast('Confirmation link sent. Two-factor stays on until the user opens it.');
    expect(http.mutations().map((r) => [`${r.method} ${r.path}`, r.body])).toEqual([['POST /api/admin/users/u2/2fa-reset', { reason: 'Lost phone, checked on a call' }]]);
  });
});
