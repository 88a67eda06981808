import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '@halcyon/api-client/model';
import { fail, networkError, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { assertionResponse, mockWebAuthn } from '@halcyon/api-client/testing/webauthn';
import { profile, withdrawal } from '../test/fixtures';
import { renderWithProviders, signIn } from '../test/render';
import Withdraw from './Withdraw';

const webauthn = mockWebAuthn();
let http: HttpStub;
afterEach(() => http.restore());

const options = { challenge: 'd2l0aGRyYXc', rpId: 'localhost', userVerification: 'required', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] };
const passkey = (challengeId: string) => ({ challengeId, response: assertionResponse() });

async function setup(user: UserProfile) {
  signIn(user);
  http = stubHttp({ 'GET /api/user/profile': ok(user), 'POST /api/account/passkeys/challenge': ok({ challengeId: 'ch-w1', options }) });
  const u = userEvent.setup();
  renderWithProviders(<Withdraw />, { route: '/user/withdraw' });
  await screen.findByText('$4,300.50');
  return u;
}

/** The form's button opens the review once the checks pass; the review's own confirm (`confirm`) sends. */
async function send(u: ReturnType<typeof userEvent.setup>, button: 'Withdraw Now' | 'Confirm with passkey', confirm = button === 'Withdraw Now' ? 'Send withdrawal' : 'Confirm with passkey') {
  await u.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
  await u.click(within(dialog).getByRole('button', { name: confirm }));
}

