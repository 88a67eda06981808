import { screen, waitFor } from '@testing-library/react';
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
    await u.click(screen.getByRole('button', { name: 'Confirm with passkey' }));
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
    await u.click(screen.getByRole('button', { name: 'Confirm with passkey' }));
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
    await u.click(screen.getByRole('button', { name: 'Confirm with passkey' }));
    expect(await screen.findByText('Withdrawal failed. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm with passkey' })).toBeEnabled());
    http.on('POST /api/withdrawal', ok(withdrawal({ amount: 10, method: 'bank' }), 'Withdrawal requested'));
    await u.click(screen.getByRole('button', { name: 'Confirm with passkey' }));
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
    await u.click(screen.getByRole('button', { name: 'Withdraw Now' }));
    expect(await screen.findByText('Withdrawal request submitted successfully.')).toBeInTheDocument();
    const sent = http.calls('POST /api/withdrawal');
    expect(sent.map((r) => r.body)).toEqual([
      { method: 'bank', amount: 10, to: 'u-1' },
      { method: 'bank', amount: 10, to: 'u-1', passkey: passkey('ch-w1') },
    ]);
    // The refusal ended the first intent: the confirmed request is a new one.
    expect(sent[1]?.headers.get('idempotency-key')).not.toBe(sent[0]?.headers.get('idempotency-key'));
  });

  it('a cancelled passkey prompt sends nothing and says so', async () => {
    const u = await setup(profile({ passkeyCount: 1 }));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Withdrawal method' }), 'bank');
    await u.type(screen.getByLabelText('Amount (USD)'), '10');
    await u.click(screen.getByRole('button', { name: 'Confirm with passkey' }));
    expect(await screen.findByText('The passkey request was cancelled or timed out.')).toBeInTheDocument();
    expect(http.calls('POST /api/withdrawal')).toHaveLength(0);
  });
});
