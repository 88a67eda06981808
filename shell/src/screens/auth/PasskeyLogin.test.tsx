import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSessionAtom, store, userSessionAtom } from '@halcyon/api-client/http';
import { fail, ok, stubHttp, type HttpStub, type StubReply } from '@halcyon/api-client/testing';
import { assertionResponse, mockWebAuthn } from '@halcyon/api-client/testing/webauthn';
import { renderShell, resetShellState } from '../../test/harness';
import { adminRecord, userProfile } from '../../test/fixtures';

beforeEach(resetShellState);
const webauthn = mockWebAuthn();
let http: HttpStub;
afterEach(() => http.restore());

// A discoverable-credential request, as the server sends for a sign-in: no allowCredentials.
const options = { challenge: 'bG9naW4', rpId: 'localhost', userVerification: 'required', timeout: 60000 };
const challenge = (challengeId: string): StubReply => ok({ challengeId, options });
const signedIn = (data: unknown, token: string): StubReply => ({ body: { data, token, message: 'Login Successfully' } });
const passkey = (challengeId: string, id = 'cred-1') => ({ challengeId, response: assertionResponse(id) });

const user = () => userEvent.setup({ delay: null });

describe('Login with a passkey', () => {
  it('the button: a passkey alone signs in and the session is stored as a password login stores it', async () => {
    http = stubHttp({ 'POST /api/auth/login/passkey/challenge': challenge('ch-1'), 'POST /api/auth/login/passkey': signedIn(userProfile, 'passkey-token') });
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse());
    renderShell('/auth/login');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'username webauthn');
    const u = user();
    await u.click(screen.getByRole('checkbox', { name: 'Remember Me' }));
    await u.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/main'));
    expect(await screen.findByText('Login Successfully')).toBeInTheDocument();
    expect(http.calls('POST /api/auth/login/passkey/challenge')[0]?.body).toEqual({ purpose: 'login' });
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(http.calls('POST /api/auth/login/passkey')[0]?.body).toEqual({ passkey: passkey('ch-1'), remember: true });
    expect(store.get(userSessionAtom)).toMatchObject({ token: 'passkey-token', remember: true, user: { email: 'ada@example.com' } });
    expect(JSON.parse(localStorage.getItem('halcyon:user') ?? '{}')).toMatchObject({ token: 'passkey-token' });
  });

  it('autofill: started on mount with conditional mediation; the passkey picked signs an admin in to /admin/overview', async () => {
    http = stubHttp({ 'POST /api/auth/login/passkey/challenge': challenge('ch-auto'), 'POST /api/auth/login/passkey': signedIn(adminRecord, 'admin-token') });
    webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    let pick: (value: unknown) => void = () => undefined;
    webauthn.startAuthentication.mockImplementationOnce(() => new Promise((resolve) => (pick = resolve)));
    renderShell('/admin-auth/admin-login');
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options, useBrowserAutofill: true }));
    // Nothing happens until the person picks a passkey in the email field's suggestions.
    expect(http.calls('POST /api/auth/login/passkey')).toHaveLength(0);
    pick(assertionResponse('cred-admin'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/overview'));
    expect(http.calls('POST /api/auth/login/passkey')[0]?.body).toEqual({ passkey: passkey('ch-auto', 'cred-admin'), remember: false });
    expect(store.get(adminSessionAtom)).toMatchObject({ token: 'admin-token', admin: { role: 'admin' } });
  });

  it('autofill: a picked passkey the server refuses is said, and the autofill is not asked again by itself', async () => {
    http = stubHttp({
      'POST /api/auth/login/passkey/challenge': challenge('ch-auto'),
      'POST /api/auth/login/passkey': fail(401, 'That passkey confirmation is not valid or has expired. Try again.', 'PASSKEY_INVALID'),
    });
    webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse());
    renderShell('/auth/login');
    expect(await screen.findByText('That passkey confirmation is not valid or has expired. Try again.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(http.calls('POST /api/auth/login/passkey/challenge')).toHaveLength(1);
    expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login');
  });

  it('autofill is stopped by a password login and started again when it fails, and stopped on leaving the page', async () => {
    http = stubHttp({ 'POST /api/auth/login/passkey/challenge': challenge('ch-a'), 'POST /api/auth/login': fail(401, 'Invalid email or password', 'INVALID_CREDENTIALS') });
    webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    renderShell('/auth/login');
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1));
    const u = user();
    await u.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'wrong');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(webauthn.cancelCeremony).toHaveBeenCalledTimes(1);
    // Offered again after the failure, then stopped when the page is left.
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalledTimes(2));
    await u.click(screen.getByRole('link', { name: 'Register' }));
    await waitFor(() => expect(webauthn.cancelCeremony).toHaveBeenCalledTimes(2));
    expect(http.calls('POST /api/auth/login/passkey/challenge')).toHaveLength(2);
    expect(http.calls('POST /api/auth/login/passkey')).toHaveLength(0);
  });

  it('PASSKEY_REQUIRED after the password: "Use your passkey" sends the login again with the passkey', async () => {
    http = stubHttp({
      'POST /api/auth/login': (request) =>
        (request.body as { passkey?: unknown }).passkey ? signedIn(userProfile, 'user-token') : fail(401, 'Confirm with your passkey.', 'PASSKEY_REQUIRED'),
      'POST /api/auth/login/passkey/challenge': challenge('ch-2fa'),
    });
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse());
    renderShell('/auth/login');
    const u = user();
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).not.toBeInTheDocument();
    await u.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'hunter22');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Confirm with your passkey.')).toBeInTheDocument();
    // No code field: the account has passkeys, not an authenticator app.
    expect(screen.queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
    // One passkey button: the one that completes this sign-in.
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    await u.click(await screen.findByRole('button', { name: 'Use your passkey' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/main'));
    expect(http.calls('POST /api/auth/login').map((r) => r.body)).toEqual([
      { email: 'ada@example.com', password: 'hunter22', remember: false },
      { email: 'ada@example.com', password: 'hunter22', remember: false, passkey: passkey('ch-2fa') },
    ]);
    expect(store.get(userSessionAtom).token).toBe('user-token');
  });

  it('with two-factor on, the code field and "Use your passkey" are both offered', async () => {
    http = stubHttp({ 'POST /api/auth/login': fail(401, 'Enter the 6-digit code from your authenticator app.', 'TOTP_REQUIRED') });
    renderShell('/auth/login');
    const u = user();
    await u.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'hunter22');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByLabelText(/^Authentication code/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use your passkey' })).toBeInTheDocument();
  });

  it('a cancelled passkey prompt says so and signs nobody in', async () => {
    http = stubHttp({ 'POST /api/auth/login/passkey/challenge': challenge('ch-x') });
    renderShell('/auth/login');
    await user().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The passkey request was cancelled or timed out.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login');
    expect(http.calls('POST /api/auth/login/passkey')).toHaveLength(0);
    expect(store.get(userSessionAtom).token).toBeNull();
  });
});