describe('Withdraw with a passkey', () => {
  it('passkeys without two-factor: "Confirm with passkey" binds the challenge to this method, amount and address, then sends it', async () => {
    const u = await setup(profile({ passkeyCount: 2 }));
    http.on('POST /api/withdrawal', ok(withdrawal({ amount: 25, method: 'usdt', address: 'TNewDest9' }), 'Withdrawal requested'));
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse());
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'usdt');
    await u.clear(screen.getByLabelText('Wallet address'));
    await u.type(screen.getByLabelText('Wallet address'), 'TNewDest9');
    await u.type(screen.getByLabelText('Amount (USD)'), '25');
    // A passkey is the only way: no code field, no plain 'Withdraw Now'.
    expect(screen.queryByRole('button', { name: 'Withdraw Now' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    // The review first: no passkey is asked before its own 'Confirm with passkey'.
    await u.click(screen.getByRole('button', { name: 'Confirm with passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
    expect(within(dialog).queryByRole('button', { name: 'Send withdrawal' })).not.toBeInTheDocument();
    expect(http.calls('POST /api/account/passkeys/challenge')).toHaveLength(0);
    expect(webauthn.startAuthentication).not.toHaveBeenCalled();
    await u.click(within(dialog).getByRole('button', { name: 'Confirm with passkey' }));
    expect(await screen.findByText('Withdrawal request submitted successfully.')).toBeInTheDocument();
    expect(http.calls('POST /api/account/passkeys/challenge')[0]?.body).toEqual({ purpose: 'withdrawal', withdrawal: { method: 'usdt', amount: 25, address: 'TNewDest9' } });
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(http.calls('POST /api/withdrawal')[0]?.body).toEqual({ method: 'usdt', amount: 25, to: 'u-1', address: 'TNewDest9', passkey: passkey('ch-w1') });
  });

  it('with two-factor on, the code stays an alternative; the passkey button sends no code', async () => {
    const u = await setup(profile({ passkeyCount: 1, twoFactorEnabled: true }));
    http.on('POST /api/withdrawal', ok(withdrawal({ amount: 10, method: 'bank' }), 'Withdrawal requested'));
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse());
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await u.type(screen.getByLabelText('Amount (USD)'), '10');
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw Now' })).toBeInTheDocument();
    await send(u, 'Confirm with passkey');
    expect(await screen.findByText('Withdrawal request submitted successfully.')).toBeInTheDocument();
    // Bank pays to the saved bank details: nothing to bind but method and amount.
    expect(http.calls('POST /api/account/passkeys/challenge')[0]?.body).toEqual({ purpose: 'withdrawal', withdrawal: { method: 'bank', amount: 10 } });
    expect(http.calls('POST /api/withdrawal')[0]?.body).toEqual({ method: 'bank', amount: 10, to: 'u-1', passkey: passkey('ch-w1') });
  });

  it('a lost answer: the same request goes again with the same passkey answer and Idempotency-Key, no second prompt', async () => {
    const u = await setup(profile({ passkeyCount: 1 }));
    http.on('POST /api/withdrawal', networkError);
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse());
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await u.type(screen.getByLabelText('Amount (USD)'), '10');
    await send(u, 'Confirm with passkey');
    expect(await screen.findByText('Withdrawal failed. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm with passkey' })).toBeEnabled());
    http.on('POST /api/withdrawal', ok(withdrawal({ amount: 10, method: 'bank' }), 'Withdrawal requested'));
    await send(u, 'Confirm with passkey');
    expect(await screen.findByText('Withdrawal request submitted successfully.')).toBeInTheDocument();
    const sent = http.calls('POST /api/withdrawal');
    expect(sent.map((r) => r.body)).toEqual([
      { method: 'bank', amount: 10, to: 'u-1', passkey: passkey('ch-w1') },
      { method: 'bank', amount: 10, to: 'u-1', passkey: passkey('ch-w1') },
    ]);
    expect(sent[1]?.headers.get('idempotency-key')).toBe(sent[0]?.headers.get('idempotency-key'));
    expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1);
  });

  it("PASSKEY_REQUIRED on 'Withdraw Now' (the profile did not know yet): the passkey is asked and the request sent once more with it", async () => {
    const u = await setup(profile());
    http.on('POST /api/withdrawal', (request) =>
      (request.body as { passkey?: unknown }).passkey ? ok(withdrawal({ amount: 10, method: 'bank' }), 'Withdrawal requested') : fail(403, 'Confirm with your passkey.', 'PASSKEY_REQUIRED'),
    );
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse());
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await u.type(screen.getByLabelText('Amount (USD)'), '10');
    await send(u, 'Withdraw Now');
    expect(await screen.findByText('Withdrawal request submitted successfully.')).toBeInTheDocument();
    const sent = http.calls('POST /api/withdrawal');
    expect(sent.map((r) => r.body)).toEqual([
      { method: 'bank', amount: 10, to: 'u-1' },
      { method: 'bank', amount: 10, to: 'u-1', passkey: passkey('ch-w1') },
    ]);
    // The refusal ended the first intent: the confirmed request is a new one.
    expect(sent[1]?.headers.get('idempotency-key')).not.toBe(sent[0]?.headers.get('idempotency-key'));
  });

  it('a cancelled passkey prompt sends nothing, says so and closes the review (back to the form)', async () => {
    const u = await setup(profile({ passkeyCount: 1 }));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await u.type(screen.getByLabelText('Amount (USD)'), '10');
    await send(u, 'Confirm with passkey');
    expect(await screen.findByText('The passkey request was cancelled or timed out.')).toBeInTheDocument();
    expect(http.calls('POST /api/withdrawal')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(10);
  });

  it('with two-factor on, the button that opened the review decides: from \'Withdraw Now\' it sends the code, no passkey', async () => {
    const u = await setup(profile({ passkeyCount: 1, twoFactorEnabled: true }));
    http.on('POST /api/withdrawal', ok(withdrawal({ amount: 10, method: 'bank' }), 'Withdrawal requested'));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await u.type(screen.getByLabelText('Amount (USD)'), '10');
    await u.type(screen.getByLabelText('Authentication code'), '123456');
    // Opened by the passkey button, then back: opened again by 'Withdraw Now', it sends the plain way.
    await u.click(screen.getByRole('button', { name: 'Confirm with passkey' }));
    let dialog = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
    await u.click(within(dialog).getByRole('button', { name: 'Back to edit' }));
    expect(screen.getByRole('button', { name: 'Confirm with passkey' })).toHaveFocus();
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    dialog = await screen.findByRole('dialog', { name: 'Review your withdrawal' });
    expect(within(dialog).queryByRole('button', { name: 'Confirm with passkey' })).not.toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Send withdrawal' }));
    expect(await screen.findByText('Withdrawal request submitted successfully.')).toBeInTheDocument();
    expect(http.calls('POST /api/withdrawal').map((r) => r.body)).toEqual([{ method: 'bank', amount: 10, to: 'u-1', code: '123456' }]);
    expect(http.calls('POST /api/account/passkeys/challenge')).toHaveLength(0);
    expect(webauthn.startAuthentication).not.toHaveBeenCalled();
  });
});
