import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Passkey } from '@halcyon/api-client/model';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { assertionResponse, mockWebAuthn, registrationResponse } from '@halcyon/api-client/testing/webauthn';
import { renderWithProviders } from '../test/render';
import Security from './Security';

const webauthn = mockWebAuthn();
let http: HttpStub;
afterEach(() => http.restore());

const laptop: Passkey = { id: 'pk-laptop', name: 'Work laptop', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: '2026-11-25T09:00:00.000Z' };
const phone: Passkey = { id: 'pk-phone', name: 'Pixel phone', createdAt: '2026-11-24T10:00:00.000Z', lastUsedAt: null };
const registrationOptions = { challenge: 'cmVn', rp: { name: 'Halcyon', id: 'localhost' }, user: { id: 'dTE', name: 'ada@example.com', displayName: 'Ada' }, pubKeyCredParams: [{ alg: -7, type: 'public-key' }] };
const assertionOptions = { challenge: 'c2Vj', rpId: 'localhost', userVerification: 'required', allowCredentials: [{ id: 'pk-laptop', type: 'public-key' }] };

/** The Security screen's other reads, answered; passkeys as given. */
function stubSecurity(passkeys: Passkey[]) {
  return stubHttp({
    'GET /api/account/sessions': ok([]),
    'GET /api/account/sign-ins': ok([]),
    'GET /api/account/2fa': ok({ enabled: false, recoveryCodesLeft: 0 }),
    'GET /api/account/passkeys': ok(passkeys),
  });
}

const panel = async () => {
  await screen.findByRole('heading', { name: 'Passkeys' });
  return within(screen.getByRole('region', { name: 'Passkeys' }));
};

