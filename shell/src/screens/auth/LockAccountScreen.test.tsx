import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell, resetShellState, stubApi } from '../../test/harness';

beforeEach(resetShellState);

const LOCKED = 'Your account is locked. Every session has ended, withdrawals requested since the alert are cancelled, and nobody can sign in or withdraw until you reset your password.';

describe('Lock account (/auth/lock-account)', () => {
  it('locks only on the button (not by opening the link), then says what happened and offers the reset', async () => {
    const calls = stubApi({ 'POST /auth/lock-account': { status: 200, json: { message: LOCKED } } });
    renderShell('/auth/lock-account?token=tok-from-the-alert-mail-0123456789');
    const button = await screen.findByRole('button', { name: 'Lock my account' });
    expect(calls).toHaveLength(0);
    await userEvent.setup({ delay: null }).click(button);
    expect(await screen.findByText(LOCKED)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: 'tok-from-the-alert-mail-0123456789' });
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/auth/forget_password');
  });

  it("a used or expired link shows the server's message; a link without a token cannot lock", async () => {
    stubApi({ 'POST /auth/lock-account': { status: 400, json: { message: 'This lock link is invalid, expired or already used', code: 'INVALID_LOCK_LINK' } } });
    renderShell('/auth/lock-account?token=tok-used-already-0123456789');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Lock my account' }));
    expect(await screen.findByText('This lock link is invalid, expired or already used')).toBeInTheDocument();
  });

  it('without a token the button is disabled and the page says so', async () => {
    renderShell('/auth/lock-account');
    expect(await screen.findByRole('button', { name: 'Lock my account' })).toBeDisabled();
    expect(screen.getByText('This link is incomplete. Open the link from the email again.')).toBeInTheDocument();
  });
});

describe('Two-factor reset (/auth/2fa-reset)', () => {
  const DONE = 'Two-factor authentication is off. Sign in with your password, then turn it on again with your new phone.';
  it('turns it off only on the button, with the token of the mailed link', async () => {
    const calls = stubApi({ 'POST /auth/2fa-reset': { status: 200, json: { message: DONE } } });
    renderShell('/auth/2fa-reset?token=tok-from-the-support-mail-0123456789');
    const button = await screen.findByRole('button', { name: 'Turn off two-factor authentication' });
    expect(calls).toHaveLength(0);
    await userEvent.setup({ delay: null }).click(button);
    expect(await screen.findByText(DONE)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: 'tok-from-the-support-mail-0123456789' });
  });
});
