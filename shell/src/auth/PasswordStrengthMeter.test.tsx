import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell, resetShellState, stubApi } from '../test/harness';

beforeEach(resetShellState);

// The real rule (zxcvbn and its dictionaries, imported on the first keystroke); only the network is stubbed.
describe('password strength as the user types', () => {
  it('register: says why a weak password is refused, then that a strong one is fine', async () => {
    stubApi({});
    renderShell('/auth/register');
    const field = await screen.findByLabelText(/^Password/);
    const live = screen.getAllByRole('status').find((el) => el.closest('[id$="-hint"]'));
    expect(live).toHaveTextContent(/^$/);
    const user = userEvent.setup({ delay: null });
    await user.type(field, 'password');
    expect(await screen.findByText('Password strength: Weak. Too easy to guess. This is a heavily used password. Add more words that are less common.')).toBe(live);
    expect(live).toHaveAttribute('aria-live', 'polite');
    // The hint, meter included, describes the field.
    expect(field.getAttribute('aria-describedby')).toContain(live?.closest('[id$="-hint"]')?.id);
    await user.clear(field);
    await user.type(field, 'Halcyon2024');
    expect(await screen.findByText(/^Password strength: Fair\. Too easy to guess\./)).toBe(live);
    await user.clear(field);
    await user.type(field, 'copper violin tundra marmalade');
    await waitFor(() => expect(live).toHaveTextContent(/^Password strength: Strong\.$/));
    await user.clear(field);
    await waitFor(() => expect(live).toHaveTextContent(/^$/));
  });

  it('admin register and the reset link show it too; the submit still gets the server’s reason', async () => {
    const calls = stubApi({ 'POST /auth/reset_password': { status: 400, json: { message: 'password: is too easy to guess. This is a heavily used password.', code: 'VALIDATION' } } });
    const user = userEvent.setup({ delay: null });
    const view = renderShell('/admin-auth/admin-reg');
    await user.type(await screen.findByLabelText(/^Password/), 'aaaaaaaa');
    expect(await screen.findByText(/^Password strength: Weak\. Too easy to guess\. Repeated characters like "aaa" are easy to guess\./)).toBeInTheDocument();
    view.unmount();

    renderShell('/auth/reset_password?token=tok123&email=ada%40example.com');
    await user.type(await screen.findByLabelText(/^New Password/), 'password');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'password');
    expect(await screen.findByText(/^Password strength: Weak\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    // In plain words: the field's name first, as a sentence (api-client's errorMessage).
    expect(await screen.findByText('Password is too easy to guess. This is a heavily used password.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
