import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Passkey, Session } from '@halcyon/api-client/model';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { assertionResponse, mockWebAuthn } from '@halcyon/api-client/testing/webauthn';
import { renderWithProviders } from '../test/render';
import Security from './Security';

// Change password on the Security screen (issue 29 item 6; docs/security.md "Changing the password").
const webauthn = mockWebAuthn();
let http: HttpStub;
afterEach(() => http.restore());

const CURRENT = 'Harbor-Lights-2291';
const NEW = 'copper violin tundra marmalade';
const session = (over: Partial<Session>): Session => ({
  id: 'sess-current-1', device: 'Chrome on Windows', ip: '203.0.113.7', createdAt: '2026-11-20T10:00:00.000Z', lastSeenAt: '2026-11-25T09:00:00.000Z', current: true, ...over,
});
const phone = session({ id: 'sess-phone-22', device: 'Safari on iPhone', ip: '198.51.100.4', current: false });
const laptop: Passkey = { id: 'pk-laptop', name: 'Work laptop', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };

function stubSecurity({ twoFactor = false, passkeys = [] as Passkey[] } = {}) {
  return stubHttp({
    'GET /api/account/sessions': ok([session({}), phone]),
    'GET /api/account/sign-ins': ok([]),
    'GET /api/account/2fa': ok({ enabled: twoFactor, recoveryCodesLeft: twoFactor ? 10 : 0 }),
    'GET /api/account/passkeys': ok(passkeys),
  });
}

const panel = async () => within(await screen.findByRole('region', { name: 'Change password' }));
const changed = (n: number) => `Your password has been changed.${n ? ` Your other session was signed out.` : ''}`;

async function fill(p: ReturnType<typeof within>, { current = CURRENT, next = NEW, confirm = NEW } = {}) {
  const user = userEvent.setup({ delay: null });
  await user.type(p.getByLabelText(/^Current password/), current);
  await user.type(p.getByLabelText(/^New password/), next);
  await user.type(p.getByLabelText(/^Confirm new password/), confirm);
  return user;
}

describe('Security: change password', () => {
  it('sends the current and the new password; says every other session was signed out, empties the form, and the sessions list shows this one alone', async () => {
    http = stubSecurity();
    http.on('POST /api/account/password', ok({ endedSessions: 1 }, changed(1)));
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    // The explanation, and no second factor asked of an account without one.
    expect(p.getByText(/Every other device signed in to your account is signed out/)).toBeInTheDocument();
    expect(p.queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
    await screen.findByText('Safari on iPhone');
    const user = await fill(p);
    // The rule of every new password, as the user types.
    await waitFor(() => expect(p.getByText(/^Password strength: Strong\./)).toBeInTheDocument());
    http.on('GET /api/account/sessions', ok([session({})]));
    await user.click(p.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(changed(1))).toBeInTheDocument();
    expect(http.calls('POST /api/account/password').map((r) => r.body)).toEqual([{ currentPassword: CURRENT, newPassword: NEW }]);
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/]) expect(p.getByLabelText(label)).toHaveValue('');
  });

  it("sends nothing while the two new passwords differ ('Passwords do not match!') or the new one is the current one", async () => {
    http = stubSecurity();
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    const user = await fill(p, { confirm: 'copper violin tundra marmalad' });
    await user.click(p.getByRole('button', { name: 'Change password' }));
    // Under the confirmation and in the toast.
    await waitFor(() => expect(screen.getAllByText('Passwords do not match!')).toHaveLength(2));
    await user.clear(p.getByLabelText(/^Current password/));
    await user.type(p.getByLabelText(/^Current password/), NEW);
    await user.type(p.getByLabelText(/^Confirm new password/), 'e');
    await user.click(p.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your new password must be different from your current password.')).toBeInTheDocument();
    // Empty fields are the form's own messages.
    await user.clear(p.getByLabelText(/^Current password/));
    await user.click(p.getByRole('button', { name: 'Change password' }));
    expect(p.getByLabelText(/^Current password/)).toHaveFocus();
    expect(http.calls('POST /api/account/password')).toEqual([]);
  });

  it("a wrong current password shows the server's message, the field named as the form labels it, and keeps what was typed", async () => {
    http = stubSecurity();
    http.on('POST /api/account/password', fail(403, 'currentPassword: is not the password of this account', 'PASSWORD_INVALID'));
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    const user = await fill(p, { current: 'a-thiefs-guess-1' });
    await user.click(p.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is not the password of this account')).toBeInTheDocument();
    expect(p.getByLabelText(/^New password/)).toHaveValue(NEW);
  });

  it("with two-factor on it asks the code; a wrong one's toast closes when the right one is accepted", async () => {
    http = stubSecurity({ twoFactor: true });
    http.on('POST /api/account/password', fail(403, 'That code is not valid. Use the current code, or one of your recovery codes.', 'TOTP_INVALID'));
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    const code = await p.findByLabelText(/^Authentication code/);
    const user = await fill(p);
    // Required: the form says so before sending.
    await user.click(p.getByRole('button', { name: 'Change password' }));
    expect(code).toHaveFocus();
    await user.type(code, '000000');
    await user.click(p.getByRole('button', { name: 'Change password' }));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('That code is not valid. Use the current code, or one of your recovery codes.')).toBeInTheDocument();
    http.on('POST /api/account/password', ok({ endedSessions: 0 }, changed(0)));
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(p.getByRole('button', { name: 'Change password' }));
    expect(await within(toasts).findByText(changed(0))).toBeInTheDocument();
    await waitFor(() => expect(within(toasts).queryByText(/That code is not valid/)).not.toBeInTheDocument());
    expect(http.calls('POST /api/account/password').map((r) => r.body)).toEqual([
      { currentPassword: CURRENT, newPassword: NEW, code: '000000' },
      { currentPassword: CURRENT, newPassword: NEW, code: '123456' },
    ]);
  });

  it('with a passkey and no code, the passkey confirms it (a security step-up)', async () => {
    http = stubSecurity({ passkeys: [laptop] });
    http.on('POST /api/account/passkeys/challenge', ok({ challengeId: 'ch-sec-1', options: { challenge: 'c2Vj', rpId: 'localhost', userVerification: 'required' } }));
    http.on('POST /api/account/password', ok({ endedSessions: 1 }, changed(1)));
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse('pk-laptop'));
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    expect(await p.findByText(/Your passkey confirms the change/)).toBeInTheDocument();
    const user = await fill(p);
    await user.click(p.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(changed(1))).toBeInTheDocument();
    expect(http.calls('POST /api/account/passkeys/challenge').map((r) => r.body)).toEqual([{ purpose: 'security' }]);
    expect(http.calls('POST /api/account/password')[0]?.body).toEqual({ currentPassword: CURRENT, newPassword: NEW, passkey: { challengeId: 'ch-sec-1', response: assertionResponse('pk-laptop') } });
  });

  it('a code the screen did not know was needed (its read failed): the server asks, the field appears', async () => {
    http = stubSecurity();
    http.on('GET /api/account/2fa', fail(500, 'Database unavailable'));
    http.on('POST /api/account/password', fail(403, 'Enter the 6-digit code from your authenticator app.', 'TOTP_REQUIRED'));
    renderWithProviders(<Security />, { route: '/user/security' });
    const p = await panel();
    const user = await fill(p);
    await user.click(p.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(await p.findByLabelText(/^Authentication code/)).toBeInTheDocument();
  });
});