describe('Security: passkeys', () => {
  it('lists the passkeys by name with when each was added and last used, each removable', async () => {
    http = stubSecurity([laptop, phone]);
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    const table = await p.findByRole('table', { name: 'Your passkeys' });
    const row = (name: string) => within(within(table).getByText(name).closest('tr') as HTMLElement);
    expect(row('Pixel phone').getByText('Never')).toBeInTheDocument();
    expect(row('Work laptop').queryByText('Never')).not.toBeInTheDocument();
    expect(p.getByRole('button', { name: 'Remove Work laptop' })).toBeDisabled();
    expect(p.getByRole('button', { name: 'Remove Pixel phone' })).toBeDisabled();
  });

  it('adds a named passkey with the password: options, the authenticator, then the server stores it', async () => {
    http = stubSecurity([]);
    http.on('POST /api/account/passkeys/options', ok({ challengeId: 'ch-reg-1', options: registrationOptions }));
    http.on('POST /api/account/passkeys', ok({ ...phone, id: 'pk-new', name: 'MacBook Touch ID' }, 'Passkey added. You can now sign in with it.'));
    webauthn.startRegistration.mockResolvedValueOnce(registrationResponse());
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    expect(await p.findByText('You have no passkeys yet.')).toBeInTheDocument();
    // Without a name and the password nothing can start.
    expect(p.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
    await userEvent.type(p.getByLabelText('Passkey name'), 'MacBook Touch ID');
    await userEvent.type(p.getByLabelText('Your password'), 'Harbor-Lights-2291');
    http.on('GET /api/account/passkeys', ok([{ ...phone, id: 'pk-new', name: 'MacBook Touch ID' }]));
    await userEvent.click(p.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added. You can now sign in with it.')).toBeInTheDocument();
    expect(http.calls('POST /api/account/passkeys/options')[0]?.body).toEqual({ password: 'Harbor-Lights-2291' });
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: registrationOptions });
    expect(http.calls('POST /api/account/passkeys')[0]?.body).toEqual({ challengeId: 'ch-reg-1', name: 'MacBook Touch ID', response: registrationResponse() });
    expect(await p.findByRole('button', { name: 'Remove MacBook Touch ID' })).toBeInTheDocument();
    expect(p.getByLabelText('Passkey name')).toHaveValue('');
    expect(p.getByLabelText('Your password')).toHaveValue('');
  });

  it('with a passkey on the account, another one confirms the addition instead of the password', async () => {
    http = stubSecurity([laptop]);
    http.on('POST /api/account/passkeys/challenge', ok({ challengeId: 'ch-sec-1', options: assertionOptions }));
    http.on('POST /api/account/passkeys/options', ok({ challengeId: 'ch-reg-2', options: registrationOptions }));
    http.on('POST /api/account/passkeys', ok(phone, 'Passkey added.'));
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse('pk-laptop'));
    webauthn.startRegistration.mockResolvedValueOnce(registrationResponse('pk-phone'));
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    await p.findByRole('table', { name: 'Your passkeys' });
    await userEvent.type(p.getByLabelText('Passkey name'), 'Pixel phone');
    await userEvent.click(p.getByRole('checkbox', { name: 'Confirm with a passkey instead of my password' }));
    expect(p.queryByLabelText('Your password')).not.toBeInTheDocument();
    await userEvent.click(p.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added.')).toBeInTheDocument();
    expect(http.calls('POST /api/account/passkeys/challenge')[0]?.body).toEqual({ purpose: 'security' });
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: assertionOptions });
    expect(http.calls('POST /api/account/passkeys/options')[0]?.body).toEqual({ passkey: { challengeId: 'ch-sec-1', response: assertionResponse('pk-laptop') } });
  });

  it('removes one passkey with the password and shows the list without it', async () => {
    http = stubSecurity([laptop, phone]);
    http.on('POST /api/account/passkeys/:id/remove', ok(undefined, 'Passkey removed.'));
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    await p.findByRole('table', { name: 'Your passkeys' });
    await userEvent.type(p.getByLabelText('Your password'), 'Harbor-Lights-2291');
    http.on('GET /api/account/passkeys', ok([laptop]));
    await userEvent.click(p.getByRole('button', { name: 'Remove Pixel phone' }));
    expect(await screen.findByText('Passkey removed.')).toBeInTheDocument();
    const removed = http.calls('POST /api/account/passkeys/:id/remove');
    expect(removed.map((r) => [r.path, r.body])).toEqual([['/api/account/passkeys/pk-phone/remove', { password: 'Harbor-Lights-2291' }]]);
    await waitFor(() => expect(p.queryByText('Pixel phone')).not.toBeInTheDocument());
    expect(p.getByText('Work laptop')).toBeInTheDocument();
  });

  it("shows the server's refusal and a cancelled passkey prompt as toasts; nothing is stored", async () => {
    http = stubSecurity([laptop]);
    http.on('POST /api/account/passkeys/:id/remove', fail(401, 'Wrong password', 'INVALID_PASSWORD'));
    http.on('POST /api/account/passkeys/options', ok({ challengeId: 'ch-reg-3', options: registrationOptions }));
    webauthn.startRegistration.mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    await p.findByRole('table', { name: 'Your passkeys' });
    await userEvent.type(p.getByLabelText('Your password'), 'not-it');
    await userEvent.click(p.getByRole('button', { name: 'Remove Work laptop' }));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    await userEvent.type(p.getByLabelText('Passkey name'), 'Tablet');
    await userEvent.click(p.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('The passkey request was cancelled or timed out.')).toBeInTheDocument();
    expect(http.calls('POST /api/account/passkeys')).toHaveLength(0);
    // The name stays for another try.
    expect(p.getByLabelText('Passkey name')).toHaveValue('Tablet');
  });

  it('turns two-factor off with a passkey in place of the password and the code', async () => {
    http = stubSecurity([laptop]);
    http.on('GET /api/account/2fa', ok({ enabled: true, recoveryCodesLeft: 8 }));
    http.on('POST /api/account/passkeys/challenge', ok({ challengeId: 'ch-sec-2', options: assertionOptions }));
    http.on('POST /api/account/2fa/disable', ok(undefined, 'Two-factor authentication is off.'));
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse('pk-laptop'));
    renderWithProviders(<Security />, { route: '/user/security' });
    const tfa = within(await screen.findByRole('region', { name: 'Two-factor authentication' }));
    await userEvent.click(await tfa.findByRole('checkbox', { name: 'Confirm with a passkey instead of my password' }));
    expect(tfa.queryByLabelText('Code to turn it off')).not.toBeInTheDocument();
    await userEvent.click(tfa.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(http.calls('POST /api/account/2fa/disable')[0]?.body).toEqual({ passkey: { challengeId: 'ch-sec-2', response: assertionResponse('pk-laptop') } });
  });
});
