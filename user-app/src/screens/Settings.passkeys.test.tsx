import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { assertionResponse, mockWebAuthn } from '@halcyon/api-client/testing/webauthn';
import { profile } from '../test/fixtures';
import { renderWithProviders, signIn } from '../test/render';
import Settings from './Settings';

const webauthn = mockWebAuthn();
let http: HttpStub;
afterEach(() => http.restore());

const options = { challenge: 'c2VjdXJpdHk', rpId: 'localhost', userVerification: 'required', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] };

describe('Settings with a passkey', () => {
  it('a payout change of a passkey-only account: PASSKEY_REQUIRED, the passkey confirms it, saved', async () => {
    const me = signIn(profile({ passkeyCount: 1 }));
    http = stubHttp({
      'GET /api/user/profile': ok(me),
      'PATCH /api/user/profile': (request) =>
        (request.body as { passkey?: unknown }).passkey ? ok({ ...me, bitcoin: 'bc1qnew' }) : fail(403, 'Confirm with your passkey.', 'PASSKEY_REQUIRED'),
      'POST /api/account/passkeys/challenge': ok({ challengeId: 'ch-s1', options }),
    });
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse());
    const u = userEvent.setup();
    renderWithProviders(<Settings />, { route: '/user/setting' });
    await u.click(await screen.findByRole('button', { name: 'Manage Settings' }));
    await u.clear(screen.getByLabelText('Bitcoin address'));
    await u.type(screen.getByLabelText('Bitcoin address'), 'bc1qnew');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings updated successfully!')).toBeInTheDocument();
    expect(http.calls('POST /api/account/passkeys/challenge')[0]?.body).toEqual({ purpose: 'security' });
    const sent = http.calls('PATCH /api/user/profile').map((r) => r.body as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.passkey).toBeUndefined();
    expect(sent[1]).toEqual({ ...sent[0], passkey: { challengeId: 'ch-s1', response: assertionResponse() } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Manage Settings' })).toBeInTheDocument());
  });
});
