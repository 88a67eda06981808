import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell, resetShellState, stubApi } from '../../test/harness';

beforeEach(resetShellState);

describe('Forgot password (/auth/forget_password)', () => {
  it('has an email field and a Login link', async () => {
    renderShell('/auth/forget_password');
    // The screen is loaded on first visit (lazy route).
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
  });

  it("posts the email and shows the server's message", async () => {
    const calls = stubApi({ 'POST /auth/forgot_password': { status: 200, json: { message: 'If that email is registered, a reset link is on its way.' } } });
    renderShell('/auth/forget_password');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If that email is registered, a reset link is on its way.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('shows the spec failure text', async () => {
    stubApi({ 'POST /auth/forgot_password': { status: 429, json: { message: 'Too many requests', code: 'RATE_LIMITED' } } });
    renderShell('/auth/forget_password');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to send reset email. Please try again.')).toBeInTheDocument();
  });
});

describe('Reset password (/auth/reset_password)', () => {
  it('without a token: email and Login link only, posts { email }', async () => {
    const calls = stubApi({ 'POST /auth/reset_password': { status: 200, json: { message: 'Reset instructions sent.' } } });
    renderShell('/auth/reset_password');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send instructions' }));
    expect(await screen.findByText('Reset instructions sent.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/reset_password');
  });

  it('without a token: shows the spec failure text', async () => {
    stubApi({ 'POST /auth/reset_password': { status: 500, json: { message: 'boom', code: 'INTERNAL' } } });
    renderShell('/auth/reset_password');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send instructions' }));
    expect(await screen.findByText('Failed to send reset instructions. Please try again.')).toBeInTheDocument();
  });

  it('with the mailed link: sets the new password and goes to the login', async () => {
    const calls = stubApi({ 'POST /auth/reset_password': { status: 200, json: { message: 'Your password has been reset.' } } });
    renderShell('/auth/reset_password?token=tok123&email=ada%40example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New Password/), 'Copper-Violin-2917');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Copper-Violin-2917');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', token: 'tok123', password: 'Copper-Violin-2917' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/login'));
  });

  it("with the mailed link: an expired link shows the server's reason and stays", async () => {
    stubApi({ 'POST /auth/reset_password': { status: 400, json: { message: 'This reset link is invalid or has expired', code: 'INVALID_RESET_TOKEN' } } });
    renderShell('/auth/reset_password?token=tok123&email=ada%40example.com');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New Password/), 'Copper-Violin-2917');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Copper-Violin-2917');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This reset link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/reset_password');
  });

  it('with the mailed link: mismatched passwords send nothing', async () => {
    const calls = stubApi({});
    renderShell('/auth/reset_password?token=tok123&email=ada%40example.com');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New Password/), 'Copper-Violin-2917');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'other-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findAllByText('Passwords do not match!')).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });
});