describe('Password reset with a passkey', () => {
  it('PASSKEY_REQUIRED on the reset: "Use your passkey" asks a challenge for this reset and sends it again with the passkey', async () => {
    http = stubHttp({
      'POST /api/auth/reset_password': (request) =>
        (request.body as { passkey?: unknown }).passkey ? ok(undefined, 'Your password has been reset.') : fail(400, 'Confirm with your passkey.', 'PASSKEY_REQUIRED'),
      'POST /api/auth/login/passkey/challenge': challenge('ch-reset'),
    });
    webauthn.startAuthentication.mockResolvedValueOnce(assertionResponse());
    renderShell('/auth/reset_password?token=tok123&email=ada%40example.com');
    const u = user();
    await u.type(screen.getByLabelText(/^New Password/), 'Copper-Violin-2917');
    await u.type(screen.getByLabelText(/^Confirm Password/), 'Copper-Violin-2917');
    await u.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Confirm with your passkey.')).toBeInTheDocument();
    await u.click(await screen.findByRole('button', { name: 'Use your passkey' }));
    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/login'));
    expect(http.calls('POST /api/auth/login/passkey/challenge')[0]?.body).toEqual({ purpose: 'reset', email: 'ada@example.com', token: 'tok123' });
    expect(http.calls('POST /api/auth/reset_password').map((r) => r.body)).toEqual([
      { email: 'ada@example.com', token: 'tok123', password: 'Copper-Violin-2917' },
      { email: 'ada@example.com', token: 'tok123', password: 'Copper-Violin-2917', passkey: passkey('ch-reset') },
    ]);
  });
});
